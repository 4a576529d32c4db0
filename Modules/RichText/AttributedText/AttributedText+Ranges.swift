extension AttributedText {
    /// Returns an offset clamped to the text and moved back to the start of its Unicode scalar.
    ///
    /// - Parameter offset: A UTF-8 offset.
    /// - Returns: A valid offset of a scalar boundary in `0...utf8Count`.
    public func validOffset(_ offset: Int) -> Int {
        let utf8 = string.utf8
        var offset = min(max(offset, 0), utf8.count)
        while offset > 0 && offset < utf8.count
            && utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 == 0x80
        {
            offset -= 1
        }
        return offset
    }

    /// Returns a range with both ends made valid by ``validOffset(_:)``.
    ///
    /// - Parameter range: UTF-8 offsets.
    /// - Returns: A range of scalar boundaries within the text.
    public func validRange(_ range: Range<Int>) -> Range<Int> {
        let lower = validOffset(range.lowerBound)
        return lower..<max(lower, validOffset(range.upperBound))
    }

    /// The part of the string in a range of valid offsets.
    func substring(_ range: Range<Int>) -> Substring {
        let utf8 = string.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        return Substring(utf8[lower..<upper])
    }

    /// Returns the characters in a range.
    ///
    /// - Parameter range: UTF-8 offsets; made valid by ``validRange(_:)``.
    /// - Returns: The characters as a string.
    /// - Complexity: O(*n*) in the length of the range.
    public func string(in range: Range<Int>) -> String {
        String(substring(validRange(range)))
    }

    /// Returns the UTF-8 range of a range of grapheme clusters (`Character`s).
    ///
    /// ```swift
    /// let text = AttributedText("浇水7天")
    /// text.utf8Range(ofCharacters: 2..<4)   // 6..<10
    /// ```
    ///
    /// - Parameter characters: Offsets in characters from the start; clamped to the text.
    /// - Returns: The UTF-8 offsets of the same characters.
    /// - Complexity: O(*n*) in `characters.upperBound`.
    public func utf8Range(ofCharacters characters: Range<Int>) -> Range<Int> {
        let lower = characterOffsetToUTF8(characters.lowerBound)
        return lower..<max(lower, characterOffsetToUTF8(characters.upperBound))
    }

    /// Returns the range in grapheme clusters of a UTF-8 range: the characters it touches.
    ///
    /// - Parameter range: UTF-8 offsets; clamped to the text.
    /// - Returns: Character offsets from the start, covering every character the range
    ///   overlaps.
    /// - Complexity: O(*n*) in the length of the text up to the range's end.
    public func characterRange(ofUTF8 range: Range<Int>) -> Range<Int> {
        let length = utf8Count
        let lowerBound = min(max(range.lowerBound, 0), length)
        let range = lowerBound..<min(max(range.upperBound, lowerBound), length)
        var offset = 0
        var index = 0
        var lower: Int?
        for character in string {
            let next = offset + character.utf8.count
            if lower == nil && next > range.lowerBound { lower = index }
            if offset >= range.upperBound { break }
            offset = next
            index += 1
        }
        let start = lower ?? index
        return start..<max(start, index)
    }

    /// Returns the UTF-8 range of the first occurrence of a string.
    ///
    /// - Parameter target: The characters to find, compared by Unicode scalars.
    /// - Returns: The range, or `nil` when the text does not contain it.
    /// - Complexity: O(*n* × *m*) in the lengths of the text and the target, at worst.
    public func utf8Range(of target: String) -> Range<Int>? {
        let haystack = Array(string.utf8)
        let needle = Array(target.utf8)
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0]
                && haystack[start..<(start + needle.count)].elementsEqual(needle)
            {
                return start..<(start + needle.count)
            }
            start += 1
        }
        return nil
    }

    /// Returns the part of the text in a range, with its attributes.
    ///
    /// - Parameter range: UTF-8 offsets; made valid by ``validRange(_:)``.
    /// - Returns: The characters and attributes of the range, with offsets from its start.
    /// - Complexity: O(*r* + *k*) in the runs and the length of the range.
    public func attributedSubstring(in range: Range<Int>) -> AttributedText {
        let range = validRange(range)
        guard !range.isEmpty else { return AttributedText() }
        var runs: [StoredRun] = []
        var index = runIndex(containing: range.lowerBound)
        while index < storedRuns.count && runStart(index) < range.upperBound {
            let end = min(storedRuns[index].end, range.upperBound)
            runs.append(
                StoredRun(end: end - range.lowerBound, attributes: storedRuns[index].attributes))
            index += 1
        }
        return AttributedText(string: String(substring(range)), storedRuns: runs)
    }

    /// The UTF-8 offset of the character at a character offset, clamped to the text.
    private func characterOffsetToUTF8(_ characters: Int) -> Int {
        guard characters > 0 else { return 0 }
        var count = 0
        var offset = 0
        for character in string {
            if count == characters { return offset }
            offset += character.utf8.count
            count += 1
        }
        return offset
    }
}
