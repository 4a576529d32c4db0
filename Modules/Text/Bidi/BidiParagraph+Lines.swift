extension BidiParagraph {
    /// Returns the runs of one line of the paragraph in visual order, from left to right.
    ///
    /// The line's levels are the paragraph's ``levels`` after rule L1: segment and paragraph
    /// separators, and any whitespace and isolate controls before them or at the end of the
    /// line, return to the paragraph level. Rule L2 then reverses every sequence of runs at
    /// each level from the highest down to the lowest odd one; a run whose level is odd shows
    /// its characters from right to left.
    ///
    /// ```swift
    /// let paragraph = BidiParagraph("abc \u{5D0}\u{5D1}\u{5D2} 123")   // "abc אבג 123"
    /// paragraph.visualRuns(inLine: 0..<14).map { ($0.range, $0.level) }
    /// // [(0..<4, 0), (11..<14, 2), (4..<11, 1)]: "abc 123 גבא"
    /// ```
    ///
    /// - Parameter line: The UTF-8 offsets of the line in the text the paragraph came from,
    ///   such as a `TextLayout.Line`'s `range`. Offsets outside ``range`` are clamped to it and
    ///   an offset inside a scalar moves to the scalar's end.
    /// - Returns: The runs; none for an empty line.
    /// - Complexity: O(*m* + *r* × *k* + log *n*) for a line of *m* scalars in *r* runs whose
    ///   levels span *k* values from the lowest odd one, in a paragraph of *n* scalars.
    public func visualRuns(inLine line: Range<Int>) -> [BidiRun] {
        let scalars = scalarRange(ofLine: line)
        return orderedRuns(scalars).map { run in
            BidiRun(
                range: utf8Offset(ofScalar: run.start)..<utf8Offset(ofScalar: run.end),
                level: run.level)
        }
    }

    /// Returns the scalars of one line of the paragraph in visual order, from left to right.
    ///
    /// This is the order of ``visualRuns(inLine:)`` character by character: element *i* is the
    /// logical index, from the line's first scalar, of the scalar shown at visual position *i*.
    /// Characters that rule X9 removes are included, beside the character before them.
    ///
    /// ```swift
    /// BidiParagraph("ab \u{5D0}\u{5D1}").visualOrder(inLine: 0..<7)   // [0, 1, 2, 4, 3]
    /// ```
    ///
    /// - Parameter line: The UTF-8 offsets of the line, as for ``visualRuns(inLine:)``.
    /// - Returns: A permutation of `0..<m` for a line of *m* scalars.
    /// - Complexity: O(*m* + *r* × *k* + log *n*), as for ``visualRuns(inLine:)``.
    public func visualOrder(inLine line: Range<Int>) -> [Int] {
        let scalars = scalarRange(ofLine: line)
        var order: [Int] = []
        order.reserveCapacity(scalars.count)
        for run in orderedRuns(scalars) {
            if run.level & 1 == 0 {
                for index in run.start..<run.end { order.append(index - scalars.lowerBound) }
            } else {
                for index in (run.start..<run.end).reversed() {
                    order.append(index - scalars.lowerBound)
                }
            }
        }
        return order
    }

    /// The scalar indices of the line at UTF-8 offsets `line`, clamped to the paragraph.
    func scalarRange(ofLine line: Range<Int>) -> Range<Int> {
        let lower = scalarIndex(atUTF8Offset: line.lowerBound)
        let upper = scalarIndex(atUTF8Offset: line.upperBound)
        return lower..<max(lower, upper)
    }

    /// The index of the first scalar that starts at or after a UTF-8 offset of the text.
    func scalarIndex(atUTF8Offset offset: Int) -> Int {
        let relative = offset - range.lowerBound
        guard relative > 0 else { return 0 }
        guard relative < range.count else { return offsets.count }
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if Int(offsets[middle]) < relative { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The UTF-8 offset in the text of a scalar, or of the paragraph's end.
    func utf8Offset(ofScalar index: Int) -> Int {
        index < offsets.count ? range.lowerBound + Int(offsets[index]) : range.upperBound
    }

    /// The levels of the scalars `scalars` after rule L1: segment and paragraph separators,
    /// and whitespace, isolate controls and characters removed by rule X9 before them or at
    /// the end of the line, take the paragraph level.
    ///
    /// - Complexity: O(*m*) for *m* scalars.
    func lineLevels(_ scalars: Range<Int>) -> [UInt8] {
        var lineLevels = Array(levels[scalars])
        // L1, from the end of the line back.
        var isTrailing = true
        for position in lineLevels.indices.reversed() {
            let bidiClass = classes[scalars.lowerBound + position]
            switch bidiClass {
            case .segmentSeparator, .paragraphSeparator:
                lineLevels[position] = baseLevel
                isTrailing = true
            case .whiteSpace, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate,
                .popDirectionalIsolate:
                if isTrailing { lineLevels[position] = baseLevel }
            default:
                if bidiClass.isRemovedByX9 {
                    if isTrailing { lineLevels[position] = baseLevel }
                } else {
                    isTrailing = false
                }
            }
        }
        return lineLevels
    }

    /// The runs of equal level of the scalars `scalars` after rule L1, in visual order by
    /// rule L2.
    private func orderedRuns(_ scalars: Range<Int>) -> [(start: Int, end: Int, level: UInt8)] {
        guard !scalars.isEmpty else { return [] }
        let lineLevels = lineLevels(scalars)
        var runs: [(start: Int, end: Int, level: UInt8)] = []
        var start = 0
        for position in 1...lineLevels.count
        where position == lineLevels.count || lineLevels[position] != lineLevels[start] {
            runs.append(
                (scalars.lowerBound + start, scalars.lowerBound + position, lineLevels[start]))
            start = position
        }
        Self.reverseRuns(&runs)
        return runs
    }

    /// Applies rule L2 to runs in logical order: from the highest level down to the lowest odd
    /// level, reverses every maximal sequence of runs at that level or above.
    static func reverseRuns(_ runs: inout [(start: Int, end: Int, level: UInt8)]) {
        var highest: UInt8 = 0
        var lowestOdd = UInt8.max
        for run in runs {
            highest = max(highest, run.level)
            if run.level & 1 == 1 { lowestOdd = min(lowestOdd, run.level) }
        }
        guard lowestOdd <= highest else { return }
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var first = 0
            while first < runs.count {
                guard runs[first].level >= level else {
                    first += 1
                    continue
                }
                var end = first + 1
                while end < runs.count && runs[end].level >= level { end += 1 }
                runs[first..<end].reverse()
                first = end
            }
        }
    }
}
