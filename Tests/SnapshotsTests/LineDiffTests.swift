import Foundation
import Testing
import TrellisSnapshots

@Suite struct LineDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.diff(reference: "a\nb", actual: "a\nb") == nil)
    }

    @Test func changesShowWithContext() {
        let reference = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let actual = reference.replacingOccurrences(of: "line 5", with: "line five")
        #expect(
            LineDiff.diff(reference: reference, actual: actual)
                == "--- reference\n+++ actual\n@@\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n line 8\n@@"
        )
    }

    @Test func insertionsAndDeletions() {
        #expect(
            LineDiff.diff(reference: "a\nc", actual: "a\nb\nc")
                == "--- reference\n+++ actual\n a\n+b\n c")
        #expect(
            LineDiff.diff(reference: "a\nb\nc", actual: "a\nc")
                == "--- reference\n+++ actual\n a\n-b\n c")
    }
}
