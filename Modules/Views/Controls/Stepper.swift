public import TrellisCore
public import TrellisEvents
public import TrellisGeometry

/// A pair of − and + buttons that step a value, as UIKit's `UIStepper`.
///
/// Defaults are UIKit's: value 0, minimum 0, maximum 100, step 1, no wrapping, autorepeat and
/// continuous on. A tap on a half steps once and sends `valueChanged`. Holding a half repeats
/// after 0.5 s and then every 0.1 s while the window's clock advances (``Window/advanceTime(to:)``).
/// With ``wraps``, stepping past one end continues from the other. Setting the value in code
/// sends nothing.
@MainActor
open class Stepper: Control {
    /// The current value, clamped to the range.
    public var value: Double {
        get { range.value }
        set { range.setValue(newValue) }
    }

    private var range = BoundedValue(minimum: 0, maximum: 100, value: 0) {
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

    /// The amount one step adds or removes; must be above zero (other values are ignored).
    public var stepValue: Double = 1 {
        didSet { if !(stepValue > 0) || !stepValue.isFinite { stepValue = oldValue } }
    }

    /// Whether stepping past an end wraps to the other end.
    public var wraps = false
    /// Whether holding a half repeats the step.
    public var autorepeat = true
    /// Whether each step sends `valueChanged` at once, or only on release.
    public var isContinuous = true

    private var holding: (direction: Double, since: Double, repeats: Int)?
    private var changedWhileHolding = false

    /// The stepper's size, 94 × 29 points.
    public static let naturalSize = Size(width: 94, height: 29)

    /// Creates a stepper; its natural size is 94 × 29 points.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        if frame.size == .zero {
            self.frame = Rect(origin: frame.origin, size: Stepper.naturalSize)
        }
    }

    /// The stepper's size, 94 × 29.
    open override var intrinsicContentSize: Size { Stepper.naturalSize }

    /// Whether the − half can step (false at the minimum unless wrapping).
    public var canDecrement: Bool { wraps || storedValue > minimumValue }
    /// Whether the + half can step (false at the maximum unless wrapping).
    public var canIncrement: Bool { wraps || storedValue < maximumValue }

    private func step(_ direction: Double) {
        var next = storedValue + direction * stepValue
        if wraps {
            if next > maximumValue {
                next = minimumValue
            } else if next < minimumValue {
                next = maximumValue
            }
        }
        let before = storedValue
        storedValue = next
        guard storedValue != before else { return }
        changedWhileHolding = true
        if isContinuous { sendActions(for: .valueChanged) }
    }

    /// Steps once towards the half the touch lands on.
    open override func beginTracking(_ touch: Touch) -> Bool {
        let direction: Double = touch.location.x < bounds.midX ? -1 : 1
        guard direction < 0 ? canDecrement : canIncrement else { return false }
        changedWhileHolding = false
        holding = (direction, touch.timestamp, 0)
        step(direction)
        return true
    }

    /// Repeats the step while the touch is held, as the window's clock advances.
    public func advanceTime(to timestamp: Double) {
        guard autorepeat, isTracking, isTouchInside, let held = holding else { return }
        let elapsed = timestamp - held.since
        guard elapsed >= 0.5 else { return }
        let due = Int(((elapsed - 0.5) / 0.1).rounded(.down)) + 1
        for _ in held.repeats..<max(due, held.repeats) { step(held.direction) }
        holding?.repeats = max(due, held.repeats)
    }

    /// Sends the final `valueChanged` when not continuous.
    open override func endTracking(_ touch: Touch?) {
        if !isContinuous && changedWhileHolding { sendActions(for: .valueChanged) }
        holding = nil
    }

    /// Stops repeating.
    open override func cancelTracking(_ touch: Touch?) {
        holding = nil
    }

    /// The arrows step a focused stepper: left and down decrement, right and up increment.
    open override func handleKey(_ key: KeyInput) -> Bool {
        guard isEnabled else { return false }
        let before = storedValue
        switch key {
        case .left, .down: if canDecrement { step(-1) }
        case .right, .up: if canIncrement { step(1) }
        default: return false
        }
        if !isContinuous && storedValue != before { sendActions(for: .valueChanged) }
        return true
    }

    // MARK: Accessibility

    /// The assigned elements, else the two halves as buttons, as UIKit's stepper: "Decrement"
    /// and "Increment", each with the stepper's value and ``AccessibilityTraits/notEnabled``
    /// when it cannot step; activating one steps once and sends `valueChanged`.
    open override var accessibilityElements: [any Accessible]? {
        get { accessibilityStorage?.elements ?? halfElements }
        set { super.accessibilityElements = newValue }
    }

    private lazy var halfElements: [any Accessible] = (0..<2).map { index in
        ControlPartElement(
            container: self, index: index,
            describe: { [weak self] index in self?.describeHalf(index) },
            activate: { [weak self] index in self?.activateHalf(index) ?? false })
    }

    private func describeHalf(_ index: Int) -> ControlPartElement.Part {
        let canStep = index == 0 ? canDecrement : canIncrement
        var traits: AccessibilityTraits = .button
        if !isEnabled || !canStep { traits.insert(.notEnabled) }
        let half = bounds.width / 2
        return ControlPartElement.Part(
            label: index == 0 ? "Decrement" : "Increment", value: storedValue.decimalDescription,
            traits: traits,
            frame: Rect(
                x: bounds.minX + Double(index) * half, y: bounds.minY, width: half,
                height: bounds.height))
    }

    private func activateHalf(_ index: Int) -> Bool {
        guard isEnabled, index == 0 ? canDecrement : canIncrement else { return false }
        let before = storedValue
        step(index == 0 ? -1 : 1)
        if !isContinuous && storedValue != before { sendActions(for: .valueChanged) }
        return true
    }

    /// A stepper with its value and whether each half can step, in the frame of its halves.
    open override var semanticHint: SemanticHint? {
        let area = ContentPlacement.place(
            Stepper.naturalSize, in: bounds, horizontal: .center, vertical: .center)
        return SemanticHint(
            frame: area,
            kind: .stepper(value: value, canDecrement: canDecrement, canIncrement: canIncrement),
            state: semanticState)
    }

    /// Draws the two halves with a divider, a minus and a plus.
    open override func draw(in context: DrawingContext) {
        let area = ContentPlacement.place(
            Stepper.naturalSize, in: bounds, horizontal: .center, vertical: .center)
        context.fill(area, color: Color(white: 0.93), cornerRadius: 8)
        context.fill(
            Rect(x: area.midX - 0.5, y: area.minY + 6, width: 1, height: area.height - 12),
            color: Color(white: 0.75))
        let ink = Color(white: 0.1)
        let minus = Point(x: area.minX + area.width / 4, y: area.midY)
        let plus = Point(x: area.maxX - area.width / 4, y: area.midY)
        context.fill(
            Rect(x: minus.x - 7, y: minus.y - 1, width: 14, height: 2),
            color: canDecrement ? ink : ink.withAlphaComponent(0.3))
        let plusInk = canIncrement ? ink : ink.withAlphaComponent(0.3)
        context.fill(Rect(x: plus.x - 7, y: plus.y - 1, width: 14, height: 2), color: plusInk)
        context.fill(Rect(x: plus.x - 1, y: plus.y - 7, width: 2, height: 14), color: plusInk)
    }
}

extension Stepper: AccessibilityValueRangeProviding {
    /// The stepper's range and value for assistive technologies:
    /// `minimumValue...maximumValue` in steps of ``stepValue``, at ``value``.
    public var accessibilityValueRange: AccessibilityValueRange? {
        AccessibilityValueRange(
            minimum: minimumValue, maximum: maximumValue, step: stepValue, current: value)
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
