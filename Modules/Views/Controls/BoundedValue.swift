/// A value kept within a range whose ends can move, with UIKit's rules for sliders and
/// steppers: raising the minimum above the maximum raises the maximum, lowering the maximum
/// below the minimum lowers the minimum, the value is clamped after every change, and NaN is
/// ignored for the ends and taken as the minimum for the value.
struct BoundedValue: Hashable {
    private(set) var minimum: Double
    private(set) var maximum: Double
    private(set) var value: Double

    init(minimum: Double, maximum: Double, value: Double) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.value = min(max(value, minimum), self.maximum)
    }

    func clamped(_ candidate: Double) -> Double {
        candidate.isNaN ? minimum : min(max(candidate, minimum), maximum)
    }

    mutating func setMinimum(_ newMinimum: Double) {
        guard !newMinimum.isNaN else { return }
        minimum = newMinimum
        if maximum < minimum { maximum = minimum }
        value = clamped(value)
    }

    mutating func setMaximum(_ newMaximum: Double) {
        guard !newMaximum.isNaN else { return }
        maximum = newMaximum
        if minimum > maximum { minimum = maximum }
        value = clamped(value)
    }

    mutating func setValue(_ newValue: Double) {
        value = clamped(newValue)
    }
}
