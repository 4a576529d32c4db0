import Foundation
import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// Right-to-left glyph runs on the terminal: reversed in the cells, or in logical order between
/// isolates for a terminal that reorders text itself.
@Suite struct TerminalBidiTests {
    /// A glyph run on a row of 1 × 1 cells, in a direction, with optional advances.
    private func run(
        _ text: String, column: Double, direction: LayoutDirection, advances: [Double]? = nil
    ) -> DisplayCommand {
        .glyphRun(
            GlyphRun(
                text: text, font: FontDescriptor(size: 1), color: .white,
                origin: Point(x: column, y: 1), width: Double(text.count), ascent: 1, descent: 0,
                advances: advances, direction: direction))
    }

    /// "abc אבג 123" as the views draw it: "abc ", "123", then "אבג " right to left.
    private var mixedLine: DisplayList {
        DisplayList(
            size: Size(width: 14, height: 1),
            commands: [
                run("abc ", column: 0, direction: .leftToRight),
                run("123", column: 4, direction: .leftToRight),
                run("\u{5D0}\u{5D1}\u{5D2} ", column: 7, direction: .rightToLeft),
            ])
    }

    private let logical = #"{"cellWidth": 1, "cellHeight": 1, "bidi": "logical"}"#

    @Test func rightToLeftRunsAreWrittenInVisualOrder() throws {
        let screen = try freshScreen(mixedLine)
        #expect(screen.lines == ["abc 123 \u{5D2}\u{5D1}\u{5D0}   "])
    }

    @Test func rightToLeftRunsAreMirrored() throws {
        let list = DisplayList(
            size: Size(width: 8, height: 1),
            commands: [run("(\u{5D0}\u{5D1}) <", column: 0, direction: .rightToLeft)])
        #expect(try freshScreen(list).lines == ["> (\u{5D1}\u{5D0})  "])
    }

    @Test func advancesAreTakenFromTheLastCluster() throws {
        // The last cluster is the leftmost: its advance of 3 puts the first one 3 cells on.
        let list = DisplayList(
            size: Size(width: 6, height: 1),
            commands: [
                run("\u{5D0}\u{5D1}", column: 0, direction: .rightToLeft, advances: [1, 3])
            ])
        #expect(try freshScreen(list).lines == ["\u{5D1}  \u{5D0}  "])
    }

    @Test func logicalModeWritesIsolatedRunsInTheirOrder() throws {
        let renderer = try makeRenderer(logical)
        let output = visible(try renderer.render(mixedLine))
        #expect(output.contains("abc 123\u{2067}\u{5D0}\u{5D1}\u{5D2} \u{2069}"))
        #expect(!output.contains("\u{5D2}\u{5D1}\u{5D0}"))
        // Unmirrored: the terminal mirrors what it reorders.
        let brackets = DisplayList(
            size: Size(width: 8, height: 1),
            commands: [run("(\u{5D0})", column: 2, direction: .rightToLeft)])
        let written = visible(try makeRenderer(logical).render(brackets))
        #expect(written.contains("\u{2067}(\u{5D0})\u{2069}"))
    }

    @Test func logicalModeKeepsTheCellsOfTheVisualLayout() throws {
        // With advances the run spreads over cells: the clusters keep the cells they have in
        // visual order, mirrored within the run, so that the terminal's reversal restores them.
        let list = DisplayList(
            size: Size(width: 6, height: 1),
            commands: [
                run("\u{5D0}\u{5D1}", column: 0, direction: .rightToLeft, advances: [1, 3])
            ])
        let output = visible(try makeRenderer(logical).render(list))
        // Visual: ב at 0, א at 3; logical cells: א at 0, ב at 3.
        #expect(output.contains("\u{2067}\u{5D0}"))
        #expect(output.contains("\u{5D1}\u{2069}"))
        let alef = try #require(output.range(of: "\u{2067}\u{5D0}"))
        let bet = try #require(output.range(of: "\u{5D1}\u{2069}"))
        #expect(alef.upperBound < bet.lowerBound)
    }

    @Test func theSettingRoundTripsAndDefaultsToVisual() throws {
        let configuration = TerminalConfiguration(bidiMode: .logical)
        let json = String(decoding: configuration.json, as: UTF8.self)
        #expect(json.hasSuffix(#","bidi":"logical"}"#))
        #expect(try TerminalConfiguration(json: configuration.json) == configuration)
        #expect(!String(decoding: TerminalConfiguration().json, as: UTF8.self).contains("bidi"))
        #expect(TerminalConfiguration().bidiMode == .visual)
        let error = #expect(throws: ConfigurationError.self) {
            try TerminalConfiguration(json: Array(#"{"bidi": "both"}"#.utf8))
        }
        #expect(error?.description.contains("\"visual\" or \"logical\"") == true)
    }

    @Test func controlSwitchesTheModeAndRepaints() throws {
        let renderer = try makeRenderer()
        _ = try renderer.render(mixedLine)
        #expect(try renderer.render(mixedLine).isEmpty)
        let request = Array(#"{"bidi": "logical"}"#.utf8)
        _ = try request.withUnsafeBytes { try renderer.control($0) }
        let output = visible(try renderer.render(mixedLine))
        #expect(output.contains("\u{2067}"))
    }
}
