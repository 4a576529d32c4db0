import Foundation
import Testing
import TrellisText

/// Cross-checks single-character widths against PyPI's `wcwidth`, recorded in a fixture.
@Suite struct WcwidthComparisonTests {
    /// Code points where the difference is a choice or a version, with the reason.
    static func knownDifference(_ cp: UInt32, wcwidth: Int, ours: TerminalWidth) -> String? {
        if ours.isControl && wcwidth <= 0 {
            // wcwidth gives C0 and C1 controls -1, and NUL, LS and PS 0; a renderer must not
            // send any of them, so TerminalWidth reports them as controls.
            return "control"
        }
        let unicode16Wide: [ClosedRange<UInt32>] = [
            0x2630...0x2637, 0x268A...0x268F, 0x4DC0...0x4DFF, 0x1D300...0x1D356,
            0x1D360...0x1D376,
        ]
        if wcwidth == 2 && ours.columns == 1 && unicode16Wide.contains(where: { $0.contains(cp) }) {
            // Trigram, digram, hexagram and Tai Xuan Jing symbols and counting rods became
            // East Asian wide in Unicode 16.0; the tables are Unicode 15.0.
            return "Unicode 16 East Asian width"
        }
        return nil
    }

    @Test func singleCharacterWidthsAgreeWithWcwidth() throws {
        let text = try String(
            contentsOf: fixturesDirectory.appendingPathComponent("wcwidth-ranges.txt"),
            encoding: .utf8)
        var total = 0
        var differences: [String: Int] = [:]
        var failures: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";")
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
            let low = try #require(UInt32(bounds[0], radix: 16))
            let high = try #require(UInt32(bounds[bounds.count - 1], radix: 16))
            let expected = try #require(Int(fields[1]))
            for cp in low...high {
                let scalar = try #require(Unicode.Scalar(cp))
                let ours = TerminalWidth(of: Character(scalar))
                total += 1
                if !ours.isControl && ours.columns == expected { continue }
                if let reason = Self.knownDifference(cp, wcwidth: expected, ours: ours) {
                    differences[reason, default: 0] += 1
                } else {
                    failures.append(
                        "U+\(String(cp, radix: 16, uppercase: true)): wcwidth \(expected), "
                            + "TerminalWidth \(ours.isControl ? "control" : "\(ours.columns)")")
                }
            }
        }
        let known = differences.values.reduce(0, +)
        print(
            "wcwidth comparison: \(total - failures.count - known)/\(total) code points agree, "
                + "known differences \(differences.sorted { $0.key < $1.key })")
        #expect(total > 280_000)
        #expect(
            failures.isEmpty,
            "\(failures.count) differences:\n\(failures.prefix(20).joined(separator: "\n"))")
    }
}
