import Foundation
import TrellisGeometry
import TrellisText

/// One expectation of a Unicode bidi conformance file: a paragraph, its direction, and the
/// levels and visual order it must resolve to as one line.
struct BidiExpectation {
    /// The scalars of the paragraph.
    var scalars: [Unicode.Scalar]
    /// The given direction, or `nil` for rules P2 and P3 (left to right without a strong
    /// character).
    var direction: LayoutDirection?
    /// The paragraph level, when the file gives it.
    var paragraphLevel: UInt8?
    /// The level of each scalar after rule L1; `nil` for the characters rule X9 removes.
    var levels: [UInt8?]
    /// The logical indices of the scalars that X9 keeps, from left to right.
    var order: [Int]
    /// The file and line, for failure messages.
    var source: String

    /// Resolves the paragraph and compares it with the expectation.
    ///
    /// - Returns: `nil` when everything matches, else a description of the differences.
    func mismatch() -> String? {
        var bytes: [UInt8] = []
        var scalarStarts: [Int] = []
        for scalar in scalars {
            scalarStarts.append(bytes.count)
            bytes.append(contentsOf: String(scalar).utf8)
        }
        let paragraph = bytes.withUnsafeBufferPointer {
            BidiParagraph(utf8: $0, direction: direction)
        }
        let line = 0..<bytes.count
        var found = [UInt8](repeating: 0, count: scalars.count)
        var scalar = 0
        for run in paragraph.visualRuns(inLine: line) {
            scalar = scalarStarts.firstIndex(of: run.range.lowerBound) ?? scalars.count
            while scalar < scalars.count && scalarStarts[scalar] < run.range.upperBound {
                found[scalar] = run.level
                scalar += 1
            }
        }
        let foundOrder = paragraph.visualOrder(inLine: line).filter {
            !levels.indices.contains($0) || levels[$0] != nil
        }
        let levelsMatch = zip(levels, found).allSatisfy { expected, level in
            expected.map { $0 == level } ?? true
        }
        let paragraphLevelMatches = paragraphLevel.map { $0 == paragraph.baseLevel } ?? true
        if levelsMatch && foundOrder == order && paragraphLevelMatches { return nil }
        let codePoints = scalars.map { String($0.value, radix: 16, uppercase: true) }
        let classes = scalars.map { BidiClass(of: $0).shortName }
        let expectedLevels = levels.map { $0.map(String.init) ?? "x" }
        let foundLevels = zip(levels, found).map { $0 == nil ? "x" : String($1) }
        return """
            \(source): \(codePoints.joined(separator: " ")) (\(classes.joined(separator: " "))), \
            direction \(direction.map(\.rawValue) ?? "auto")
                paragraph level expected \(paragraphLevel.map(String.init) ?? "-"), \
            found \(paragraph.baseLevel)
                levels expected \(expectedLevels.joined(separator: " ")), \
            found \(foundLevels.joined(separator: " "))
                order expected \(order), found \(foundOrder)
            """
    }
}

/// A malformed bidi fixture line.
private func malformed(_ name: String, _ line: Int) -> FixtureError {
    FixtureError("\(name):\(line): malformed line")
}

/// Parses `1 x 2` levels.
private func parseLevels(_ text: Substring) -> [UInt8?]? {
    var levels: [UInt8?] = []
    for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        if token == "x" {
            levels.append(nil)
        } else {
            guard let level = UInt8(token) else { return nil }
            levels.append(level)
        }
    }
    return levels
}

/// Parses `2 0 1` indices.
private func parseOrder(_ text: Substring) -> [Int]? {
    var order: [Int] = []
    for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        guard let index = Int(token) else { return nil }
        order.append(index)
    }
    return order
}

enum BidiFixtures {
    /// A scalar of each bidi class for `BidiTest.txt`, which lists classes rather than
    /// characters: none is a paired bracket or mirrored, as that file assumes.
    static let representatives: [BidiClass: Unicode.Scalar] = [
        .leftToRight: "a", .rightToLeft: "\u{05D0}", .arabicLetter: "\u{0627}",
        .europeanNumber: "1", .europeanSeparator: "+", .europeanTerminator: "$",
        .arabicNumber: "\u{0660}", .commonSeparator: ",", .nonspacingMark: "\u{0300}",
        .boundaryNeutral: "\u{00AD}", .paragraphSeparator: "\u{2029}", .segmentSeparator: "\t",
        .whiteSpace: " ", .otherNeutral: "!", .leftToRightEmbedding: "\u{202A}",
        .leftToRightOverride: "\u{202D}", .rightToLeftEmbedding: "\u{202B}",
        .rightToLeftOverride: "\u{202E}", .popDirectionalFormat: "\u{202C}",
        .leftToRightIsolate: "\u{2066}", .rightToLeftIsolate: "\u{2067}",
        .firstStrongIsolate: "\u{2068}", .popDirectionalIsolate: "\u{2069}",
    ]

    /// Reads a fixture's lines.
    private static func lines(_ name: String) throws -> [Substring] {
        let text = try String(
            contentsOf: fixturesDirectory.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Calls `body` with every expectation of `BidiTest.txt`: each data line once for each
    /// paragraph direction of its bitset (auto, left to right, right to left).
    static func forEachClassCase(_ body: (BidiExpectation) -> Void) throws {
        let name = "BidiTest.txt"
        var levels: [UInt8?] = []
        var order: [Int] = []
        for (number, line) in try lines(name).enumerated() {
            let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            if content.isEmpty { continue }
            if content.hasPrefix("@Levels:") {
                guard let parsed = parseLevels(content.dropFirst("@Levels:".count)) else {
                    throw malformed(name, number + 1)
                }
                levels = parsed
                continue
            }
            if content.hasPrefix("@Reorder:") {
                guard let parsed = parseOrder(content.dropFirst("@Reorder:".count)) else {
                    throw malformed(name, number + 1)
                }
                order = parsed
                continue
            }
            if content.hasPrefix("@") { continue }
            let fields = content.split(separator: ";")
            guard fields.count == 2,
                let bitset = UInt8(fields[1].trimmingCharacters(in: .whitespaces), radix: 16)
            else { throw malformed(name, number + 1) }
            var scalars: [Unicode.Scalar] = []
            for token in fields[0].split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                guard let bidiClass = BidiClass(shortName: String(token)),
                    let scalar = representatives[bidiClass]
                else { throw malformed(name, number + 1) }
                scalars.append(scalar)
            }
            guard scalars.count == levels.count else { throw malformed(name, number + 1) }
            let directions: [(bit: UInt8, direction: LayoutDirection?)] = [
                (1, nil), (2, .leftToRight), (4, .rightToLeft),
            ]
            for (bit, direction) in directions where bitset & bit != 0 {
                body(
                    BidiExpectation(
                        scalars: scalars, direction: direction, paragraphLevel: nil,
                        levels: levels, order: order, source: "\(name):\(number + 1)"))
            }
        }
    }

    /// Calls `body` with every expectation of `BidiCharacterTest.txt`.
    static func forEachCharacterCase(_ body: (BidiExpectation) -> Void) throws {
        let name = "BidiCharacterTest.txt"
        for (number, line) in try lines(name).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5 else { throw malformed(name, number + 1) }
            var scalars: [Unicode.Scalar] = []
            for token in fields[0].split(separator: " ") {
                guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value)
                else { throw malformed(name, number + 1) }
                scalars.append(scalar)
            }
            let direction: LayoutDirection?
            switch fields[1] {
            case "0": direction = .leftToRight
            case "1": direction = .rightToLeft
            case "2": direction = nil
            default: throw malformed(name, number + 1)
            }
            guard let paragraphLevel = UInt8(fields[2]), let levels = parseLevels(fields[3]),
                levels.count == scalars.count, let order = parseOrder(fields[4])
            else { throw malformed(name, number + 1) }
            body(
                BidiExpectation(
                    scalars: scalars, direction: direction, paragraphLevel: paragraphLevel,
                    levels: levels, order: order, source: "\(name):\(number + 1)"))
        }
    }
}
