/// The numbers behind an adjustable element's value: the range it moves in, the smallest step
/// it takes and where it is, as a platform's accessibility API reports them (AT-SPI's `Value`
/// interface). UIKit has no public API for it; Trellis's controls fill it in.
///
/// ```swift
/// let slider = Slider()
/// slider.maximumValue = 10
/// slider.value = 4
/// slider.accessibilityValueRange
/// // AccessibilityValueRange(minimum: 0, maximum: 10, step: 0, current: 4)
/// ```
public struct AccessibilityValueRange: Sendable, Hashable {
    /// The lowest value.
    public var minimum: Double
    /// The highest value.
    public var maximum: Double
    /// The smallest change the element makes; 0 for a continuous range.
    public var step: Double
    /// The current value, within `minimum...maximum`.
    public var current: Double

    /// Creates a range.
    ///
    /// - Parameters:
    ///   - minimum: The lowest value.
    ///   - maximum: The highest value.
    ///   - step: The smallest change; 0 for a continuous range.
    ///   - current: The current value.
    public init(minimum: Double, maximum: Double, step: Double, current: Double) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.current = current
    }
}

/// An element whose value is a number in a range, which assistive technologies can read and
/// set: ``Slider``, ``Stepper`` and ``PageControl``.
@MainActor
package protocol AccessibilityValueRangeProviding: Accessible {
    /// The element's range and current value, or `nil` when it has none now.
    var accessibilityValueRange: AccessibilityValueRange? { get }
    /// Sets the value as a user's change would: clamped to the range, sending `valueChanged`
    /// when it changes; does nothing when the element is not enabled.
    ///
    /// - Parameter value: The value wanted; a value that is not finite is ignored.
    /// - Returns: Whether the value changed.
    @discardableResult
    func setAccessibilityNumericValue(_ value: Double) -> Bool
}

/// An element whose text assistive technologies read character by character: a ``Label``'s
/// text, a ``TextField``'s text as shown.
@MainActor
package protocol AccessibilityTextProviding: Accessible {
    /// The text as read (a secure field's bullets, not its secret).
    var accessibilityText: String { get }
    /// The caret, in Unicode scalars from the start of ``accessibilityText``, or `nil` when
    /// there is none (a label, a field not being edited).
    var accessibilityCaretScalarOffset: Int? { get }
}

/// An element whose text assistive technologies can edit: a ``TextField``.
@MainActor
package protocol AccessibilityEditableTextProviding: AccessibilityTextProviding {
    /// Replaces the Unicode scalars `range` of the text by `replacement` as typing would
    /// (sending `editingChanged`), the caret after the replacement; returns whether the element
    /// took the edit (it is enabled and the range is in the text).
    ///
    /// - Parameters:
    ///   - range: The scalar offsets to replace, within the text.
    ///   - replacement: The new text.
    func replaceAccessibilityText(scalars range: Range<Int>, with replacement: String) -> Bool
    /// Moves the caret to a scalar offset (to the start of the character there); returns
    /// whether it is in the text.
    ///
    /// - Parameter offset: The scalar offset.
    func setAccessibilityCaret(scalarOffset offset: Int) -> Bool
}
