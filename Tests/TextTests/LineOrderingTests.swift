import Testing
import TrellisGeometry
import TrellisText

/// A line as it is shown: its clusters from left to right, those of right-to-left runs
/// reversed and mirrored.
func visualString(of line: TextLayout.Line) -> String {
    let characters = Array(line.text)
    var result = ""
    for run in line.visualRuns {
        let clusters = run.direction == .rightToLeft ? run.clusters.reversed() : Array(run.clusters)
        for index in clusters {
            guard characters.indices.contains(index) else {
                Issue.record("cluster \(index) of a line of \(characters.count)")
                continue
            }
            let character = characters[index]
            if run.direction == .rightToLeft, character.unicodeScalars.count == 1,
                let mirror = character.unicodeScalars.first?.bidiMirroringGlyph
            {
                result.unicodeScalars.append(mirror)
            } else {
                result.append(character)
            }
        }
    }
    return result
}

/// A line's runs as "text:level@x", left to right.
func runSummary(of line: TextLayout.Line) -> [String] {
    let utf8 = Array(line.text.utf8)
    return line.visualRuns.map { run in
        guard run.range.lowerBound >= 0, run.range.upperBound <= utf8.count else {
            Issue.record("run \(run.range) of a line of \(utf8.count) bytes")
            return "\(run.range):\(run.level)"
        }
        let text = String(decoding: utf8[run.range], as: UTF8.self)
        return "\(text):\(run.level)@\(Int(run.x))"
    }
}

@Suite struct LineOrderingTests {
    @Test func arabicWithNumbersAndLatinReadsInVisualOrder() throws {
        // "Pay مرحبا 123 now" in a left-to-right paragraph: after Arabic letters the digits are
        // Arabic numbers (level 2) inside the right-to-left run, which shows them first.
        let line = try #require(
            ahemLayout("Pay \u{645}\u{631}\u{62D}\u{628}\u{627} 123 now", width: 500).lines.first)
        #expect(line.direction == .leftToRight)
        #expect(
            runSummary(of: line) == [
                "Pay :0@0", "123:2@40", "\u{645}\u{631}\u{62D}\u{628}\u{627} :1@70", " now:0@130",
            ])
        #expect(visualString(of: line) == "Pay 123 \u{627}\u{628}\u{62D}\u{631}\u{645} now")
        #expect(line.visualRuns.map(\.clusters) == [0..<4, 10..<13, 4..<10, 13..<17])
    }

    @Test func hebrewParagraphMirrorsBracketsAroundLatin() throws {
        // "אבג (xyz) דה": right to left from its first letter; the brackets take the Hebrew
        // direction and show mirrored around the Latin, which reads left to right.
        let line = try #require(
            ahemLayout("\u{5D0}\u{5D1}\u{5D2} (xyz) \u{5D3}\u{5D4}", width: 500).lines.first)
        #expect(line.direction == .rightToLeft)
        #expect(visualString(of: line) == "\u{5D4}\u{5D3} (xyz) \u{5D2}\u{5D1}\u{5D0}")
        #expect(line.visualRuns.map(\.level) == [1, 2, 1])
        #expect(line.visualRuns.map(\.direction) == [.rightToLeft, .leftToRight, .rightToLeft])
        // Natural alignment puts the 12 clusters at the right of the 500-point box.
        #expect(line.origin.x == 380)
        #expect(line.visualRuns.map(\.x) == [380, 420, 450])
    }

    @Test func wrappedRightToLeftParagraphReordersEachLine() throws {
        // "אב abc def גד" wraps after "abc": the Latin words are one left-to-right run of the
        // paragraph, split between the lines, and each line is ordered on its own.
        let layout = ahemLayout("\u{5D0}\u{5D1} abc def \u{5D2}\u{5D3}", width: 80)
        #expect(layout.lines.map(\.text) == ["\u{5D0}\u{5D1} abc", "def \u{5D2}\u{5D3}"])
        #expect(layout.lines.map(visualString) == ["abc \u{5D1}\u{5D0}", "\u{5D3}\u{5D2} def"])
        try #require(layout.lines.count > 1)
        #expect(runSummary(of: layout.lines[0]) == ["abc:2@20", "\u{5D0}\u{5D1} :1@50"])
        #expect(runSummary(of: layout.lines[1]) == [" \u{5D2}\u{5D3}:1@20", "def:2@50"])
    }

    @Test func runsCoverEveryClusterOnceAndAddUpToTheLine() {
        let texts = [
            "abc \u{5D0}\u{5D1}\u{5D2} 123 (\u{5D3}) def", "\u{627}\u{644} 12.5% [x] \u{628}",
            "\u{5D0}\u{202A}ab\u{202C} \u{2067}cd\u{2069}", "plain Latin only",
        ]
        for text in texts {
            for width in [30.0, 70, 1000] {
                for line in ahemLayout(text, width: width).lines {
                    let clusters = line.visualRuns.flatMap { Array($0.clusters) }.sorted()
                    #expect(clusters == Array(0..<line.advances.count))
                    let bytes = line.visualRuns.flatMap { Array($0.range) }.sorted()
                    #expect(bytes == Array(0..<line.text.utf8.count))
                    var x = line.origin.x
                    for run in line.visualRuns {
                        #expect(abs(run.x - x) < 1e-9)
                        x += run.width
                    }
                    #expect(abs(x - line.origin.x - line.advances.reduce(0, +)) < 1e-9)
                }
            }
        }
    }

    @Test func leftToRightTextIsOneRunOfLevelZero() throws {
        let line = try #require(ahemLayout("Hello, world 123 (ok)", width: 1000).lines.first)
        #expect(line.visualRuns.count == 1)
        #expect(line.visualRuns.first?.level == 0)
        #expect(line.visualRuns.first?.range == 0..<line.text.utf8.count)
        // A Hebrew paragraph elsewhere in the text leaves the Latin paragraph's line alone.
        let mixed = ahemLayout("Hello\n\u{5D0}\u{5D1}", width: 1000)
        try #require(mixed.lines.count > 1)
        #expect(mixed.lines[0].visualRuns.map(\.level) == [0])
        #expect(mixed.lines[1].visualRuns.map(\.level) == [1])
        #expect(ahemLayout("", width: 100).lines.allSatisfy { $0.visualRuns.isEmpty })
    }

    @Test func latinInARightToLeftParagraphIsAtLevelTwo() throws {
        var style = TextStyle(font: ahem)
        style.baseWritingDirection = .rightToLeft
        let line = try #require(
            ahemMeasurer.layout("abc!", style: style, in: Size(width: 100, height: 0)).lines.first)
        // The exclamation mark ends the line after Latin: a neutral between L and the
        // right-to-left end of the paragraph, so right to left, shown at the left.
        #expect(runSummary(of: line) == ["!:1@60", "abc:2@70"])
        #expect(visualString(of: line) == "!abc")
    }

    @Test func ellipsisIsOrderedAsANeutral() throws {
        // Right to left: the ellipsis follows the Hebrew, at the left end.
        let hebrew = try #require(
            ahemLayout(
                "\u{5D0}\u{5D1}\u{5D2}\u{5D3}\u{5D4} \u{5D5}\u{5D6}\u{5D7}", width: 60,
                mode: .byTruncatingTail, lines: 1
            ).lines.first)
        #expect(hebrew.text == "\u{5D0}\u{5D1}\u{5D2}\u{5D3}\u{5D4}\u{2026}")
        #expect(visualString(of: hebrew) == "\u{2026}\u{5D4}\u{5D3}\u{5D2}\u{5D1}\u{5D0}")
        // Left to right, after Hebrew: between a right-to-left letter and the left-to-right
        // end of the line, the ellipsis takes the paragraph's direction and ends the line.
        let mixed = try #require(
            ahemLayout(
                "abc \u{5D0}\u{5D1}\u{5D2}\u{5D3}\u{5D4}\u{5D5}", width: 80,
                mode: .byTruncatingTail, lines: 1
            ).lines.first)
        #expect(mixed.text == "abc \u{5D0}\u{5D1}\u{5D2}\u{2026}")
        #expect(visualString(of: mixed) == "abc \u{5D2}\u{5D1}\u{5D0}\u{2026}")
        // Middle truncation keeps both ends, each in its own order.
        let middle = try #require(
            ahemLayout(
                "\u{5D0}\u{5D1}\u{5D2} abc def \u{5D3}\u{5D4}", width: 70,
                mode: .byTruncatingMiddle, lines: 1
            ).lines.first)
        #expect(middle.text == "\u{5D0}\u{5D1}\u{5D2}\u{2026}\u{5D3}\u{5D4}")
        #expect(visualString(of: middle) == "\u{5D4}\u{5D3}\u{2026}\u{5D2}\u{5D1}\u{5D0}")
    }

    @Test func justifiedRightToLeftLineSpreadsItsRuns() throws {
        var style = TextStyle(font: ahem, alignment: .justified)
        style.numberOfLines = 0
        let layout = ahemMeasurer.layout(
            "\u{5D0}\u{5D1} 12 \u{5D2}\u{5D3} \u{5D4}\u{5D5}\u{5D6}", style: style,
            in: Size(width: 100, height: 0))
        let first = try #require(layout.lines.first)
        #expect(first.frame.width == 100)
        #expect(abs(first.visualRuns.map(\.width).reduce(0, +) - 100) < 1e-9)
        #expect(visualString(of: first) == "\u{5D3}\u{5D2} 12 \u{5D1}\u{5D0}")
    }

    @Test func lineBreakModesAndLimitsKeepRunsConsistent() {
        let text = "\u{5D0}\u{5D1}\u{5D2} abc 123 \u{5D3}\u{5D4} def \u{627}\u{644}"
        for mode in LineBreakMode.allCases {
            for lines in [0, 1, 2] {
                for width in [25.0, 55, 95] {
                    for line in ahemLayout(text, width: width, mode: mode, lines: lines).lines {
                        let count = line.visualRuns.reduce(0) { $0 + $1.clusters.count }
                        #expect(count == line.advances.count)
                        #expect(visualString(of: line).count == line.text.count)
                    }
                }
            }
        }
    }
}

@Suite struct BidiLayoutHelperTests {
    @Test func leftToRightCheckAgreesWithEveryScalarsClass() {
        let raising: Set<BidiClass> = [
            .rightToLeft, .arabicLetter, .arabicNumber, .leftToRightEmbedding,
            .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride,
            .popDirectionalFormat, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate,
            .popDirectionalIsolate,
        ]
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // The scalar in the tail, at the start of a 16-byte chunk and across its end.
            let scalarBytes = Array(String(scalar).utf8)
            let filler = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
            let placements = [
                Array(filler[..<8]) + scalarBytes, scalarBytes + filler,
                Array(filler[..<14]) + scalarBytes + filler,
            ]
            for var bytes in placements {
                let isLeftToRight = bytes.withUnsafeMutableBufferPointer {
                    BidiParagraph.isAllLeftToRight(utf8: UnsafeBufferPointer($0))
                }
                if isLeftToRight == raising.contains(BidiClass(of: scalar)) {
                    mismatches.append(value)
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func bidiClassesAreStoredAsTheirRawValues() {
        // The resolver reads the table's raw values as classes without a switch.
        for bidiClass in BidiClass.allCases {
            #expect(unsafeBitCast(bidiClass, to: UInt8.self) == bidiClass.rawValue)
        }
        #expect(BidiClass.allCases.count == 23)
    }

    @Test func paragraphsSplitAtEverySeparatorWhereverItFalls() {
        // Separators at every position of the words the split reads eight bytes at a time,
        // among ASCII, Hebrew and the bytes C2 and E2 in other characters (· and —).
        let separators = ["\n", "\r", "\r\n", "\u{1C}", "\u{1D}", "\u{1E}", "\u{85}", "\u{2029}"]
        let filler = "ab\u{5D0}\u{B7}cd\u{2014}efghijklmnop"
        for separator in separators {
            for split in 0...filler.count {
                let text =
                    String(filler.prefix(split)) + separator + String(filler.dropFirst(split))
                // The expected ranges: after each scalar of class B, CR LF together.
                var expected: [Range<Int>] = []
                var start = 0
                var offset = 0
                let scalars = Array(text.unicodeScalars)
                var index = 0
                while index < scalars.count {
                    offset += String(scalars[index]).utf8.count
                    if BidiClass(of: scalars[index]) == .paragraphSeparator {
                        if scalars[index] == "\r", index + 1 < scalars.count,
                            scalars[index + 1] == "\n"
                        {
                            index += 1
                            offset += 1
                        }
                        expected.append(start..<offset)
                        start = offset
                    }
                    index += 1
                }
                if start < offset { expected.append(start..<offset) }
                #expect(
                    BidiParagraph.paragraphs(in: text).map(\.range) == expected,
                    "\(text.debugDescription)")
            }
        }
    }

    @Test func neutralLevelFollowsAgreeingNeighbours() {
        #expect(BidiParagraph.neutralLevel(between: 1, and: 1, baseLevel: 0) == 1)
        #expect(BidiParagraph.neutralLevel(between: 1, and: nil, baseLevel: 0) == 0)
        #expect(BidiParagraph.neutralLevel(between: 2, and: nil, baseLevel: 1) == 1)
        #expect(BidiParagraph.neutralLevel(between: 3, and: 1, baseLevel: 0) == 1)
        #expect(BidiParagraph.neutralLevel(between: nil, and: nil, baseLevel: 1) == 1)
    }

    @Test func visualOrderOfLevelsReversesOddRuns() {
        let runs = BidiParagraph.visualOrder(ofLevels: [0, 0, 1, 1, 2, 0])
        #expect(runs.map(\.range) == [0..<2, 4..<5, 2..<4, 5..<6])
        #expect(runs.map(\.level) == [0, 2, 1, 0])
        #expect(BidiParagraph.visualOrder(ofLevels: []).isEmpty)
    }

    @Test func clusterLevelsTakeEachClustersFirstScalar() {
        // "a\u{301}\u{5D0}\u{5B8} b": a Latin letter with an accent, a Hebrew letter with a
        // point, a space and a Latin letter, in a left-to-right paragraph.
        let text = "a\u{301}\u{5D0}\u{5B8} b"
        let paragraph = BidiParagraph(text)
        #expect(
            paragraph.clusterLevels(ofLine: 0..<9, clusterStarts: [0, 3, 7, 8]) == [0, 1, 0, 0])
    }
}
