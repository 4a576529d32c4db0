/// An action an assistive technology offers on an element besides activating it, as UIKit's
/// `UIAccessibilityCustomAction`: VoiceOver lists the actions' names in its actions rotor.
///
/// Give an element the actions a sighted user reaches by a gesture or a hidden button, such as
/// swiping a cell to delete it:
///
/// ```swift
/// cell.accessibilityCustomActions = [
///     AccessibilityCustomAction(name: "Delete") { _ in
///         model.delete(item)
///         return true
///     }
/// ]
/// ```
public struct AccessibilityCustomAction: Sendable {
    /// The name assistive technologies read for the action.
    public var name: String
    /// Performs the action; returns whether it succeeded.
    public var handler: @MainActor (AccessibilityCustomAction) -> Bool

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - name: The name assistive technologies read, such as "Delete".
    ///   - handler: Performs the action with the action itself and returns whether it
    ///     succeeded.
    public init(
        name: String, handler: @escaping @MainActor (AccessibilityCustomAction) -> Bool
    ) {
        self.name = name
        self.handler = handler
    }

    /// Performs the action, as an assistive technology does when the user picks it.
    ///
    /// - Returns: What the handler returns: whether the action succeeded.
    @MainActor
    @discardableResult
    public func perform() -> Bool {
        handler(self)
    }
}
