/// A property of a control whose changes can be observed.
public enum ControlStateProperty: String, Sendable, Hashable, CaseIterable {
    /// ``ControlCore/isEnabled``.
    case enabled
    /// ``ControlCore/isSelected``.
    case selected
    /// ``ControlCore/isHighlighted``.
    case highlighted
    /// ``ControlCore/isTracking``.
    case tracking
    /// ``ControlCore/isFocused``.
    case focused
}

/// A change of one state property of a control, as an observer receives it.
public struct ControlStateChange: Sendable, Hashable {
    /// The property that changed.
    public let property: ControlStateProperty
    /// The property's new value.
    public let newValue: Bool
    /// The control's state before the change.
    public let oldState: ControlState
    /// The control's state after the change.
    public let newState: ControlState
}

/// The registration of an observer; ``cancel()`` it to stop receiving changes.
///
/// Observation also ends when the token is deallocated, so keep it for as long as you observe.
@MainActor
public final class StateObservation {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observation. Calling it again does nothing.
    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool { onCancel == nil }

    isolated deinit {
        onCancel?()
    }
}
