import Testing
public import Trellis

/// An accessibility audit that found issues, thrown by
/// ``expectAccessible(_:checking:fileID:filePath:line:column:)`` outside Swift Testing.
public struct AccessibilityAuditFailure: Error, Sendable, CustomStringConvertible {
    /// The issues found.
    public let issues: [AccessibilityIssue]

    /// The issues, one per line.
    public var description: String {
        "accessibility audit found \(issues.count) issue(s):\n"
            + issues.map(\.description).joined(separator: "\n")
    }
}

/// Audits a window (or any view's subtree) for accessibility and fails the test with each issue
/// it finds, naming the rule, the view's path and identifier, its frame and the fix.
///
/// The rules are `View.accessibilityAudit(checking:)`'s, as Xcode's Accessibility Inspector
/// audits: controls and buttons without a label, image elements without a label, hit targets
/// smaller than 44 × 44 points, text whose contrast against its background is below WCAG
/// 2.2's 4.5:1 (3:1 for large text), and elements hidden behind a modal view that a tap still
/// reaches.
///
/// ```swift
/// @Test @MainActor func settingsScreenIsAccessible() throws {
///     let window = SettingsScreen().window
///     try expectAccessible(window)
///     try expectAccessible(window, checking: [.missingLabel, .lowContrast])
/// }
/// ```
///
/// Inside a Swift Testing test each issue is recorded as a failure at the call; elsewhere
/// (XCTest) the issues are thrown together.
///
/// - Parameters:
///   - view: The window or view to audit; it is laid out first.
///   - kinds: The rules to check; all of them by default.
///   - fileID: The file the issues are recorded at; the caller's by default.
///   - filePath: The path of that file; the caller's by default.
///   - line: The line the issues are recorded at; the caller's by default.
///   - column: The column the issues are recorded at; the caller's by default.
/// - Returns: The issues found (empty when the view passed).
/// - Throws: ``AccessibilityAuditFailure`` with the issues, outside Swift Testing only.
/// - Complexity: O(*n* log *n*) in the number of views.
@MainActor
@discardableResult
public func expectAccessible(
    _ view: View,
    checking kinds: Set<AccessibilityIssue.Kind> = Set(AccessibilityIssue.Kind.allCases),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    column: Int = #column
) throws -> [AccessibilityIssue] {
    let issues = view.accessibilityAudit(checking: kinds)
    guard !issues.isEmpty else { return [] }
    guard Test.current != nil else { throw AccessibilityAuditFailure(issues: issues) }
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    for issue in issues {
        Issue.record(Comment(rawValue: issue.description), sourceLocation: location)
    }
    return issues
}
