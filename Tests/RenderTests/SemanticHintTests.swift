import Foundation
import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRender
import TrellisTextRenderer

/// Semantic hints: their encoding (version 2 only when present, 3 with laid-out buttons), the decoder's checks, how
/// text is cut to a number of cells, and the text backend's preview keeping labels inside
/// their frames.
@Suite struct SemanticHintTests {
    /// One hint of every kind, around a fill, as a control draws.
    static func hintedList() -> DisplayList {
        var list = DisplayList(size: Size(width: 200, height: 100))
        let kinds: [SemanticHint.Kind] = [
            .button(title: "Save"), .toggle(isOn: true),
            .slider(minimum: 0, maximum: 1, value: 0.4),
            .stepper(value: 3, canDecrement: true, canIncrement: false),
            .segmentedControl(titles: ["One", "Two", ""], selectedIndex: 1),
            .segmentedControl(titles: [], selectedIndex: nil),
            .pageControl(currentPage: 2, numberOfPages: 5),
            .textField(text: "Hé", placeholder: "Name", cursor: 2),
            .textField(text: "", placeholder: "", cursor: nil), .focusRing,
            .label(truncation: .middle),
        ]
        for (index, kind) in kinds.enumerated() {
            let frame = Rect(x: Double(index), y: 2, width: 40, height: 16)
            list.append(
                .beginSemantic(
                    SemanticHint(
                        frame: frame, kind: kind,
                        state: SemanticHint.State(rawValue: UInt8(index % 32)))))
            list.append(.fillRect(frame, color: .blue))
            list.append(.endSemantic)
        }
        return list
    }

    static let golden = PluginFixtures.repository.appendingPathComponent(
        "Fuzz/DisplayList/seeds/semantic-hints.trdl")

    @Test func everyKindSurvivesEncodingAndMatchesTheCommittedBytes() throws {
        let list = Self.hintedList()
        let bytes = list.encoded()
        // Version 2 in the header; a list without hints stays version 1.
        #expect(bytes[4] == 2 && bytes[5] == 0)
        #expect(DisplayList(size: Size(width: 1, height: 1)).encoded()[4] == 1)
        #expect(try DisplayList(decoding: bytes) == list)
        if ProcessInfo.processInfo.environment["TRELLIS_RECORD"] == "1" {
            try Data(bytes).write(to: Self.golden)
        }
        #expect(Array(try Data(contentsOf: Self.golden)) == bytes)
    }

    private func decodeError(_ bytes: [UInt8]) -> String? {
        do {
            _ = try DisplayList(decoding: bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func hintsInAVersionOneListAreRefused() {
        var bytes = Self.hintedList().encoded()
        bytes[4] = 1
        #expect(
            decodeError(bytes)?.contains("opcode 15 (beginSemantic) needs format version 2")
                == true)
    }

    @Test func unbalancedOrOutOfRangeHintsAreErrorsThatSayWhere() {
        var open = DisplayList(size: Size(width: 10, height: 10))
        open.append(.endSemantic)
        #expect(
            decodeError(open.encoded())?.contains("endSemantic without a matching beginSemantic")
                == true)
        var interleaved = DisplayList(size: Size(width: 10, height: 10))
        interleaved.commands = [
            .beginSemantic(SemanticHint(frame: .zero, kind: .focusRing)), .save, .endSemantic,
            .restore,
        ]
        #expect(decodeError(interleaved.encoded())?.contains("command 2") == true)
        func single(_ kind: SemanticHint.Kind, state: UInt8 = 0) -> [UInt8] {
            var list = DisplayList(size: Size(width: 10, height: 10))
            list.commands = [
                .beginSemantic(
                    SemanticHint(frame: .zero, kind: kind, state: .init(rawValue: state))),
                .endSemantic,
            ]
            return list.encoded()
        }
        #expect(
            decodeError(single(.slider(minimum: 0, maximum: 1, value: 2)))?.contains(
                "slider value 2.0 is outside its range 0.0...1.0") == true)
        #expect(
            decodeError(single(.pageControl(currentPage: 5, numberOfPages: 5)))?.contains(
                "page 5 of 5 pages") == true)
        #expect(
            decodeError(single(.segmentedControl(titles: ["a"], selectedIndex: 1)))?.contains(
                "selected segment 1 of 1 segments") == true)
        #expect(
            decodeError(single(.textField(text: "ab", placeholder: "", cursor: 3)))?.contains(
                "caret at 3 in a text of 2 characters") == true)
        #expect(
            decodeError(single(.focusRing, state: 64))?.contains("unknown hint state bits 64")
                == true)
        // A kind number past the last: the byte after the 32-byte frame and the state.
        var unknownKind = single(.focusRing)
        let kindOffset = 40 + 8 + 32 + 1
        unknownKind[kindOffset] = 99
        #expect(decodeError(unknownKind)?.contains("unknown hint kind 99") == true)
    }

    /// Buttons that say where their title and image are, each way: both, title only, image
    /// only, and one that does not say.
    static func laidOutButtons() -> DisplayList {
        var list = DisplayList(size: Size(width: 200, height: 100))
        let frame = Rect(x: 0, y: 0, width: 120, height: 48)
        let title = Rect(x: 40, y: 14, width: 60, height: 20)
        let image = Rect(x: 14, y: 12, width: 20, height: 24)
        for kind: SemanticHint.Kind in [
            .button(title: "来点我啊", titleFrame: title, imageFrame: image),
            .button(title: "Save", titleFrame: title),
            .button(title: "", imageFrame: image),
            .button(title: "Old"),
        ] {
            list.append(.beginSemantic(SemanticHint(frame: frame, kind: kind, state: .focused)))
            list.append(.fillRect(frame, color: .blue))
            list.append(.endSemantic)
        }
        return list
    }

    static let laidOutGolden = PluginFixtures.repository.appendingPathComponent(
        "Fuzz/DisplayList/seeds/laid-out-buttons.trdl")

    @Test func laidOutButtonsAreVersionThreeAndSurviveEncoding() throws {
        let list = Self.laidOutButtons()
        let bytes = list.encoded()
        #expect(bytes[4] == 3 && bytes[5] == 0)
        #expect(try DisplayList(decoding: bytes) == list)
        // A button that does not say where its parts are keeps the version 2 bytes.
        var old = DisplayList(size: Size(width: 200, height: 100))
        old.commands = Array(list.commands.suffix(3))
        #expect(old.encoded()[4] == 2)
        #expect(try DisplayList(decoding: old.encoded()) == old)
        // A retained frame that holds one is version 3 too.
        let frameBounds = Rect(origin: .zero, size: list.size)
        let frame = RetainedFrame(
            size: list.size, rootID: 1,
            segments: [RetainedSegment(id: 1, bounds: frameBounds, commands: list.commands)])
        #expect(frame.encoded()[4] == 3)
        if ProcessInfo.processInfo.environment["TRELLIS_RECORD"] == "1" {
            try Data(bytes).write(to: Self.laidOutGolden)
        }
        #expect(Array(try Data(contentsOf: Self.laidOutGolden)) == bytes)
    }

    @Test func laidOutButtonsAreRefusedInOlderListsAndWithBadParts() throws {
        func single(_ kind: SemanticHint.Kind) -> [UInt8] {
            var list = DisplayList(size: Size(width: 10, height: 10))
            list.commands = [
                .beginSemantic(SemanticHint(frame: .zero, kind: kind)), .endSemantic,
            ]
            return list.encoded()
        }
        let part = Rect(x: 1, y: 2, width: 3, height: 4)
        var older = single(.button(title: "A", titleFrame: part))
        older[4] = 2
        #expect(
            decodeError(older)?.contains("hint kind 9 (laid-out button) needs format version 3")
                == true)
        // A title frame whose width (after the flags, x and y) is negative.
        var negative = single(.button(title: "A", titleFrame: part))
        let widthOffset = 40 + 8 + 32 + 1 + 1 + 4 + 1 + 1 + 16
        negative.replaceSubrange(
            widthOffset..<(widthOffset + 8),
            with: withUnsafeBytes(of: (-1.0).bitPattern.littleEndian, Array.init))
        #expect(
            decodeError(negative)?.contains("button title frame has a negative size") == true)
        #expect(
            decodeError(
                single(.button(title: "", imageFrame: Rect(x: .nan, y: 0, width: 1, height: 1))))
                != nil)
        // The flags follow the frame, state, kind and the title (a u32 length and one byte).
        let flagsOffset = 40 + 8 + 32 + 1 + 1 + 4 + 1
        var both = single(.button(title: "A", titleFrame: part, imageFrame: part))
        #expect(both[flagsOffset] == 3)
        both[flagsOffset] = 4
        #expect(decodeError(both)?.contains("laid-out button flags 4 are not 1, 2 or 3") == true)
        both[flagsOffset] = 0
        #expect(decodeError(both)?.contains("laid-out button flags 0") == true)
    }

    @Test func truncationKeepsWhatFitsBesideAnEllipsis() {
        let five = [1, 1, 1, 1, 1]
        func shown(_ mode: SemanticHint.Truncation, _ widths: [Int], _ limit: Int) -> String {
            let text = Array("abcdefghij".prefix(widths.count))
            let cut = mode.cut(widths: widths, toColumns: limit)
            return String(text[cut.head]) + (cut.hasEllipsis ? "…" : "") + String(text[cut.tail])
        }
        #expect(shown(.tail, five, 5) == "abcde")
        #expect(shown(.tail, five, 4) == "abc…")
        #expect(shown(.head, five, 4) == "…cde")
        #expect(shown(.middle, five, 4) == "ab…e")
        #expect(shown(.clip, five, 4) == "abcd")
        #expect(shown(.tail, five, 1) == "…")
        #expect(shown(.tail, five, 0) == "")
        // Wide clusters (two cells) never straddle the limit.
        #expect(shown(.tail, [2, 2, 2], 4) == "a…")
        #expect(shown(.head, [2, 2, 2], 4) == "…c")
    }

    /// A label hint around a run that is narrow in points but wide in cells.
    private func label(
        _ text: String, x: Double, width: Double, truncation: SemanticHint.Truncation = .tail
    ) -> [DisplayCommand] {
        [
            .beginSemantic(
                SemanticHint(
                    frame: Rect(x: x, y: 0, width: width, height: 10),
                    kind: .label(truncation: truncation))),
            .glyphRun(
                GlyphRun(
                    text: text, font: FontDescriptor(size: 5), color: .black,
                    origin: Point(x: x, y: 8), width: width, ascent: 6, descent: 2)),
            .endSemantic,
        ]
    }

    @Test func thePreviewKeepsLabelsInsideTheirFramesWithAnEllipsis() throws {
        let renderer = try TextRenderer(
            configuration: Array(
                #"{"preview": true, "commands": false, "cellWidth": 10, "cellHeight": 10}"#.utf8))
        var list = DisplayList(size: Size(width: 200, height: 20))
        list.commands =
            label("direction: row", x: 0, width: 100)
            + label("direction: rowReverse", x: 100, width: 100)
        let lines = renderer.render(list).split(separator: "\n").map(String.init)
        // Ten cells each: neither runs into the other.
        #expect(lines.first == "|direction…direction…|")
        // Wide characters count two cells (the last cell stays empty: 文 would need two); the
        // head is cut as the label truncates.
        var wide = DisplayList(size: Size(width: 60, height: 10))
        wide.commands = label("保存文件夹", x: 0, width: 60, truncation: .head)
        #expect(renderer.render(wide) == "|…件夹 |\n")
        // The listing leaves the hints out.
        let listing = try TextRenderer(configuration: [])
        #expect(!listing.render(list).contains("semantic"))
    }
}
