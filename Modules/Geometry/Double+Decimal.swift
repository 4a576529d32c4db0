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

    /// Appends ``decimalDescription`` as UTF-8, without making a string (an output of many
    /// numbers, such as `trellis layout`'s, writes them straight into its buffer).
    package func appendDecimalDescription(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.decimalDescriptionCapacity) {
            buffer in
            let count = writeDecimalDescription(to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The most bytes ``writeDecimalDescription(to:)`` writes: Swift's shortest form of a
    /// double has at most 24 characters (`-2.2250738585072014e-308`).
    package static let decimalDescriptionCapacity = 32

    /// Writes ``decimalDescription`` as UTF-8 to `out`, which has room for
    /// ``decimalDescriptionCapacity`` bytes, and returns how many it wrote.
    package func writeDecimalDescription(to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard isFinite else {
            return Self.write(isNaN ? "nan" : (self > 0 ? "inf" : "-inf"), to: out)
        }
        if abs(self) >= 1e15 {
            return Self.write(String(self), to: out)
        }
        // A whole number, as most coordinates are, needs no rounding to thousandths.
        if self == self.rounded(.towardZero) {
            return Self.writeWhole(self, to: out)
        }
        let rounded = (self * 1000).rounded() / 1000
        if rounded == rounded.rounded() {
            return Self.writeWhole(rounded, to: out)
        }
        var count = 0
        if rounded < 0 {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        let thousandths = UInt64((abs(rounded) * 1000).rounded())
        count += Self.writeDigits(of: thousandths / 1000, to: out + count)
        out[count] = UInt8(ascii: ".")
        count += 1
        // The three decimals without their trailing zeros (the fraction is not zero).
        let fraction = thousandths % 1000
        let digits = (UInt8(fraction / 100), UInt8(fraction / 10 % 10), UInt8(fraction % 10))
        out[count] = UInt8(ascii: "0") + digits.0
        count += 1
        if digits.1 != 0 || digits.2 != 0 {
            out[count] = UInt8(ascii: "0") + digits.1
            count += 1
        }
        if digits.2 != 0 {
            out[count] = UInt8(ascii: "0") + digits.2
            count += 1
        }
        return count
    }

    /// Writes a short text's UTF-8 and returns its length.
    private static func write(_ text: String, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        for byte in text.utf8.prefix(decimalDescriptionCapacity) {
            out[count] = byte
            count += 1
        }
        return count
    }

    /// Writes a whole number of less than 1e15 (`0` for either zero).
    private static func writeWhole(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value == 0 {
            out[0] = UInt8(ascii: "0")
            return 1
        }
        guard value < 0 else { return writeDigits(of: UInt64(value), to: out) }
        out[0] = UInt8(ascii: "-")
        return 1 + writeDigits(of: UInt64(-value), to: out + 1)
    }

    /// Writes the decimal digits of a value and returns how many there are.
    ///
    /// The digits are counted first, then found from the last by division by the constant 10
    /// (which compiles to a multiplication) and written in place.
    private static func writeDigits(of value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1
        var scan = value / 10
        while scan != 0 {
            count += 1
            scan /= 10
        }
        var rest = value
        var index = count
        repeat {
            index -= 1
            out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest != 0
        return count
    }
}
