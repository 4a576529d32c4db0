/// A line-by-line difference between two texts, printed as a unified diff: `-` lines are only in
/// the reference, `+` lines only in the new text, with three lines of context around each
/// change.
public enum LineDiff {
    /// The diff of two texts, or `nil` when they are equal.
    ///
    /// - Complexity: O(*n* × *m*) in the line counts, which snapshots keep small.
    public static func diff(reference: String, actual: String, context: Int = 3) -> String? {
        if reference == actual { return nil }
        let a = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let operations = align(a, b)
        var changed = Set<Int>()
        for (index, operation) in operations.enumerated() where operation.kind != " " {
            changed.insert(index)
        }
        if changed.isEmpty {
            return "the texts differ only in characters the diff cannot show (line endings?)"
        }
        var output: [String] = ["--- reference", "+++ actual"]
        var lastPrinted = -1
        for (index, operation) in operations.enumerated() {
            let near = changed.contains { abs($0 - index) <= context }
            guard near else { continue }
            if lastPrinted >= 0 && index > lastPrinted + 1 { output.append("@@") }
            if lastPrinted < 0 && index > 0 { output.append("@@") }
            output.append("\(operation.kind)\(operation.line)")
            lastPrinted = index
        }
        if lastPrinted < operations.count - 1 { output.append("@@") }
        return output.joined(separator: "\n")
    }

    private struct Operation {
        var kind: Character
        var line: String
    }

    /// Aligns two line lists by their longest common subsequence.
    private static func align(_ a: [String], _ b: [String]) -> [Operation] {
        let n = a.count
        let m = b.count
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    a[i] == b[j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [Operation] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                result.append(Operation(kind: " ", line: a[i]))
                i += 1
                j += 1
            } else if j < m, i == n || lengths[i][j + 1] > lengths[i + 1][j] {
                result.append(Operation(kind: "+", line: b[j]))
                j += 1
            } else {
                result.append(Operation(kind: "-", line: a[i]))
                i += 1
            }
        }
        return result
    }
}
