// libFuzzer target for the display-list decoder.
//
// Invariants: decoding never crashes or reads out of bounds (AddressSanitizer checks); a list
// that decodes re-encodes to bytes that decode to the same list (byte equality would fail only
// on -0.0, which colours normalise to 0); and the text backend renders whatever decodes.

import Foundation
import TrellisPluginKit
import TrellisTextRenderer

nonisolated(unsafe) let renderer = try? TextRenderer(configuration: Array("{\"preview\": true}".utf8))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDisplayList(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    guard let list = try? DisplayList(decoding: buffer) else { return 0 }
    let encoded = list.encoded()
    let again = try? DisplayList(decoding: encoded)
    precondition(again == list, "a decoded list did not survive encoding and decoding again")
    if let renderer { _ = try? renderer.render(buffer) }
    return 0
}
