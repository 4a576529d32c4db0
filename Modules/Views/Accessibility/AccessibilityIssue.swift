public import TrellisGeometry

/// A problem ``View/accessibilityAudit(checking:)`` found, as Xcode's Accessibility Inspector
/// reports one: what is wrong, and where.
///
/// ```swift
/// for issue in window.accessibilityAudit() {
///     print(issue)
///     // smallHitTarget: Window/Switch#wifi frame=(16, 300, 51, 31): the hit target is
///     //   51 × 31 points; make it at least 44 × 44
/// }
/// ```
public struct AccessibilityIssue: Sendable, Hashable, CustomStringConvertible {
    /// The rules of the audit.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A control, or an element with the button, link or adjustable trait, has no label.
        case missingLabel
        /// An image that is an accessibility element has no label.
        case imageWithoutLabel
        /// An enabled control, or an element with an interactive trait, is smaller than
        /// ``AccessibilityIssue/minimumHitTargetSide`` points in width or height.
        case smallHitTarget
        /// A label's or a button title's text contrasts with the background behind it less
        /// than WCAG 2.2 asks: ``AccessibilityIssue/minimumTextContrast``, or
        /// ``AccessibilityIssue/minimumLargeTextContrast`` for large text.
        case lowContrast
        /// An interactive element left out because a modal view is shown can still be tapped.
        case hittableBehindModal
    }

    /// The smallest width and height of a hit target, in points: 44, as Apple's Human
    /// Interface Guidelines ask.
    public static let minimumHitTargetSide = 44.0
    /// The lowest contrast ratio of text against its background: 4.5, WCAG 2.2's level AA.
    public static let minimumTextContrast = 4.5
    /// The lowest contrast ratio of large text (at least 18 points, or 14 points bold): 3.
    public static let minimumLargeTextContrast = 3.0

    /// The rule broken.
    public var kind: Kind
    /// What is wrong and how to fix it, in one sentence.
    public var message: String
    /// Where: the views from the audited view down, each its type with `#` and its
    /// accessibility identifier, or its index among its superview's subviews in brackets
    /// (`Window/View#root/Button[2]`); an element that is not a view adds `element[i]`.
    public var path: String
    /// The accessibility identifier of the view or element at fault, if it has one.
    public var identifier: String?
    /// Its rectangle in window coordinates.
    public var frame: Rect

    /// Creates an issue.
    ///
    /// - Parameters:
    ///   - kind: The rule broken.
    ///   - message: What is wrong and how to fix it.
    ///   - path: Where, as ``path`` describes.
    ///   - identifier: The accessibility identifier at fault.
    ///   - frame: The rectangle in window coordinates.
    public init(kind: Kind, message: String, path: String, identifier: String?, frame: Rect) {
        self.kind = kind
        self.message = message
        self.path = path
        self.identifier = identifier
        self.frame = frame
    }

    /// One line: the rule, the path, the frame and the message, as
    /// `lowContrast: Window/Label#caption frame=(16, 40, 200, 20): …`.
    public var description: String {
        let numbers = [frame.minX, frame.minY, frame.width, frame.height]
        let rectangle = numbers.map(\.decimalDescription).joined(separator: ", ")
        return "\(kind.rawValue): \(path.escapedForEcho) frame=(\(rectangle)): \(message)"
    }
}
