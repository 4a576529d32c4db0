public import TrellisCore
public import TrellisEvents
public import TrellisGeometry

/// A control that picks a value from a continuous range by dragging a thumb, as UIKit's
/// `UISlider`.
///
/// The value is clamped to `minimumValue...maximumValue` (defaults 0...1). Raising the minimum
/// above the maximum raises the maximum (and the value) with it; lowering the maximum below the
/// minimum lowers the minimum. Dragging the thumb sends `valueChanged` on every change when
/// ``isContinuous`` (the default), else once on release; setting the value in code sends
/// nothing.
@MainActor
open class Slider: Control {
    /// The current value.
    public var value: Double {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    private var range = BoundedValue(minimum: 0, maximum: 1, value: 0) {
        didSet { if range != oldValue { setNeedsDisplay() } }
    }

    private var storedValue: Double {
        get { range.value }
        set { range.setValue(newValue) }
    }

    /// The lowest value.
    public var minimumValue: Double {
        get { range.minimum }
        set { range.setMinimum(newValue) }
    }

    /// The highest value.
    public var maximumValue: Double {
        get { range.maximum }
        set { range.setMaximum(newValue) }
    }

    /// Whether dragging sends `valueChanged` as the value changes, or only on release.
    public var isContinuous = true

    /// The colour of the track below the thumb; the tint colour by default.
    public var minimumTrackTintColor: Color? {
        didSet { setNeedsDisplay() }
    }

    /// The colour of the track above the thumb.
    public var maximumTrackTintColor: Color? {
        didSet { setNeedsDisplay() }
    }

    /// The diameter of the thumb.
    public static let thumbDiameter = 28.0

    private var dragStart: (x: Double, value: Double)?
    private var changedDuringDrag = false

    /// Sets the value, clamped, without sending events.
    public func setValue(_ value: Float, animated: Bool) {
        setValue(Double(value), animated: animated)
    }

    /// Sets the value, clamped, without sending events.
    public func setValue(_ value: Double, animated: Bool) {
        storedValue = value
    }

    /// The slider's natural height, 31 points; it has no natural width.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 31) }

    /// The track's extent along x: from half a thumb in from each side.
    var trackRange: (start: Double, length: Double) {
        let inset = Slider.thumbDiameter / 2
        return (bounds.minX + inset, max(0, bounds.width - 2 * inset))
    }

    /// Whether the minimum is at the right: in a right-to-left layout, as UIKit's slider.
    private var isMirrored: Bool { effectiveLayoutDirection == .rightToLeft }

    /// The thumb's rectangle for the current value.
    public var thumbRect: Rect {
        let (start, length) = trackRange
        let span = maximumValue - minimumValue
        var fraction = span > 0 ? (storedValue - minimumValue) / span : 0
        if isMirrored { fraction = 1 - fraction }
        let d = Slider.thumbDiameter
        return Rect(
            x: start + fraction * length - d / 2, y: bounds.midY - d / 2, width: d, height: d)
    }

    /// Begins tracking only on the thumb (grown by 10 points), as UIKit does.
    open override func beginTracking(_ touch: Touch) -> Bool {
        guard thumbRect.insetBy(dx: -10, dy: -10).contains(touch.location) else { return false }
        dragStart = (touch.location.x, storedValue)
        changedDuringDrag = false
        return true
    }

    /// Moves the value with the drag.
    open override func continueTracking(_ touch: Touch) -> Bool {
        guard let start = dragStart else { return false }
        let (_, length) = trackRange
        let span = maximumValue - minimumValue
        var delta = length > 0 ? (touch.location.x - start.x) / length * span : 0
        if isMirrored { delta = -delta }
        let before = storedValue
        storedValue = start.value + delta
        if storedValue != before {
            changedDuringDrag = true
            if isContinuous { sendActions(for: .valueChanged) }
        }
        return true
    }

    /// Sends the final `valueChanged` of a non-continuous drag.
    open override func endTracking(_ touch: Touch?) {
        if !isContinuous && changedDuringDrag { sendActions(for: .valueChanged) }
        dragStart = nil
    }

    /// Forgets the drag.
    open override func cancelTracking(_ touch: Touch?) {
        dragStart = nil
    }

    /// The arrows move a focused slider by a tenth of its range (Home and End to the ends),
    /// sending `valueChanged` when the value changes.
    open override func handleKey(_ key: KeyInput) -> Bool {
        guard isEnabled else { return false }
        let step = (maximumValue - minimumValue) / 10
        let before = storedValue
        // The arrow towards the minimum's end lowers the value: left, or right when mirrored.
        let lower: KeyInput = isMirrored ? .right : .left
        let higher: KeyInput = isMirrored ? .left : .right
        switch key {
        case lower, .down: storedValue = storedValue - step
        case higher, .up: storedValue = storedValue + step
        case .home: storedValue = minimumValue
        case .end: storedValue = maximumValue
        default: return false
        }
        if storedValue != before { sendActions(for: .valueChanged) }
        return true
    }

    // MARK: Accessibility

    /// A slider is an accessibility element unless one was assigned otherwise.
    open override var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    /// The assigned value, else the value's place in the range as a whole percentage ("30%"),
    /// as UIKit's slider.
    open override var accessibilityValue: String? {
        get {
            if let value = accessibilityStorage?.value { return value }
            let span = maximumValue - minimumValue
            let fraction = span > 0 ? (storedValue - minimumValue) / span : 0
            return "\(Int((fraction * 100).rounded()))%"
        }
        set { super.accessibilityValue = newValue }
    }

    /// The assigned traits, else ``AccessibilityTraits/adjustable`` (with
    /// ``AccessibilityTraits/notEnabled`` while disabled).
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? stateAccessibilityTraits().union(.adjustable) }
        set { super.accessibilityTraits = newValue }
    }

    /// Moves an enabled slider up by a tenth of its range, sending `valueChanged` when the
    /// value changes.
    open override func accessibilityIncrement() {
        adjustForAccessibility(by: 1)
    }

    /// Moves an enabled slider down by a tenth of its range, sending `valueChanged` when the
    /// value changes.
    open override func accessibilityDecrement() {
        adjustForAccessibility(by: -1)
    }

    /// Does nothing and returns `false`: an adjustable control is adjusted, not activated.
    open override func accessibilityActivate() -> Bool { false }

    private func adjustForAccessibility(by direction: Double) {
        guard isEnabled else { return }
        let before = storedValue
        storedValue = storedValue + direction * (maximumValue - minimumValue) / 10
        if storedValue != before { sendActions(for: .valueChanged) }
    }

    /// A slider with its range and value (mirrored sliders say so by their layout direction,
    /// not here: the backend draws the value from the leading side).
    open override var semanticHint: SemanticHint? {
        let low = min(minimumValue, maximumValue)
        let high = max(minimumValue, maximumValue)
        return SemanticHint(
            frame: bounds,
            kind: .slider(minimum: low, maximum: high, value: min(max(value, low), high)),
            state: semanticState)
    }

    /// Draws the track and the thumb.
    open override func draw(in context: DrawingContext) {
        let (start, length) = trackRange
        let thumb = thumbRect
        let y = bounds.midY - 2
        let minimumColor = minimumTrackTintColor ?? effectiveTintColor
        let maximumColor = maximumTrackTintColor ?? Color(white: 0.85)
        context.fill(
            Rect(x: start, y: y, width: length, height: 4), color: maximumColor, cornerRadius: 2)
        // The minimum track runs from the minimum's end to the thumb.
        let minimumTrack =
            isMirrored
            ? Rect(x: thumb.midX, y: y, width: max(0, start + length - thumb.midX), height: 4)
            : Rect(x: start, y: y, width: max(0, thumb.midX - start), height: 4)
        context.fill(minimumTrack, color: minimumColor, cornerRadius: 2)
        context.fill(
            thumb, color: isEnabled ? .white : Color(white: 0.95), cornerRadius: thumb.width / 2)
        context.strokeInside(
            thumb, color: Color(white: 0.8), width: 0.5, cornerRadius: thumb.width / 2)
    }
}

extension Slider: AccessibilityValueRangeProviding {
    /// The slider's range and value for assistive technologies: `minimumValue...maximumValue`,
    /// continuous (step 0), at ``value``.
    public var accessibilityValueRange: AccessibilityValueRange? {
        AccessibilityValueRange(
            minimum: minimumValue, maximum: maximumValue, step: 0, current: value)
    }

    package func setAccessibilityNumericValue(_ value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        let before = self.value
        self.value = min(max(value, minimumValue), maximumValue)
        guard self.value != before else { return false }
        sendActions(for: .valueChanged)
        return true
    }
}
