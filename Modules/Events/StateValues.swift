/// Values stored per control state with UIKit's lookup rule, as a button stores its titles,
/// colours and images.
///
/// ``value(for:)`` returns the value stored for exactly that state, else the value for
/// ``ControlState/normal``, else `nil`. There is no partial-mask fallback: with values for
/// `.normal` and `.selected`, the state `[.selected, .highlighted]` gets the `.normal` value.
///
/// ```swift
/// var titles = StateValues<String>()
/// titles[.normal] = "Save"
/// titles[.highlighted] = "Saving…"
/// titles.value(for: .highlighted)               // "Saving…"
/// titles.value(for: [.highlighted, .selected])  // "Save"
/// ```
public struct StateValues<Value> {
    private var storage: [(state: ControlState, value: Value)] = []

    /// Creates an empty store.
    public init() {}

    /// The value stored for exactly `state`, without fallback; assigning `nil` removes it.
    public subscript(state: ControlState) -> Value? {
        get { storage.first { $0.state == state }?.value }
        set {
            if let index = storage.firstIndex(where: { $0.state == state }) {
                if let newValue {
                    storage[index].value = newValue
                } else {
                    storage.remove(at: index)
                }
            } else if let newValue {
                storage.append((state, newValue))
            }
        }
    }

    /// The value for `state` by UIKit's rule: exactly that state, else normal, else `nil`.
    public func value(for state: ControlState) -> Value? {
        self[state] ?? self[.normal]
    }

    /// Whether the value for `state` comes from the `.normal` fallback rather than being stored
    /// for that state (`false` when there is no value at all).
    ///
    /// UIKit adjusts an image when highlighted or disabled only in this case.
    public func isFallback(for state: ControlState) -> Bool {
        state != .normal && self[state] == nil && self[.normal] != nil
    }

    /// The states that have a stored value, in the order they were first set.
    public var states: [ControlState] { storage.map(\.state) }

    /// Whether no value is stored.
    public var isEmpty: Bool { storage.isEmpty }
}

extension StateValues: Sendable where Value: Sendable {}

extension StateValues: Equatable where Value: Equatable {
    /// Whether both stores hold equal values for the same states, in any order.
    public static func == (lhs: StateValues, rhs: StateValues) -> Bool {
        lhs.storage.count == rhs.storage.count
            && lhs.storage.allSatisfy { rhs[$0.state] == $0.value }
    }
}
