extension Double {
    /// The number rounded to three decimals and written without trailing zeros, as the text
    /// backend, snapshots and the command print numbers: `1.5`, `-2.25`, `42`, never `-0`.
    ///
    /// Magnitudes of 10^15 and above are written in Swift's shortest form; NaN and the
    /// infinities as `nan`, `inf` and `-inf`.
    public var decimalDescription: String {
        guard isFinite else { return isNaN ? "nan" : (self > 0 ? "inf" : "-inf") }
        if abs(self) >= 1e15 { return String(self) }
        let rounded = (self * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        var digits = String(Int64((abs(rounded) * 1000).rounded()))
        while digits.count < 4 { digits = "0" + digits }
        var fraction = String(digits.suffix(3))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (rounded < 0 ? "-" : "") + String(digits.dropLast(3)) + "." + fraction
    }
}
