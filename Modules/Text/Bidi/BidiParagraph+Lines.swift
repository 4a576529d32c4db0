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
                range: utf8Offset(ofScalar: Int(run.start))..<utf8Offset(ofScalar: Int(run.end)),
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
        let runs = orderedRuns(scalars)
        let lower = scalars.lowerBound
        return [Int](unsafeUninitializedCapacity: scalars.count) { order, count in
            guard let base = order.baseAddress else {
                count = 0
                return
            }
            var position = 0
            for run in runs {
                let start = Int(run.start)
                let end = Int(run.end)
                if run.level & 1 == 0 {
                    for index in start..<end {
                        (base + position).initialize(to: index - lower)
                        position += 1
                    }
                } else {
                    var index = end
                    while index > start {
                        index -= 1
                        (base + position).initialize(to: index - lower)
                        position += 1
                    }
                }
            }
            count = position
        }
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
    /// - Complexity: O(*m* + *s* + *w*) for *m* scalars with *s* separators among them and *w*
    ///   characters that the rule resets.
    func lineLevels(_ scalars: Range<Int>) -> [UInt8] {
        var lineLevels = Array(levels[scalars])
        let lower = scalars.lowerBound
        let baseLevel = self.baseLevel
        lineLevels.withUnsafeMutableBufferPointer { lineLevels in
            let trailing = trailingStart(of: scalars) - lower
            for position in trailing..<lineLevels.count { lineLevels[position] = baseLevel }
            for separator in separators {
                let position = Int(separator) - lower
                guard position >= 0 else { continue }
                guard position < trailing else { break }
                lineLevels[position] = baseLevel
                var before = position
                while before > 0 && Self.isResetBeforeSeparator(classes[lower + before - 1]) {
                    before -= 1
                    lineLevels[before] = baseLevel
                }
            }
        }
        return lineLevels
    }

    /// Whether rule L1 resets a character of the class when it comes before a separator or at
    /// the end of a line: white space, isolate controls and the characters rule X9 removes.
    @inline(__always) static func isResetBeforeSeparator(_ bidiClass: BidiClass) -> Bool {
        bidiClass == .whiteSpace || bidiClass.isIsolateControl || bidiClass.isRemovedByX9
    }

    /// The index of the first scalar of the line's end that rule L1 resets: separators and the
    /// characters it resets before them, back from the end of the line.
    private func trailingStart(of scalars: Range<Int>) -> Int {
        var start = scalars.upperBound
        while start > scalars.lowerBound {
            let bidiClass = classes[start - 1]
            guard
                Self.isResetBeforeSeparator(bidiClass) || bidiClass == .segmentSeparator
                    || bidiClass == .paragraphSeparator
            else { break }
            start -= 1
        }
        return start
    }

    /// The runs of equal level of the scalars `scalars` after rule L1, in visual order by
    /// rule L2.
    ///
    /// A line without separators before its end takes its levels from ``levels`` as they are,
    /// its reset end as one run at the paragraph level.
    private func orderedRuns(_ scalars: Range<Int>) -> [LevelRun] {
        guard !scalars.isEmpty else { return [] }
        let trailing = trailingStart(of: scalars)
        let hasInnerSeparators = separators.contains {
            Int($0) >= scalars.lowerBound && Int($0) < trailing
        }
        var runs: [LevelRun] = []
        func collect(_ levels: UnsafeBufferPointer<UInt8>, offset: Int, end: Int) {
            // The runs of levels[0..<end], then the reset end.
            runs.reserveCapacity(16)
            if end > 0, let base = levels.baseAddress {
                var start = 0
                var level = levels[0]
                var position = 1
                while position < end {
                    // Eight levels at a time while they stay the same.
                    if position + 8 <= end {
                        let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                        if word == UInt64(level) &* 0x0101_0101_0101_0101 {
                            position += 8
                            continue
                        }
                    }
                    if levels[position] != level {
                        runs.append(LevelRun(offset + start, offset + position, level))
                        start = position
                        level = levels[position]
                    }
                    position += 1
                }
                runs.append(LevelRun(offset + start, offset + end, level))
            }
            if end < levels.count {
                if let last = runs.last, last.level == baseLevel {
                    runs[runs.count - 1].end = Int32(offset + levels.count)
                } else {
                    runs.append(LevelRun(offset + end, offset + levels.count, baseLevel))
                }
            }
        }
        if hasInnerSeparators {
            let lineLevels = lineLevels(scalars)
            lineLevels.withUnsafeBufferPointer {
                collect($0, offset: scalars.lowerBound, end: $0.count)
            }
        } else {
            levels.withUnsafeBufferPointer {
                collect(
                    UnsafeBufferPointer(rebasing: $0[scalars]), offset: scalars.lowerBound,
                    end: trailing - scalars.lowerBound)
            }
        }
        Self.reverseRuns(&runs)
        return runs
    }

    /// Applies rule L2 to runs in logical order: from the highest level down to the lowest odd
    /// level, reverses every maximal sequence of runs at that level or above.
    static func reverseRuns(_ runs: inout [LevelRun]) {
        var highest: UInt8 = 0
        var lowestOdd = UInt8.max
        for run in runs {
            highest = max(highest, run.level)
            if run.level & 1 == 1 { lowestOdd = min(lowestOdd, run.level) }
        }
        guard lowestOdd <= highest else { return }
        runs.withUnsafeMutableBufferPointer { runs in
            for level in stride(from: highest, through: lowestOdd, by: -1) {
                var first = 0
                while first < runs.count {
                    guard runs[first].level >= level else {
                        first += 1
                        continue
                    }
                    var end = first + 1
                    while end < runs.count && runs[end].level >= level { end += 1 }
                    var low = first
                    var high = end - 1
                    while low < high {
                        runs.swapAt(low, high)
                        low += 1
                        high -= 1
                    }
                    first = end
                }
            }
        }
    }
}

/// A run of scalars of one level: `start..<end` in the paragraph.
struct LevelRun {
    var start: Int32
    var end: Int32
    var level: UInt8

    init(_ start: Int, _ end: Int, _ level: UInt8) {
        self.start = Int32(truncatingIfNeeded: start)
        self.end = Int32(truncatingIfNeeded: end)
        self.level = level
    }
}
