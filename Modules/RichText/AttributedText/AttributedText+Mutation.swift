extension AttributedText {
    /// Replaces the attributes of a range.
    ///
    /// - Parameters:
    ///   - attributes: The new attributes of every character in the range.
    ///   - range: UTF-8 offsets; made valid by ``validRange(_:)``.
    /// - Complexity: O(*r*) in the number of runs.
    public mutating func setAttributes(_ attributes: TextAttributes, in range: Range<Int>) {
        let range = validRange(range)
        guard !range.isEmpty else { return }
        let lower = split(at: range.lowerBound)
        let upper = split(at: range.upperBound)
        storedRuns.replaceSubrange(
            lower..<upper, with: [StoredRun(end: range.upperBound, attributes: attributes)])
        coalesce(around: lower...lower)
    }

    /// Adds attributes to a range: each character keeps its other attributes and takes the
    /// value of every attribute that `attributes` sets.
    ///
    /// - Parameters:
    ///   - attributes: The attributes to set.
    ///   - range: UTF-8 offsets; made valid by ``validRange(_:)``.
    /// - Complexity: O(*r*) in the number of runs.
    public mutating func addAttributes(_ attributes: TextAttributes, in range: Range<Int>) {
        transformAttributes(in: range) { $0.merge(attributes) }
    }

    /// Removes attributes from a range.
    ///
    /// - Parameters:
    ///   - keys: The names of the attributes to remove.
    ///   - range: UTF-8 offsets; made valid by ``validRange(_:)``.
    /// - Complexity: O(*r*) in the number of runs.
    public mutating func removeAttributes(_ keys: Set<TextAttributes.Key>, in range: Range<Int>) {
        transformAttributes(in: range) { $0.remove(keys) }
    }

    /// Changes the attributes of each run in a range with a closure.
    ///
    /// ```swift
    /// text.transformAttributes(in: 0..<text.utf8Count) { attributes in
    ///     attributes.font = attributes.font?.withSize(20)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - range: UTF-8 offsets; made valid by ``validRange(_:)``.
    ///   - body: Called once for each run's part of the range, with its attributes to change.
    /// - Complexity: O(*r*) in the number of runs, plus the calls of `body`.
    public mutating func transformAttributes(
        in range: Range<Int>, _ body: (inout TextAttributes) -> Void
    ) {
        let range = validRange(range)
        guard !range.isEmpty else { return }
        let lower = split(at: range.lowerBound)
        let upper = split(at: range.upperBound)
        for index in lower..<upper { body(&storedRuns[index].attributes) }
        coalesce(around: lower...max(lower, upper - 1))
    }

    /// Replaces the characters of a range with attributed text.
    ///
    /// - Parameters:
    ///   - range: UTF-8 offsets; made valid by ``validRange(_:)``.
    ///   - replacement: The new characters with their attributes.
    /// - Complexity: O(*n* + *r*) in the length of the text and the number of runs.
    public mutating func replaceCharacters(in range: Range<Int>, with replacement: AttributedText) {
        let range = validRange(range)
        let lower = split(at: range.lowerBound)
        let upper = split(at: range.upperBound)
        let delta = replacement.utf8Count - range.count
        var inserted = replacement.storedRuns
        for index in inserted.indices { inserted[index].end += range.lowerBound }
        for index in upper..<storedRuns.count { storedRuns[index].end += delta }
        storedRuns.replaceSubrange(lower..<upper, with: inserted)
        let utf8 = string.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        string.replaceSubrange(start..<end, with: replacement.string)
        let last = lower + inserted.count
        coalesce(around: lower...max(lower, last))
    }

    /// Replaces the characters of a range with a string that takes the attributes of the
    /// first replaced character, or, when the range is empty, of the character before it (of
    /// the first character at the start), as `NSMutableAttributedString` does.
    ///
    /// - Parameters:
    ///   - range: UTF-8 offsets; made valid by ``validRange(_:)``.
    ///   - replacement: The new characters.
    /// - Complexity: O(*n* + *r*) in the length of the text and the number of runs.
    public mutating func replaceCharacters(in range: Range<Int>, with replacement: String) {
        let range = validRange(range)
        let attributes: TextAttributes
        if !range.isEmpty || range.lowerBound == 0 {
            attributes = self.attributes(at: range.lowerBound)
        } else {
            attributes = self.attributes(at: range.lowerBound - 1)
        }
        replaceCharacters(in: range, with: AttributedText(replacement, attributes: attributes))
    }

    /// Inserts attributed text at an offset.
    ///
    /// - Parameters:
    ///   - text: The text to insert.
    ///   - offset: A UTF-8 offset; made valid by ``validOffset(_:)``.
    /// - Complexity: O(*n* + *r*).
    public mutating func insert(_ text: AttributedText, at offset: Int) {
        let offset = validOffset(offset)
        replaceCharacters(in: offset..<offset, with: text)
    }

    /// Removes the characters of a range.
    ///
    /// - Parameter range: UTF-8 offsets; made valid by ``validRange(_:)``.
    /// - Complexity: O(*n* + *r*).
    public mutating func removeCharacters(in range: Range<Int>) {
        replaceCharacters(in: range, with: AttributedText())
    }

    /// Appends attributed text.
    ///
    /// - Parameter text: The text to append.
    /// - Complexity: O(*m* + *s*) in the length and runs of `text`, amortised.
    public mutating func append(_ text: AttributedText) {
        let base = utf8Count
        string += text.string
        for run in text.storedRuns {
            appendRun(end: base + run.end, attributes: run.attributes)
        }
    }

    /// Appends characters with attributes.
    ///
    /// - Parameters:
    ///   - string: The characters.
    ///   - attributes: Their attributes.
    /// - Complexity: O(*m*) in the length of `string`, amortised.
    public mutating func append(_ string: some StringProtocol, attributes: TextAttributes) {
        guard !string.isEmpty else { return }
        self.string += string
        appendRun(end: utf8Count, attributes: attributes)
    }

    /// Adds a run at the end, merged with the last one when the attributes are equal.
    private mutating func appendRun(end: Int, attributes: TextAttributes) {
        if let last = storedRuns.indices.last, storedRuns[last].attributes == attributes {
            storedRuns[last].end = end
        } else {
            storedRuns.append(StoredRun(end: end, attributes: attributes))
        }
    }

    /// Splits the run that holds `offset` so that a run starts there.
    ///
    /// - Returns: The index of the run that starts at `offset`, or the run count at the end.
    private mutating func split(at offset: Int) -> Int {
        guard offset < utf8Count else { return storedRuns.count }
        let index = runIndex(containing: offset)
        let start = runStart(index)
        guard start != offset else { return index }
        storedRuns.insert(
            StoredRun(end: offset, attributes: storedRuns[index].attributes), at: index)
        return index + 1
    }

    /// Merges equal neighbours among the runs in `indices` and the runs on either side, in
    /// one pass.
    private mutating func coalesce(around indices: ClosedRange<Int>) {
        let lower = max(indices.lowerBound - 1, 0)
        let upper = min(indices.upperBound + 1, storedRuns.count - 1)
        guard lower < upper else { return }
        var merged = [storedRuns[lower]]
        for index in (lower + 1)...upper {
            if storedRuns[index].attributes == merged[merged.count - 1].attributes {
                merged[merged.count - 1].end = storedRuns[index].end
            } else {
                merged.append(storedRuns[index])
            }
        }
        if merged.count != upper - lower + 1 {
            storedRuns.replaceSubrange(lower...upper, with: merged)
        }
    }
}
