// libFuzzer target for the raster backend.
//
// Invariants: rendering any buffer, as a display list or as a measurement request, never
// crashes, hangs or reads out of bounds (AddressSanitizer checks the Swift code); a list that
// decodes either renders or fails with a message. Canvases above 256×256 pixels are skipped
// to keep each run fast.

import TrellisPluginKit
import TrellisRasterRenderer

nonisolated(unsafe) let renderer = try? RasterRenderer(
    configuration: RasterConfiguration(format: .rgba))

/// libFuzzer's entry point: one input, as a measurement request and as a display list.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRaster(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let renderer else { return 0 }
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    _ = try? renderer.measure(buffer)
    guard let list = try? DisplayList(decoding: buffer),
        let canvas = try? CanvasSize(for: list), canvas.width * canvas.height <= 65_536
    else { return 0 }
    do {
        let output = try renderer.render(buffer)
        precondition(output.count == 8 + canvas.width * canvas.height * 4, "wrong output size")
    } catch {
        precondition(!error.message.isEmpty, "an error without a message")
    }
    return 0
}
