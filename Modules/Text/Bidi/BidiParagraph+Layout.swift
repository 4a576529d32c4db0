extension BidiParagraph {
    /// Returns whether every character of a left-to-right paragraph of UTF-8 text resolves to
    /// level 0, so that a layout can skip the algorithm: the text has no character of class R,
    /// AL or AN and no explicit embedding, override or isolate control.
    ///
    /// Only such characters raise a level above 0 in a left-to-right paragraph: European
    /// digits after the paragraph's start become L by rule W7, and neutrals between L
    /// characters (or the paragraph's ends) become L by rules N1 and N2. They all lie in a few
    /// blocks, whose scalars start with the bytes D6 to E0, E2, EF or F0; eight bytes below D6
    /// (ASCII, continuation bytes, Latin, Greek, Cyrillic) are skipped at a time, other bytes
    /// one at a time, and only a scalar in one of those blocks is decoded and looked up.
    ///
    /// - Parameter bytes: UTF-8 text; ill-formed sequences read as U+FFFD.
    /// - Returns: `true` when the text needs no resolution in a left-to-right paragraph.
    /// - Complexity: O(*n*) in the number of bytes.
    package static func isAllLeftToRight(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        let classes = UnicodeTables.bidiClass
        var position = 0
        /// Looks at the byte at `position` and moves past it, or past the scalar it starts;
        /// returns whether that scalar raises a level.
        @inline(__always) func step() -> Bool {
            let byte = base[position]
            guard byte >= 0xD6, byte <= 0xE0 || byte == 0xE2 || byte == 0xEF || byte == 0xF0
            else {
                // Another three-byte scalar (CJK, most of the BMP) is passed whole when its
                // continuation bytes are there: they could start nothing else.
                if byte > 0xE0 && byte < 0xF0 && position + 2 < count
                    && base[position + 1] & 0xC0 == 0x80 && base[position + 2] & 0xC0 == 0x80
                {
                    position += 3
                } else {
                    position += 1
                }
                return false
            }
            let (value, length) = decodeMultibyteUTF8(base, at: position, end: count)
            position += length
            return mayRaiseLevel(value) && raisesLevel(classes.value(value))
        }
        while position + 8 <= count {
            // A byte is D6 or above when its high bit is set and its low seven bits plus 2A
            // reach 80; the sum stays within the byte, so eight bytes are tested at once.
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let high =
                ((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x2A2A_2A2A_2A2A_2A2A) & word
                & 0x8080_8080_8080_8080
            guard high != 0 else {
                position += 8
                continue
            }
            let end = position + 8
            while position < end {
                if step() { return false }
            }
        }
        while position < count {
            if step() { return false }
        }
        return true
    }

    /// Whether a scalar lies in a block that holds characters of class R, AL or AN or explicit
    /// formatting characters: a cheap test before the table lookup. `BidiLayoutTests` checks
    /// it against every scalar's class.
    @inline(__always) static func mayRaiseLevel(_ value: UInt32) -> Bool {
        (value >= 0x0590 && value <= 0x08FF) || (value >= 0x200F && value <= 0x2069)
            || (value >= 0xFB1D && value <= 0xFEFF) || (value >= 0x1_0800 && value <= 0x1_0FFF)
            || (value >= 0x1_E800 && value <= 0x1_EFFF)
    }

    /// Whether a bidi class (as its raw value) can raise a level in a left-to-right paragraph:
    /// R, AL, AN and the explicit embeddings, overrides and isolates.
    @inline(__always) static func raisesLevel(_ rawClass: UInt8) -> Bool {
        rawClass == BidiClass.rightToLeft.rawValue || rawClass == BidiClass.arabicLetter.rawValue
            || rawClass == BidiClass.arabicNumber.rawValue
            || rawClass >= BidiClass.leftToRightEmbedding.rawValue
    }

    /// Returns the level of each grapheme cluster of a line after rule L1: the level of the
    /// cluster's first scalar.
    ///
    /// A layout never splits a grapheme cluster, so it orders whole clusters. The scalars of a
    /// cluster nearly always share a level (a combining mark takes its base's); where they do
    /// not, such as a prepended Arabic number sign before a Latin letter, the cluster goes
    /// with its first scalar.
    ///
    /// - Parameters:
    ///   - line: The UTF-8 offsets of the line in the text the paragraph came from.
    ///   - clusterStarts: The UTF-8 offset, in that text, of each cluster of the line, in
    ///     ascending order; the first is `line.lowerBound`.
    /// - Returns: One level per cluster; the paragraph level for clusters outside the
    ///   paragraph.
    /// - Complexity: O(*m* + *c* + log *n*) for a line of *m* scalars and *c* clusters in a
    ///   paragraph of *n* scalars.
    package func clusterLevels(ofLine line: Range<Int>, clusterStarts: some Sequence<Int>)
        -> [UInt8]
    {
        let scalars = scalarRange(ofLine: line)
        let lineLevels = scalars.isEmpty ? [] : self.lineLevels(scalars)
        var result: [UInt8] = []
        result.reserveCapacity(clusterStarts.underestimatedCount)
        var scalar = scalars.lowerBound
        for start in clusterStarts {
            while scalar + 1 < scalars.upperBound && utf8Offset(ofScalar: scalar + 1) <= start {
                scalar += 1
            }
            result.append(lineLevels.isEmpty ? baseLevel : lineLevels[scalar - scalars.lowerBound])
        }
        return result
    }

    /// Returns items with embedding levels in visual order by rule L2: the runs of equal level
    /// from left to right, each a range of item indices in logical order.
    ///
    /// An item is whatever a layout orders whole: a grapheme cluster, an ellipsis. Items of a
    /// run at an odd level are shown from the end of their range to its start.
    ///
    /// ```swift
    /// BidiParagraph.visualOrder(ofLevels: [0, 0, 1, 1, 2, 0])
    /// // [(0..<2, 0), (4..<5, 2), (2..<4, 1), (5..<6, 0)]
    /// ```
    ///
    /// - Parameter levels: The level of each item, in logical order.
    /// - Returns: The runs; none for no items.
    /// - Complexity: O(*m* + *r* × *k*) for *m* items in *r* runs whose levels span *k* values
    ///   from the lowest odd one.
    package static func visualOrder(ofLevels levels: [UInt8]) -> [(range: Range<Int>, level: UInt8)]
    {
        guard !levels.isEmpty else { return [] }
        var runs: [LevelRun] = []
        var start = 0
        for position in 1...levels.count
        where position == levels.count || levels[position] != levels[start] {
            runs.append(LevelRun(start, position, levels[start]))
            start = position
        }
        reverseRuns(&runs)
        return runs.map { (Int($0.start)..<Int($0.end), $0.level) }
    }

    /// Returns the level of a neutral item, such as an ellipsis, placed between two items, as
    /// rules N1 and N2 resolve a neutral: the direction of both neighbours when they agree,
    /// the paragraph's otherwise.
    ///
    /// - Parameters:
    ///   - before: The level of the item before it, or `nil` at the start of the line.
    ///   - after: The level of the item after it, or `nil` at the end of the line.
    ///   - baseLevel: The paragraph level, which stands in for a missing neighbour.
    /// - Returns: The lower of the two neighbours' levels when they have the same direction,
    ///   the paragraph level otherwise.
    package static func neutralLevel(between before: UInt8?, and after: UInt8?, baseLevel: UInt8)
        -> UInt8
    {
        let left = before ?? baseLevel
        let right = after ?? baseLevel
        return left & 1 == right & 1 ? min(left, right) : baseLevel
    }
}
