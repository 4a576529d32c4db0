/// Text from outside the program (file names, messages that quote them) made safe to print on
/// a terminal.
///
/// A file name may hold any byte but `/` and NUL: an escape sequence in one could recolour,
/// retitle or clear the terminal, and a bidirectional override could make it read as another
/// name. Such characters are shown as Swift escapes instead:
///
/// ```swift
/// EscapedText.visible("/tmp/lib\u{1B}[2JTrellis\u{202E}os.Backend.so")
/// // "/tmp/lib\\u{1B}[2JTrellis\\u{202E}os.Backend.so"
/// ```
enum EscapedText {
    /// The text with every C0 and C1 control character, DEL and bidirectional embedding,
    /// override or isolate (U+202A–U+202E, U+2066–U+2069) written as `\u{XX}`, in upper-case
    /// hexadecimal; everything else is kept as it is.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    static func visible(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
