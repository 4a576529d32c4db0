public import TrellisCore
public import TrellisEvents
public import TrellisGeometry

/// The base class of controls: a view with states, target-action events and touch tracking, as
/// UIKit's `UIControl`.
///
/// A control turns the touches a ``Window`` dispatches into UIKit's control events —
/// `touchDown`, drags inside and outside with enter and exit, `touchUpInside` or
/// `touchUpOutside`, `touchCancel` — and sends them to its targets and actions. Subclass it for
/// custom controls, as seed 000 subclasses `UIControl`:
///
/// ```swift
/// final class Controller {
///     func tapped(_ sender: Control) { print("tapped") }
/// }
/// let controller = Controller()
/// control.addTarget(controller, action: Controller.tapped, for: .touchUpInside)
/// control.addAction(ControlAction(identifier: "log") { _ in print("up") }, for: .touchUpInside)
/// ```
@MainActor
open class Control: View, TrackingHooks {
    /// The state of a control (`UIControl.State`).
    public typealias State = ControlState
    /// The events of a control (`UIControl.Event`).
    public typealias Event = ControlEvents

    /// The state and event machinery; ``Control`` forwards to it.
    public let core = ControlCore<Control>(sender: nil)
    private var stateObservation: StateObservation?

    /// Creates a control.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        core.sender = self
        core.hooks = self
        stateObservation = core.observeState { [unowned self] change in
            if change.property != .tracking { controlStateDidChange() }
        }
    }

    // MARK: State

    /// Whether the control responds to touches; disabling clears the highlight.
    open var isEnabled: Bool {
        get { core.isEnabled }
        set { core.isEnabled = newValue }
    }

    /// Whether the control is selected.
    open var isSelected: Bool {
        get { core.isSelected }
        set { core.isSelected = newValue }
    }

    /// Whether the control is highlighted; tracking sets it while a touch is down inside.
    open var isHighlighted: Bool {
        get { core.isHighlighted }
        set { core.isHighlighted = newValue }
    }

    /// The control's state: highlighted, disabled and selected combined.
    public var state: State { core.state }

    /// Whether the control is tracking a touch.
    public var isTracking: Bool { core.isTracking }

    /// Whether the tracked touch is inside the control (its bounds grown by the touch slop).
    public var isTouchInside: Bool { core.isTouchInside }

    /// Called after ``isEnabled``, ``isSelected`` or ``isHighlighted`` changed; override it to
    /// restyle the control, as seed 002 does with KVO. The default asks for a new frame.
    open func controlStateDidChange() {
        setNeedsDisplay()
    }

    /// Registers a closure called after each state change (enabled, selected, highlighted,
    /// tracking).
    ///
    /// - Returns: A token that ends the observation when cancelled or deallocated.
    public func observeState(_ handler: @escaping (ControlStateChange) -> Void) -> StateObservation
    {
        core.observeState(handler)
    }

    /// The view's attributes plus the control's state when it is not normal.
    open override var debugAttributes: [String] {
        var attributes = super.debugAttributes
        if state != .normal { attributes.append("state=\(state)") }
        return attributes
    }

    // MARK: Accessibility

    /// The assigned traits, else ``AccessibilityTraits/notEnabled`` while the control is
    /// disabled, as UIKit's controls read "dimmed".
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? stateAccessibilityTraits() }
        set { super.accessibilityTraits = newValue }
    }

    /// ``AccessibilityTraits/notEnabled`` while disabled, and ``AccessibilityTraits/selected``
    /// while selected when `selectable`: the traits the control's state gives it.
    package func stateAccessibilityTraits(selectable: Bool = false) -> AccessibilityTraits {
        var traits: AccessibilityTraits = []
        if selectable && isSelected { traits.insert(.selected) }
        if !isEnabled { traits.insert(.notEnabled) }
        return traits
    }

    /// Taps an enabled control at its activation point through its window, as VoiceOver does
    /// for an element that does not activate itself.
    ///
    /// - Returns: Whether the control was enabled and in a window.
    open override func accessibilityActivate() -> Bool {
        isEnabled && performAccessibilityTap()
    }

    // MARK: Focus

    /// Whether the control has keyboard focus.
    public var isFocused: Bool { core.isFocused }

    /// Enabled, visible, interactive controls can take focus.
    open override var canBecomeFocused: Bool {
        isEnabled && !isHidden && isUserInteractionEnabled
    }

    /// Marks the control focused.
    open override func didBecomeFocused() {
        core.isFocused = true
    }

    /// Clears the focused state.
    open override func didResignFocus() {
        core.isFocused = false
    }

    // MARK: Content alignment

    /// How content is placed horizontally inside the bounds.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
        didSet { setNeedsLayout() }
    }

    /// How content is placed vertically inside the bounds.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center {
        didSet { setNeedsLayout() }
    }

    /// The horizontal alignment with leading and trailing resolved for the layout direction.
    public var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        contentHorizontalAlignment.effective(for: effectiveLayoutDirection)
    }

    // MARK: Tracking

    /// Called when a touch goes down in the control; return `false` not to track it.
    open func beginTracking(_ touch: Touch) -> Bool { true }

    /// Called when a tracked touch moves; return `false` to stop tracking it.
    open func continueTracking(_ touch: Touch) -> Bool { true }

    /// Called when a tracked touch ends.
    open func endTracking(_ touch: Touch?) {}

    /// Called when a tracked touch is cancelled.
    open func cancelTracking(_ touch: Touch?) {}

    /// Takes touches while enabled and drives tracking with them.
    open override func handleTouch(_ touch: Touch) -> Bool {
        guard isEnabled else { return false }
        core.handle(touch, bounds: bounds)
        return true
    }
}

extension Control {
    /// The control's state as a semantic hint carries it: highlighted, selected, disabled,
    /// focused, and mirrored when it is laid out right to left.
    public var semanticState: SemanticHint.State {
        var state: SemanticHint.State = []
        if isHighlighted { state.insert(.highlighted) }
        if isSelected { state.insert(.selected) }
        if !isEnabled { state.insert(.disabled) }
        if isFocused { state.insert(.focused) }
        if effectiveLayoutDirection == .rightToLeft { state.insert(.mirrored) }
        return state
    }
}
