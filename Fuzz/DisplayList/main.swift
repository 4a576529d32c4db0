// libFuzzer target for the display-list decoder.
//
// Invariants: decoding never crashes or reads out of bounds (AddressSanitizer checks); a buffer
// that decodes re-encodes to exactly the same bytes; and the text backend renders whatever
// decodes.

import TrellisPluginKit
import TrellisTextRenderer

nonisolated(unsafe) let renderer = try? TextRenderer(configuration: Array("{\"preview\": true}".utf8))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDisplayList(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    guard let list = try? DisplayList(decoding: buffer) else { return 0 }
    let encoded = list.encoded()
    precondition(encoded.elementsEqual(buffer), "decode then encode changed the bytes")
    if let renderer { _ = try? renderer.render(buffer) }
    return 0
}
