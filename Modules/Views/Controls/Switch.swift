public import TrellisCore
public import TrellisEvents
public import TrellisGeometry

/// An on/off switch, as UIKit's `UISwitch`.
///
/// A tap (a touch released inside) toggles it and sends `valueChanged` then
/// `primaryActionTriggered`; setting ``isOn`` or calling ``setOn(_:animated:)`` sends nothing.
@MainActor
open class Switch: Control {
    /// Whether the switch is on.
    public var isOn = false {
        didSet { if isOn != oldValue { setNeedsDisplay() } }
    }

    /// The track colour when on; UIKit's green by default.
    public var onTintColor: Color? {
        didSet { setNeedsDisplay() }
    }

    /// The thumb colour; white by default.
    public var thumbTintColor: Color? {
        didSet { setNeedsDisplay() }
    }

    /// UIKit's switch green.
    public static let defaultOnTint = Color(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255)

    /// Creates a switch; its natural size is 51 × 31 points.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        if frame.size == .zero { self.frame = Rect(origin: frame.origin, size: Switch.naturalSize) }
    }

    /// The switch's fixed size, as UIKit's.
    public static let naturalSize = Size(width: 51, height: 31)

    /// Sets the state without sending events; animated, the thumb slides and the track
    /// changes colour over a quarter of a second on the window's clock.
    public func setOn(_ on: Bool, animated: Bool) {
        guard on != isOn else { return }
        isOn = on
        if animated { animateContentTransition() }
    }

    /// The switch's size, 51 × 31.
    open override var intrinsicContentSize: Size { Switch.naturalSize }

    /// The switch's size, 51 × 31.
    open override func sizeThatFits(_ size: Size) -> Size { Switch.naturalSize }

    /// Toggles on an inside release.
    open override func endTracking(_ touch: Touch?) {
        guard touch != nil, isTouchInside else { return }
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
        sendActions(for: .primaryActionTriggered)
    }

    /// Return and Space toggle a focused switch, sending `valueChanged` and
    /// `primaryActionTriggered`.
    open override func handleKey(_ key: KeyInput) -> Bool {
        guard isEnabled, key == .returnKey || key == .space else { return false }
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
        sendActions(for: .primaryActionTriggered)
        return true
    }

    // MARK: Accessibility

    /// A switch is an accessibility element unless one was assigned otherwise.
    open override var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    /// The assigned value, else `"1"` when on and `"0"` when off, as UIKit's switch.
    open override var accessibilityValue: String? {
        get { accessibilityStorage?.value ?? (isOn ? "1" : "0") }
        set { super.accessibilityValue = newValue }
    }

    /// The assigned traits, else ``AccessibilityTraits/button`` and
    /// ``AccessibilityTraits/toggleButton`` (with ``AccessibilityTraits/notEnabled`` while
    /// disabled).
    open override var accessibilityTraits: AccessibilityTraits {
        get {
            accessibilityStorage?.traits
                ?? stateAccessibilityTraits().union([.button, .toggleButton])
        }
        set { super.accessibilityTraits = newValue }
    }

    /// A switch at its value, in the track's frame.
    open override var semanticHint: SemanticHint? {
        let track = ContentPlacement.place(
            Switch.naturalSize, in: bounds, horizontal: .center, vertical: .center)
        return SemanticHint(frame: track, kind: .toggle(isOn: isOn), state: semanticState)
    }

    /// Draws the track and the thumb.
    open override func draw(in context: DrawingContext) {
        let track = ContentPlacement.place(
            Switch.naturalSize, in: bounds, horizontal: .center, vertical: .center)
        // Between the previous state and this one while the value change animates.
        let progress = min(max(presentation.contentTransition, 0), 1)
        let onColor = onTintColor ?? Switch.defaultOnTint
        let offColor = Color(white: 0.88)
        var trackColor =
            isOn
            ? offColor.interpolated(to: onColor, fraction: progress)
            : onColor.interpolated(to: offColor, fraction: progress)
        if isHighlighted { trackColor = trackColor.interpolated(to: .black, fraction: 0.1) }
        if !isEnabled { trackColor = trackColor.withAlphaComponent(0.5) }
        context.fill(track, color: trackColor, cornerRadius: track.height / 2)
        let diameter = track.height - 4
        let left = track.minX + 2
        let right = track.maxX - 2 - diameter
        let x =
            isOn ? right + (left - right) * (1 - progress) : left + (right - left) * (1 - progress)
        let thumb = Rect(x: x, y: track.minY + 2, width: diameter, height: diameter)
        context.fill(thumb, color: thumbTintColor ?? .white, cornerRadius: diameter / 2)
    }
}

extension Control {
    /// Whether a point in the control's coordinates counts as inside for tracking (the bounds
    /// grown by the touch slop).
    public func isInsideForTracking(_ point: Point) -> Bool {
        core.isInsideForTracking(point, bounds: bounds)
    }
}
