// libFuzzer target for the display-list decoder.
//
// Invariants: decoding never crashes or reads out of bounds (AddressSanitizer checks); a list
// that decodes re-encodes to bytes that decode to the same list (byte equality would fail only
// on -0.0, which colours normalise to 0); and the text backend renders whatever decodes. A
// retained frame ("TRRF") is applied to a scene, which is then drawn whole and in part, and
// rendered by the text backend: malformed frames are errors, never crashes or hangs. Lists
// and frames are also drawn in cells by the terminal backend, which draws the controls that
// semantic hints describe: whatever the hints say, it never crashes.

import Foundation
import TrellisGeometry
import TrellisPluginKit
import TrellisTerminalRenderer
import TrellisTextRenderer

nonisolated(unsafe) let renderer = try? TextRenderer(configuration: Array("{\"preview\": true}".utf8))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDisplayList(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    if RetainedFrame.isRetainedFrame(buffer) {
        let scene = RetainedScene()
        guard (try? scene.apply(buffer)) != nil else { return 0 }
        if let whole = try? scene.displayList() {
            precondition(
                (try? DisplayList(decoding: whole.encoded())) == whole,
                "a retained scene drew a list that does not survive encoding")
        }
        _ = try? scene.displayList(touching: [Rect(x: 0, y: 0, width: 40, height: 40)])
        if let renderer = try? TextRenderer(configuration: []) { _ = try? renderer.render(buffer) }
        _ = try? TerminalRenderer(configuration: TerminalConfiguration()).render(buffer)
        return 0
    }
    guard let list = try? DisplayList(decoding: buffer) else { return 0 }
    let encoded = list.encoded()
    let again = try? DisplayList(decoding: encoded)
    precondition(again == list, "a decoded list did not survive encoding and decoding again")
    if let renderer { _ = try? renderer.render(buffer) }
    _ = try? TerminalRenderer(configuration: TerminalConfiguration()).render(list)
    return 0
}
