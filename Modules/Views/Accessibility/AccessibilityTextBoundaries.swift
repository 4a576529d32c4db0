import TrellisText

/// Where a text's characters, words, sentences and lines start and end, in Unicode scalars from
/// its start, as platform accessibility APIs (AT-SPI's `Text`) count offsets.
///
/// - Characters are grapheme clusters: an emoji with its modifiers, a letter with its marks.
/// - Words start where TrellisText's line breaker (UAX #14) may break a line: after the spaces
///   that follow a word, and between ideographs, which are words of their own. A word ends
///   after its last letter, number or ideograph.
/// - Sentences start at the first character after a `.`, `!`, `?`, `。`, `！`, `？` or `…`
///   (with any closing quotes and brackets) and the spaces after it, and end after the
///   closing punctuation.
/// - Lines start after a line feed, carriage return or line separator, and end before it.
///
/// Each list holds 0 and the scalar count, in order, without repeats.
package struct AccessibilityTextBoundaries: Sendable {
    /// The text's Unicode scalars.
    package let scalars: [Unicode.Scalar]
    /// Where characters start.
    package let characters: [Int]
    /// Where words start.
    package let wordStarts: [Int]
    /// Where words end.
    package let wordEnds: [Int]
    /// Where sentences start.
    package let sentenceStarts: [Int]
    /// Where sentences end.
    package let sentenceEnds: [Int]
    /// Where lines start.
    package let lineStarts: [Int]
    /// Where lines end.
    package let lineEnds: [Int]

    /// Finds the boundaries of a text.
    ///
    /// - Parameter text: The text.
    /// - Complexity: O(*n*) in the length of the text.
    package init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        let count = scalars.count
        // Characters, with each one's first scalar offset.
        var characterStarts: [Int] = []
        var clusters: [Character] = []
        var offset = 0
        for character in text {
            characterStarts.append(offset)
            clusters.append(character)
            offset += character.unicodeScalars.count
        }
        characters = AccessibilityTextBoundaries.closed(characterStarts, count)
        // Word starts: the line breaker's opportunities, from UTF-8 offsets to scalar offsets.
        var scalarAtUTF8: [Int: Int] = [:]
        var utf8 = 0
        for (index, scalar) in scalars.enumerated() {
            scalarAtUTF8[utf8] = index
            utf8 += UTF8.width(scalar)
        }
        scalarAtUTF8[utf8] = count
        let breaks = LineBreaker.opportunities(in: text).compactMap { scalarAtUTF8[$0.offset] }
        wordStarts = AccessibilityTextBoundaries.closed(breaks, count)
        // Word ends: after a word character that is followed by none.
        func isWordCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber
                || character.unicodeScalars.first?.properties.isIdeographic == true
        }
        var ends: [Int] = []
        for (index, character) in clusters.enumerated() where isWordCharacter(character) {
            let next = index + 1
            let ideograph = character.unicodeScalars.first?.properties.isIdeographic == true
            if next == clusters.count || !isWordCharacter(clusters[next]) || ideograph {
                ends.append(characterStarts[index] + character.unicodeScalars.count)
            }
        }
        wordEnds = AccessibilityTextBoundaries.closed(ends, count)
        // Sentences and lines.
        let terminators: Set<Character> = [".", "!", "?", "。", "！", "？", "…"]
        let closers: Set<Character> = ["\"", "'", ")", "]", "”", "’", "」", "』", "）"]
        var sentenceStarts: [Int] = []
        var sentenceEnds: [Int] = []
        var lineStarts: [Int] = []
        var lineEnds: [Int] = []
        var index = 0
        while index < clusters.count {
            let character = clusters[index]
            if character.isNewline {
                lineEnds.append(characterStarts[index])
                lineStarts.append(characterStarts[index] + character.unicodeScalars.count)
                sentenceEnds.append(characterStarts[index])
                sentenceStarts.append(characterStarts[index] + character.unicodeScalars.count)
                index += 1
                continue
            }
            guard terminators.contains(character) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < clusters.count,
                terminators.contains(clusters[end]) || closers.contains(clusters[end])
            {
                end += 1
            }
            let endOffset = end < clusters.count ? characterStarts[end] : count
            var start = end
            while start < clusters.count, clusters[start].isWhitespace, !clusters[start].isNewline {
                start += 1
            }
            // A full stop inside a word ("3.5", "e.g") does not end a sentence.
            if start == end, end < clusters.count, !character.isFullWidthTerminator {
                index = end
                continue
            }
            sentenceEnds.append(endOffset)
            sentenceStarts.append(start < clusters.count ? characterStarts[start] : count)
            index = max(start, index + 1)
        }
        self.sentenceStarts = AccessibilityTextBoundaries.closed(sentenceStarts, count)
        self.sentenceEnds = AccessibilityTextBoundaries.closed(sentenceEnds, count)
        self.lineStarts = AccessibilityTextBoundaries.closed(lineStarts, count)
        self.lineEnds = AccessibilityTextBoundaries.closed(lineEnds, count)
    }

    /// Offsets with 0 and the count, sorted, without repeats or offsets outside the text.
    private static func closed(_ offsets: [Int], _ count: Int) -> [Int] {
        Array(Set(offsets.filter { $0 > 0 && $0 < count } + [0, count])).sorted()
    }

    /// The span of a boundary list that holds an offset: from the last boundary at or before
    /// it to the next one; `nil` for an offset outside `0..<count` (an empty text has none).
    ///
    /// - Parameters:
    ///   - offset: The scalar offset.
    ///   - boundaries: One of the boundary lists.
    package func span(at offset: Int, in boundaries: [Int]) -> Range<Int>? {
        guard offset >= 0, offset < scalars.count else { return nil }
        // The last boundary at or before the offset, by binary search.
        var low = 0
        var high = boundaries.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if boundaries[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return boundaries[low]..<boundaries[min(low + 1, boundaries.count - 1)]
    }

    /// The text of a scalar range, clamped to the text.
    ///
    /// - Parameter range: The scalar offsets.
    package func text(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), scalars.count)
        let upper = min(max(range.upperBound, lower), scalars.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        return String(view)
    }
}

extension Character {
    /// Whether the character is a full-width sentence terminator, which needs no space after it.
    fileprivate var isFullWidthTerminator: Bool {
        self == "。" || self == "！" || self == "？"
    }
}
