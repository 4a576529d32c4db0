import Foundation
import Trellis

extension Snapshotting {
    /// The view drawn by the terminal backend as a full frame of 256-colour escape sequences,
    /// with the view `width` terminal columns wide (8 points each), stored as text with every
    /// ESC shown as `\e` and one line per screen row, so that a diff reads like the screen.
    ///
    /// - Parameter width: The number of terminal columns.
    public static func terminal(width: Int) -> Snapshotting {
        Snapshotting(
            fileExtension: "terminal.txt",
            snapshot: { view in
                let columns = min(max(width, 1), 1000)
                let backend = try SnapshotBackends.open(
                    "terminal",
                    configuration: TerminalConfiguration(
                        colorMode: .palette256, repaintsEveryFrame: true
                    ).json)
                let list = SnapshotHost.withBackend(backend, view) { () -> DisplayList in
                    let original = view.frame
                    defer { view.frame = original }
                    let points = Double(columns) * 8
                    if let window = view as? Window {
                        window.size = Size(width: points, height: window.size.height)
                    } else {
                        view.frame = Rect(
                            origin: original.origin,
                            size: Size(width: points, height: original.height))
                    }
                    return SnapshotHost.displayList(of: view, scale: 1)
                }
                let bytes: [UInt8]
                do {
                    bytes = try backend.render(encoded: list.encoded())
                } catch {
                    throw SnapshotError("the terminal backend failed: \(error)")
                }
                return Array(TerminalSnapshotText.visible(bytes).utf8)
            },
            compare: textComparison)
    }
}

/// Terminal output made readable for snapshots.
enum TerminalSnapshotText {
    /// The output with ESC as `\e`, other C0 controls as `\u{…}`, and a line break after each
    /// `\r\n` the frame moves down with.
    static func visible(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var result = ""
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1B: result += "\\e"
            case 0x0D:
                previousWasReturn = true
                continue
            case 0x0A: result += previousWasReturn ? "\\r\\n\n" : "\\n\n"
            case 0..<0x20, 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
            previousWasReturn = false
        }
        return result.hasSuffix("\n") ? result : result + "\n"
    }
}
