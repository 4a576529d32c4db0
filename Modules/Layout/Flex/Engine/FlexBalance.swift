/// Balanced line breaking for `flex-wrap: balance` (CSS Flexbox level 2, §balancing).
///
/// Items are divided into the number of lines greedy breaking would produce (raised to the
/// requested minimum), such that no line of several items exceeds the limit, a zero-sized item
/// joins the end of the preceding line whenever a valid division allows it, and the sum of
/// the squared line sizes is smallest; ties give the most items to the earliest lines.
enum FlexBalance {
    private struct Lines {
        var sums: [Double]
        var isZero: [Bool]
        var gap: Double
        var limit: Double

        var count: Int { sums.count }

        func size(_ start: Int, _ end: Int) -> Double {
            sums[end] - (start == 0 ? 0 : sums[start - 1]) - gap
        }

        func cost(_ start: Int, _ end: Int) -> Double {
            let size = size(start, end)
            if end > start && size > limit { return .infinity }
            return size * size
        }

        func greedyLineCount() -> Int {
            var lines = 1
            var index = 0
            while index < count {
                var next = index
                while next < count && size(index, next) <= limit { next += 1 }
                if next == index { next = index + 1 }
                index = next
                if index < count { lines += 1 }
            }
            return lines
        }
    }

    /// Above this many (lines × items), lines are balanced by a linear-time approximation
    /// instead of the exact search, which could take minutes.
    static let exactWorkLimit = 1_000_000

    /// Fills lines towards an equal share of the total size, never exceeding the limit with
    /// several items, and leaving at least one item for each remaining line.
    private static func approximateCounts(_ lines: Lines, lineCount: Int) -> [Int] {
        let count = lines.count
        let total = lines.size(0, count - 1)
        let target = total / Double(lineCount)
        var counts: [Int] = []
        var start = 0
        while start < count {
            let linesLeft = max(lineCount - counts.count, 1)
            var end = start
            while end + 1 < count && count - (end + 1) >= linesLeft - 1 && linesLeft > 1 {
                let longer = lines.size(start, end + 1)
                if longer > lines.limit || longer > target { break }
                end += 1
            }
            if linesLeft == 1 {
                while end + 1 < count && lines.size(start, end + 1) <= lines.limit { end += 1 }
            }
            counts.append(end - start + 1)
            start = end + 1
        }
        return counts
    }

    /// The number of items on each line.
    ///
    /// - Parameters:
    ///   - sizes: The items' outer hypothetical main sizes (negative sizes count as zero).
    ///   - limit: The container's inner main size, or infinity when indefinite.
    ///   - gap: The main-axis gap between items.
    ///   - minimumLineCount: The least number of lines (`flex-line-count`).
    /// - Returns: Non-zero counts that sum to the number of items.
    /// - Complexity: O(lines × items × items per line), or O(items) past ``exactWorkLimit``.
    static func lineItemCounts(sizes: [Double], limit: Double, gap: Double, minimumLineCount: Int)
        -> [Int]
    {
        let count = sizes.count
        guard count > 0 else { return [] }
        let gap = gap.isFinite ? max(gap, 0) : 0
        var sums: [Double] = []
        var isZero: [Bool] = []
        sums.reserveCapacity(count)
        var sum = 0.0
        for raw in sizes {
            let size =
                raw.isFinite ? max(raw, 0) : (raw > 0 ? Double(Float.greatestFiniteMagnitude) : 0)
            sum += size + gap
            sums.append(sum)
            isZero.append(size == 0)
        }
        let lines = Lines(
            sums: sums, isZero: isZero, gap: gap, limit: limit.isNaN ? .infinity : limit)
        let lineCount = max(lines.greedyLineCount(), min(max(minimumLineCount, 1), count))
        if lineCount == count { return Array(repeating: 1, count: count) }
        if lineCount == 1 { return [count] }
        if lineCount * count > exactWorkLimit {
            return approximateCounts(lines, lineCount: lineCount)
        }

        var errors = [Double](repeating: .infinity, count: lineCount * count)
        for start in 0..<count { errors[start] = lines.cost(start, count - 1) }

        func zeroBoundaryValid(_ lineTotal: Int, _ start: Int, _ end: Int) -> Bool {
            guard lines.isZero[end + 1] else { return true }
            var glued = end + 1
            while glued <= count - lineTotal {
                if lines.size(start, glued) > lines.limit { break }
                if errors[(lineTotal - 2) * count + glued + 1].isFinite { return false }
                glued += 1
            }
            return true
        }

        if lineCount >= 2 {
            for lineTotal in 2...lineCount {
                let row = (lineTotal - 1) * count
                for start in 0..<count {
                    var best = Double.infinity
                    var end = start
                    while end + lineTotal <= count {
                        let cost = lines.cost(start, end)
                        if cost == .infinity { break }
                        if zeroBoundaryValid(lineTotal, start, end) {
                            best = min(best, cost + errors[row - count + end + 1])
                        }
                        end += 1
                    }
                    errors[row + start] = best
                }
            }
        }

        var counts: [Int] = []
        var start = 0
        for linesAfter in stride(from: lineCount - 1, through: 0, by: -1) {
            let target = errors[linesAfter * count + start]
            var end = count - 1 - linesAfter
            while true {
                let cost = lines.cost(start, end)
                if cost != .infinity
                    && (linesAfter == 0 || zeroBoundaryValid(linesAfter + 1, start, end))
                {
                    let remaining = linesAfter == 0 ? 0 : errors[(linesAfter - 1) * count + end + 1]
                    if cost + remaining == target || !target.isFinite { break }
                }
                if end <= start { break }
                end -= 1
            }
            counts.append(end - start + 1)
            start = end + 1
        }
        return counts
    }
}
