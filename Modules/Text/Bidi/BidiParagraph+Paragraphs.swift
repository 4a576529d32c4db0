public import TrellisGeometry

extension BidiParagraph {
    /// Splits a text into paragraphs and resolves each one (rule P1 of UAX #9).
    ///
    /// A paragraph ends after each character of bidi class B (line feed, carriage return, next
    /// line, paragraph separator, and the information separators U+001C to U+001E), which it
    /// keeps; a carriage return and line feed together end one paragraph. Each paragraph takes
    /// its own direction from its first strong character unless `direction` gives one, and its
    /// ``range`` is in the offsets of `text`, so that the lines of a layout of the whole text
    /// find their paragraph by offset.
    ///
    /// ```swift
    /// let paragraphs = BidiParagraph.paragraphs(in: "abc\n\u{5D0}\u{5D1}")
    /// paragraphs.map(\.range)           // [0..<4, 4..<8]
    /// paragraphs.map(\.baseDirection)   // [.leftToRight, .rightToLeft]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - direction: The direction of every paragraph, or `nil` to find each one's by rules P2
    ///     and P3.
    /// - Returns: The paragraphs in order; none for an empty text. A separator at the very end
    ///   ends the last paragraph and starts no empty one.
    /// - Complexity: O(*n*) in the length of the text.
    public static func paragraphs(
        in text: String, direction: LayoutDirection? = nil
    ) -> [BidiParagraph] {
        var text = text
        return text.withUTF8 { paragraphs(inUTF8: $0, direction: direction) }
    }

    /// Splits UTF-8 text in memory into paragraphs and resolves each one (rule P1 of UAX #9).
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text; ill-formed sequences read as U+FFFD.
    ///   - direction: The direction of every paragraph, or `nil` to find each one's.
    /// - Returns: The paragraphs in order, as ``paragraphs(in:direction:)`` describes.
    /// - Complexity: O(*n*) in the number of bytes.
    public static func paragraphs(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, direction: LayoutDirection? = nil
    ) -> [BidiParagraph] {
        guard let base = bytes.baseAddress else { return [] }
        var paragraphs: [BidiParagraph] = []
        var start = 0
        var position = 0
        let count = bytes.count
        // The separators are found from the bytes: U+000A, U+000D, U+001C to U+001E, U+0085
        // (C2 85) and U+2029 (E2 80 A9) are every character of class B, and none of their bytes
        // can be part of another well-formed character.
        while position < count {
            // Eight bytes at a time while none is below 20 (a control), C2 or E2.
            if position + 8 <= count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                if !Self.mayHoldSeparator(word) {
                    position += 8
                    continue
                }
            }
            let byte = base[position]
            position += 1
            switch byte {
            case 0x0A, 0x1C, 0x1D, 0x1E:
                break
            case 0x0D:
                if position < count && base[position] == 0x0A { position += 1 }
            case 0xC2 where position < count && base[position] == 0x85:
                position += 1
            case 0xE2
            where position + 1 < count && base[position] == 0x80
                && base[position + 1] == 0xA9:
                position += 2
            default:
                continue
            }
            paragraphs.append(
                BidiParagraph(utf8: bytes, range: start..<position, direction: direction))
            start = position
        }
        if start < bytes.count {
            paragraphs.append(
                BidiParagraph(utf8: bytes, range: start..<bytes.count, direction: direction))
        }
        return paragraphs
    }

    /// Whether eight bytes may hold the start of a paragraph separator: a byte below 20, or C2
    /// or E2. It may say yes for a word without one (a borrow across bytes), never no for a
    /// word with one.
    @inline(__always) static func mayHoldSeparator(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ value: UInt64) -> Bool {
            (value &- ones) & ~value & highs != 0
        }
        let below20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below20 || hasZeroByte(word ^ (ones &* 0xC2)) || hasZeroByte(word ^ (ones &* 0xE2))
    }
}
