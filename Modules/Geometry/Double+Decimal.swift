extension Double {
    /// The number rounded to three decimals and written without trailing zeros, as the text
    /// backend, snapshots and the command print numbers: `1.5`, `-2.25`, `42`, never `-0`.
    ///
    /// Magnitudes of 10^15 and above are written in Swift's shortest form; NaN and the
    /// infinities as `nan`, `inf` and `-inf`.
    public var decimalDescription: String {
        var bytes: [UInt8] = []
        appendDecimalDescription(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``decimalDescription`` as UTF-8, digit by digit, without making a string (an
    /// output of many numbers, such as `trellis layout`'s, writes them straight into its
    /// buffer).
    package func appendDecimalDescription(to bytes: inout [UInt8]) {
        guard isFinite else {
            bytes.append(contentsOf: (isNaN ? "nan" : (self > 0 ? "inf" : "-inf")).utf8)
            return
        }
        if abs(self) >= 1e15 {
            bytes.append(contentsOf: String(self).utf8)
            return
        }
        // A whole number, as most coordinates are, needs no rounding to thousandths.
        if self == self.rounded(.towardZero) {
            Self.appendWhole(self, to: &bytes)
            return
        }
        let rounded = (self * 1000).rounded() / 1000
        if rounded == rounded.rounded() {
            Self.appendWhole(rounded, to: &bytes)
            return
        }
        if rounded < 0 { bytes.append(UInt8(ascii: "-")) }
        let thousandths = UInt64((abs(rounded) * 1000).rounded())
        Self.appendDigits(of: Int64(thousandths / 1000), to: &bytes)
        bytes.append(UInt8(ascii: "."))
        // The three decimals without their trailing zeros (the fraction is not zero).
        let fraction = thousandths % 1000
        let digits = (UInt8(fraction / 100), UInt8(fraction / 10 % 10), UInt8(fraction % 10))
        bytes.append(UInt8(ascii: "0") + digits.0)
        if digits.1 != 0 || digits.2 != 0 { bytes.append(UInt8(ascii: "0") + digits.1) }
        if digits.2 != 0 { bytes.append(UInt8(ascii: "0") + digits.2) }
    }

    /// Appends a whole number of less than 1e15 (`0` for either zero).
    private static func appendWhole(_ value: Double, to bytes: inout [UInt8]) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: Int64(abs(value)), to: &bytes)
    }

    /// Appends the decimal digits of a value that is not negative.
    ///
    /// The digits are found from the last, by division by the constant 10 (which compiles to
    /// a multiplication), into a buffer on the stack, and appended at once.
    private static func appendDigits(of value: Int64, to bytes: inout [UInt8]) {
        var rest = UInt64(value)
        // UInt64.max has 20 digits.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest != 0
            // A few digits are appended one by one more cheaply than as a collection.
            for offset in (24 - count)..<24 { bytes.append(buffer[offset]) }
        }
    }
}
