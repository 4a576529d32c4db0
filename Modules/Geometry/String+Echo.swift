extension Unicode.Scalar {
    /// Whether the scalar could act on a terminal or reorder the text around it when echoed:
    /// a C0 or C1 control, DEL, a line or paragraph separator, or a bidirectional mark,
    /// embedding, override or isolate.
    package var isUnsafeToEcho: Bool {
        switch value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E,
            0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}

extension String {
    /// The text with every scalar that ``Unicode/Scalar/isUnsafeToEcho`` escaped visibly as
    /// `\u{…}`, for diagnostics that repeat what a user wrote: an escape sequence in an id, a
    /// key or a file name cannot then reach the terminal that shows the message.
    ///
    /// ```swift
    /// "bad\u{1B}[31mid".escapedForEcho  // "bad\u{1B}[31mid" spelled with a backslash
    /// ```
    package var escapedForEcho: String {
        guard unicodeScalars.contains(where: \.isUnsafeToEcho) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if scalar.isUnsafeToEcho {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
