import Foundation
import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRender
import TrellisTextRenderer

/// Semantic hints: their encoding (version 2 only when present), the decoder's checks, how
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
        #expect(lines[0] == "|direction…direction…|")
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
