import Synchronization

/// A closure registered with a control for a set of events, identified by a string, as UIKit's
/// `UIAction`.
///
/// Adding an action whose identifier is already registered replaces the earlier one. Actions
/// created without an identifier get a unique one.
///
/// ```swift
/// control.addAction(ControlAction(identifier: "log") { sender in print("tapped") },
///                   for: .touchUpInside)
/// ```
public struct ControlAction<Sender: AnyObject> {
    /// The identifier that makes two actions the same action.
    public let identifier: String
    /// The closure called with the control that sent the event.
    public let handler: (Sender) -> Void

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - identifier: The action's identity; `nil` generates a unique identifier.
    ///   - handler: The closure to call when one of the action's events is sent.
    public init(identifier: String? = nil, handler: @escaping (Sender) -> Void) {
        self.identifier = identifier ?? ControlActionIdentifiers.next()
        self.handler = handler
    }
}

/// The source of unique identifiers for actions created without one.
enum ControlActionIdentifiers {
    private static let counter = Atomic<Int>(0)

    /// Returns a new identifier, `action-1`, `action-2`, … in creation order.
    static func next() -> String {
        let (value, _) = counter.add(1, ordering: .relaxed)
        return "action-\(value)"
    }
}
