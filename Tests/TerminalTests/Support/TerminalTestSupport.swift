import Foundation
import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// Terminal output with every control character visible: ESC as `\e`, CR, LF and BS as `\r`,
/// `\n` and `\b`, other controls as `\u{…}`.
func visible(_ bytes: [UInt8]) -> String {
    var result = ""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        switch scalar {
        case "\u{1B}": result += "\\e"
        case "\r": result += "\\r"
        case "\n": result += "\\n"
        case "\u{8}": result += "\\b"
        case "\\": result += "\\\\"
        default:
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}

/// A renderer with 1 × 1-point cells (points are cells) unless told otherwise.
func makeRenderer(_ json: String = #"{"cellWidth": 1, "cellHeight": 1}"#) throws
    -> TerminalRenderer
{
    try TerminalRenderer(configuration: Array(json.utf8))
}

/// A glyph run placed on a row of 1 × 1 cells: its box is the row.
func textRun(
    _ text: String, column: Double, row: Double, color: Color = .white, weight: Int = 400,
    isItalic: Bool = false, background: Color? = nil, underline: Bool = false,
    strikethrough: Bool = false
) -> DisplayCommand {
    .glyphRun(
        GlyphRun(
            text: text, font: FontDescriptor(size: 1, weight: weight, isItalic: isItalic),
            color: color, origin: Point(x: column, y: row + 1), width: Double(text.count),
            ascent: 1, descent: 0, background: background,
            underline: underline ? TextLineStyle() : nil,
            strikethrough: strikethrough ? TextLineStyle() : nil))
}

/// Renders frames in order and applies each output to a virtual terminal.
struct Screen {
    let renderer: TerminalRenderer
    var terminal: VirtualTerminal
    var lastOutput: [UInt8] = []

    init(columns: Int, rows: Int, json: String = #"{"cellWidth": 1, "cellHeight": 1}"#) throws {
        renderer = try makeRenderer(json)
        terminal = VirtualTerminal(columns: columns, rows: rows)
    }

    mutating func show(_ list: DisplayList) throws {
        lastOutput = try renderer.render(list)
        try terminal.feed(lastOutput)
    }
}

/// What the screen shows after a full repaint of a frame, from a fresh renderer.
func freshScreen(_ list: DisplayList, json: String = #"{"cellWidth": 1, "cellHeight": 1}"#)
    throws -> VirtualTerminal
{
    let renderer = try makeRenderer(json)
    let bytes = try renderer.render(list)
    var terminal = VirtualTerminal(
        columns: renderer.statistics.columns, rows: renderer.statistics.rows)
    try terminal.feed(bytes)
    return terminal
}

/// Golden files in `__Fixtures__`, recorded when `TRELLIS_RECORD_GOLDENS=1`.
enum Golden {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("__Fixtures__")
    }

    static func check(
        _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent(name + ".golden")
        if ProcessInfo.processInfo.environment["TRELLIS_RECORD_GOLDENS"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "golden \(name) differs", sourceLocation: sourceLocation)
    }
}

/// The terminal plugin built beside the tests.
enum TerminalPlugin {
    static func library() throws -> PluginLibrary {
        let discovery = PluginDiscovery(usesEnvironment: false)
        let found = discovery.discover().plugins.first { $0.name == "terminal" }
        return try #require(found, "libTrellisTerminalBackend.so not found beside the tests")
    }
}
