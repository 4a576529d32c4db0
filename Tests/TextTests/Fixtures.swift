import Foundation

/// The directory of the test fixtures, found next to this source file.
let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Fixtures__")

/// One case of a Unicode break test file: the scalars and where the breaks are.
struct BreakTestCase: CustomStringConvertible {
    /// The scalars of the case.
    var scalars: [Unicode.Scalar]
    /// The scalar indices with a break before them, from 1 to `scalars.count` (the end).
    var breaks: [Int]
    /// The line number in the file.
    var line: Int
    /// The comment of the line, which names the rules.
    var comment: String

    var text: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    var description: String {
        "line \(line): "
            + scalars.map { String($0.value, radix: 16, uppercase: true) }
            .joined(separator: " ") + " # " + comment
    }

    /// Reads every case of a break test file of the Unicode Character Database
    /// (`÷ 0041 × 0308 ÷` lines).
    static func load(_ name: String) throws -> [BreakTestCase] {
        let text = try String(
            contentsOf: fixturesDirectory.appendingPathComponent(name), encoding: .utf8)
        var cases: [BreakTestCase] = []
        for (number, rawLine) in text.split(separator: "\n").enumerated() {
            let parts = rawLine.split(
                separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            guard let body = parts.first, !body.trimmingCharacters(in: .whitespaces).isEmpty
            else { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Int] = []
            for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷":
                    if !scalars.isEmpty { breaks.append(scalars.count) }
                case "×":
                    break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value)
                    else { throw FixtureError("\(name):\(number + 1): bad code point \(token)") }
                    scalars.append(scalar)
                }
            }
            cases.append(
                BreakTestCase(
                    scalars: scalars, breaks: breaks, line: number + 1,
                    comment: parts.count > 1 ? String(parts[1]) : ""))
        }
        return cases
    }
}

/// A malformed fixture.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension String {
    /// Maps UTF-8 offsets of the string to scalar indices.
    func scalarIndices(ofUTF8Offsets offsets: [Int]) -> [Int] {
        var map: [Int: Int] = [:]
        var offset = 0
        for (index, scalar) in unicodeScalars.enumerated() {
            map[offset] = index
            offset += UTF8.width(scalar)
        }
        map[offset] = unicodeScalars.count
        return offsets.map { map[$0] ?? -1 }
    }
}
