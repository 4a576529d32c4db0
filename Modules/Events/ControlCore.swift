public import TrellisGeometry

/// The state and event machinery of a control: enabled, selected and highlighted flags, touch
/// tracking with UIKit's event sequence, the target-action table, and state observers.
///
/// A view-based control owns one core and forwards to it; the core knows nothing about views,
/// so it can be driven and tested alone:
///
/// ```swift
/// let core = ControlCore(sender: button)
/// core.actions.addAction(ControlAction { _ in print("tap") }, for: .touchUpInside)
/// let bounds = Rect(x: 0, y: 0, width: 100, height: 44)
/// core.handle(Touch(phase: .began, location: Point(x: 10, y: 10)), bounds: bounds)
/// core.handle(Touch(phase: .ended, location: Point(x: 10, y: 10)), bounds: bounds)  // "tap"
/// ```
///
/// ## Tracking
/// - *Began*: the touch is inside, ``isTracking`` becomes the result of
///   ``TrackingHooks/beginTracking(_:)``, the control is highlighted, and if tracking,
///   `touchDown` is sent — together with `touchDownRepeat` in the same dispatch when the tap
///   count is above 1.
/// - *Moved*: ``isTouchInside`` is recomputed against the bounds grown by ``touchSlop`` on every
///   side and the highlight follows it. If tracking, ``TrackingHooks/continueTracking(_:)``
///   decides whether to go on; if so, `touchDragInside` or `touchDragOutside` is sent, with
///   `touchDragEnter` or `touchDragExit` in the same dispatch when the touch crossed the edge.
/// - *Ended*: the highlight clears; if tracking, ``TrackingHooks/endTracking(_:)`` runs and
///   `touchUpInside` or `touchUpOutside` is sent, then `primaryActionTriggered` after an
///   inside release when ``sendsPrimaryActionOnTouchUpInside`` is set.
/// - *Cancelled*: the highlight clears; if tracking, ``TrackingHooks/cancelTracking(_:)`` runs
///   and `touchCancel` is sent.
///
/// A disabled control ignores touches and sends nothing; disabling clears the highlight and
/// ends any tracking in progress without events.
@MainActor
public final class ControlCore<Sender: AnyObject> {
    /// The object passed to actions as the sender: the control. Held weakly.
    public weak var sender: Sender?
    /// The control's tracking hooks; when `nil`, tracking always begins and continues.
    public weak var hooks: (any TrackingHooks)?

    /// The target-action registrations.
    public var actions = TargetActionTable<Sender>()

    /// How far outside its bounds, in points on every side, a tracked touch still counts as
    /// inside. UIKit uses about 70 points.
    public var touchSlop: Double = 70

    /// Whether an inside release sends `primaryActionTriggered` after `touchUpInside`, as
    /// buttons do.
    public var sendsPrimaryActionOnTouchUpInside = false

    /// Whether a touch is being tracked.
    public private(set) var isTracking = false {
        didSet { if oldValue != isTracking { notify(.tracking, isTracking, oldState: state) } }
    }

    /// Whether the tracked touch is inside the control (its bounds grown by the slop).
    public private(set) var isTouchInside = false

    private var flags: ControlState = []
    private var observers: [(id: Int, handler: (ControlStateChange) -> Void)] = []
    private var nextObserverID = 0

    /// Creates a core for a control.
    public init(sender: Sender?) {
        self.sender = sender
    }

    /// The control's state: highlighted, disabled, selected and focused flags combined.
    public var state: ControlState { flags }

    /// Whether the control responds to touches. Disabling clears the highlight and ends
    /// tracking without sending events.
    public var isEnabled: Bool {
        get { !flags.contains(.disabled) }
        set {
            if newValue == isEnabled { return }
            if !newValue {
                isHighlighted = false
                isTracking = false
                isTouchInside = false
            }
            set(.disabled, !newValue, property: .enabled, reported: newValue)
        }
    }

    /// Whether the control is selected.
    public var isSelected: Bool {
        get { flags.contains(.selected) }
        set { set(.selected, newValue, property: .selected, reported: newValue) }
    }

    /// Whether the control has keyboard focus.
    public var isFocused: Bool {
        get { flags.contains(.focused) }
        set { set(.focused, newValue, property: .focused, reported: newValue) }
    }

    /// Whether the control is highlighted, as it is while a touch is down inside it.
    public var isHighlighted: Bool {
        get { flags.contains(.highlighted) }
        set { set(.highlighted, newValue, property: .highlighted, reported: newValue) }
    }

    private func set(
        _ flag: ControlState, _ on: Bool, property: ControlStateProperty, reported: Bool
    ) {
        if flags.contains(flag) == on { return }
        let old = flags
        if on { flags.insert(flag) } else { flags.remove(flag) }
        notify(property, reported, oldState: old)
    }

    /// Registers a closure called after each change of ``isEnabled``, ``isSelected``,
    /// ``isHighlighted``, ``isFocused`` or ``isTracking``, as seed 002 observes its button with
    /// KVO.
    ///
    /// - Returns: A token that ends the observation when cancelled or deallocated.
    public func observeState(_ handler: @escaping (ControlStateChange) -> Void)
        -> StateObservation
    {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, handler))
        return StateObservation { [weak self] in
            self?.observers.removeAll { $0.id == id }
        }
    }

    private func notify(_ property: ControlStateProperty, _ value: Bool, oldState: ControlState) {
        if observers.isEmpty { return }
        let change = ControlStateChange(
            property: property, newValue: value, oldState: oldState, newState: flags
        )
        for observer in observers { observer.handler(change) }
    }

    /// Sends events to the registered targets and actions.
    public func sendActions(for events: ControlEvents) {
        guard let sender else { return }
        actions.send(events, from: sender)
    }

    /// Whether a point, in the control's coordinates, counts as inside for tracking: within the
    /// bounds grown by ``touchSlop`` on every side.
    public func isInsideForTracking(_ point: Point, bounds: Rect) -> Bool {
        let slop = touchSlop.isFinite ? max(touchSlop, 0) : 0
        let area = bounds.insetBy(dx: -slop, dy: -slop)
        if area.isNull { return false }
        return point.x >= area.minX && point.x <= area.maxX && point.y >= area.minY
            && point.y <= area.maxY
    }

    /// Drives tracking with one touch.
    ///
    /// - Parameters:
    ///   - touch: The touch, its location in the control's coordinates.
    ///   - bounds: The control's bounds.
    public func handle(_ touch: Touch, bounds: Rect) {
        guard isEnabled else {
            isTracking = false
            isTouchInside = false
            return
        }
        switch touch.phase {
        case .began:
            isTouchInside = true
            isTracking = hooks?.beginTracking(touch) ?? true
            isHighlighted = true
            if isTracking {
                var events: ControlEvents = .touchDown
                if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
                sendActions(for: events)
            }
        case .moved:
            let wasInside = isTouchInside
            isTouchInside = isInsideForTracking(touch.location, bounds: bounds)
            isHighlighted = isTouchInside
            guard isTracking else { return }
            isTracking = hooks?.continueTracking(touch) ?? true
            guard isTracking else { return }
            var events: ControlEvents = isTouchInside ? .touchDragInside : .touchDragOutside
            if !wasInside && isTouchInside { events.insert(.touchDragEnter) }
            if wasInside && !isTouchInside { events.insert(.touchDragExit) }
            sendActions(for: events)
        case .ended:
            isTouchInside = isInsideForTracking(touch.location, bounds: bounds)
            isHighlighted = false
            if isTracking {
                hooks?.endTracking(touch)
                let inside = isTouchInside
                sendActions(for: inside ? .touchUpInside : .touchUpOutside)
                if inside && sendsPrimaryActionOnTouchUpInside {
                    sendActions(for: .primaryActionTriggered)
                }
            }
            isTracking = false
            isTouchInside = false
        case .cancelled:
            isTouchInside = false
            isHighlighted = false
            if isTracking {
                hooks?.cancelTracking(touch)
                sendActions(for: .touchCancel)
            }
            isTracking = false
        }
    }
}
