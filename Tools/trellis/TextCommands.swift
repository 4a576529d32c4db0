import Foundation
import Trellis
import TrellisText

/// `trellis text break` and `trellis text width`.
enum TextCommands {
    /// Reads standard input as UTF-8, replacing invalid bytes with U+FFFD.
    static func readInput() -> String {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self)
    }

    /// The text without one final line break, which a shell's `echo` adds.
    static func withoutFinalLineBreak(_ text: String) -> Substring {
        var body = Substring(text)
        if body.hasSuffix("\r\n") || body.hasSuffix("\n") { body = body.dropLast() }
        return body
    }

    /// The lines of the text (without one final line break) wrapped at a width, as a JSON array.
    static func breakLines(_ text: String, width: Double, fontJSON: String?) throws(CommandError)
        -> String
    {
        guard width.isFinite, width > 0 else {
            throw CommandError("--width must be a number of points above 0, not \(width)")
        }
        var font = Font.system(size: Font.defaultSize)
        if let fontJSON {
            do {
                font = try JSONDecoder().decode(Font.self, from: Data(fontJSON.utf8))
            } catch let DecodingError.dataCorrupted(context) {
                throw CommandError("--font: \(context.debugDescription)")
            } catch {
                throw CommandError(
                    "--font must be a JSON object such as {\"family\": \"DejaVu Sans\", \"size\": 14}"
                )
            }
        }
        let measurer = TextMeasurer(metrics: ProportionalMetrics())
        let lines = measurer.lines(
            of: String(withoutFinalLineBreak(text)), width: width, font: font)
        let items = lines.map {
            "{\"text\": \(JSONOutput.string($0.text)), \"width\": \(JSONOutput.number($0.width))}"
        }
        return "[" + items.joined(separator: ", ") + "]\n"
    }

    /// The terminal cell width of the text, without a final line break.
    static func width(_ text: String) -> String {
        "\(TerminalWidth.columns(of: withoutFinalLineBreak(text)))\n"
    }
}

/// A user error: one line on standard error and exit status 1.
struct CommandError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
