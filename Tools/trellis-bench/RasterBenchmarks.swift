import Foundation
import Trellis
import TrellisGallery
import TrellisGeometry
import TrellisRasterRenderer
import TrellisRender

/// The raster backend against Cairo called directly, in the same run, on two workloads at 2×:
///
/// - the demo gallery, built through the `Trellis` facade as `trellis demo --backend raster`
///   builds it, rendered through the plugin (dlopen + libffi, display list decoded and
///   validated, fonts chosen per cluster, text shaped) and drawn from the same display list by
///   ``DirectCairoListPeer`` with one Cairo call sequence per command;
/// - a synthetic 640×480 frame of cards (rounded corners, shadows, gradients, Latin and CJK
///   text, nine-slice and tinted images) drawn by the hand-written ``DirectCairoPeer``.
func runRasterBenchmarks() throws {
    let discovery = PluginDiscovery(usesEnvironment: false)
    guard let library = discovery.discover().plugins.first(where: { $0.name == "raster" }) else {
        throw BenchError(
            "the raster plugin was not found beside the benchmark (searched \(discovery.searchPaths))"
        )
    }
    let png = try PluginBackend(library: library, configuration: Array(#"{"format":"png"}"#.utf8))
    let rgba = try PluginBackend(library: library, configuration: Array(#"{"format":"rgba"}"#.utf8))

    let gallery = try MainActor.assumeIsolated { try galleryDisplayList(library: library) }
    let galleryPeer = try DirectCairoListPeer(list: gallery)
    let frame = RasterBenchFrame()
    let framePeer = try DirectCairoPeer(frame: frame)

    var rows: [BenchRow] = []
    rows += try compare(
        "gallery", gallery, png: png, rgba: rgba, peerName: "direct Cairo from the list",
        peer: galleryPeer.render)
    rows += try compare(
        "synthetic frame", frame.displayList(), png: png, rgba: rgba,
        peerName: "hand-written Cairo", peer: framePeer.render)
    printTable(rows)
}

/// The gallery at 2× as the demo command builds it, laid out with the raster backend's own
/// metrics.
@MainActor
private func galleryDisplayList(library: PluginLibrary) throws -> DisplayList {
    let backend = try PluginBackend(library: library)
    let gallery = Gallery(scale: 2, backend: backend)
    gallery.window.layoutIfNeeded()
    return gallery.window.makeDisplayList()
}

/// Times a list through the plugin against a peer drawing it, to PNG and to pixels, after
/// checking that both draw the same picture.
private func compare(
    _ name: String, _ list: DisplayList, png: PluginBackend, rgba: PluginBackend,
    peerName: String, peer: (DirectCairoPeer.Output) throws -> [UInt8]
) throws -> [BenchRow] {
    let bytes = list.encoded()
    let pngBytes = try png.render(encoded: bytes)
    let peerPNG = try peer(.png)
    let rgbaBytes = try rgba.render(encoded: bytes)
    let pixels = try RasterBitmap(rgbaOutput: rgbaBytes)
    guard try rgba.withRenderedBytes(encoded: bytes, { Array($0) }) == rgbaBytes else {
        throw BenchError("the borrowed \(name) pixels differ from the copied ones")
    }
    let inked = stride(from: 0, to: pixels.pixels.count, by: 4).filter { pixels.pixels[$0 + 3] > 0 }
    guard inked.count == pixels.width * pixels.height else {
        throw BenchError("the \(name) does not cover its canvas")
    }
    // The peer must draw the same picture: count the pixels that differ visibly.
    let peerPixels = try peer(.rgba)
    guard peerPixels.count == pixels.pixels.count else {
        throw BenchError(
            "the peer drew \(peerPixels.count) bytes of the \(name), the plugin "
                + "\(pixels.pixels.count)")
    }
    var differing = 0
    var visiblyDiffering = 0
    var differingBytes = 0
    for i in 0..<peerPixels.count where peerPixels[i] != pixels.pixels[i] { differingBytes += 1 }
    for i in stride(from: 0, to: peerPixels.count, by: 4) {
        let delta =
            (0..<4).map { abs(Int(peerPixels[i + $0]) - Int(pixels.pixels[i + $0])) }.max() ?? 0
        if delta > 0 { differing += 1 }
        if delta > 8 { visiblyDiffering += 1 }
    }
    let total = pixels.width * pixels.height
    guard visiblyDiffering * 100 <= total else {
        throw BenchError(
            "the peer's \(name) differs from the plugin's in \(visiblyDiffering) of \(total) "
                + "pixels: it does not draw the same picture")
    }

    var pluginPNG = Double.infinity
    var peerPNGTime = Double.infinity
    var pluginPixels = Double.infinity
    var peerPixelsTime = Double.infinity
    var peerDrawing = Double.infinity
    // Both sides leave the pixels in memory they keep from frame to frame: the plugin in its
    // output buffer, read in place; the peer in a buffer of its own.
    let peerBuffer = DirectCairoPeer.PixelBuffer()
    // Alternate the five so that each sees the same machine state; keep each one's best.
    for _ in 0..<12 {
        pluginPNG = min(
            pluginPNG,
            try bestTime(minimumRuns: 2, maximumRuns: 2) { _ = try png.render(encoded: bytes) })
        peerPNGTime = min(
            peerPNGTime, try bestTime(minimumRuns: 2, maximumRuns: 2) { _ = try peer(.png) })
        pluginPixels = min(
            pluginPixels,
            try bestTime(minimumRuns: 2, maximumRuns: 2) {
                _ = try rgba.withRenderedBytes(encoded: bytes) { $0.count }
            })
        peerPixelsTime = min(
            peerPixelsTime,
            try bestTime(minimumRuns: 2, maximumRuns: 2) { _ = try peer(.rgbaInto(peerBuffer)) })
        peerDrawing = min(
            peerDrawing, try bestTime(minimumRuns: 2, maximumRuns: 2) { _ = try peer(.none) })
    }
    let size = "\(pixels.width)×\(pixels.height) px, \(list.commands.count) commands"
    return [
        BenchRow(
            workload: "\(name) at 2× → PNG", trellis: pluginPNG, peer: peerPNGTime,
            peerName: "\(peerName) + cairo PNG writer", goal: "<= 1.2×",
            met: pluginPNG / peerPNGTime <= 1.2,
            note: "\(size); PNG \(pngBytes.count) B vs \(peerPNG.count) B; "
                + "\(differing) px differ from the peer's, \(visiblyDiffering) by more than 8/255"),
        BenchRow(
            workload: "\(name) at 2× → RGBA pixels", trellis: pluginPixels, peer: peerPixelsTime,
            peerName: "\(peerName) + the same un-premultiplying into a kept buffer",
            goal: "<= 1.2×",
            met: pluginPixels / peerPixelsTime <= 1.2,
            note: "both give \(pixels.pixels.count) B of straight RGBA, \(differingBytes) B "
                + "differ; the peer draws in \(formatSeconds(peerDrawing)) and converts in "
                + "\(formatSeconds(peerPixelsTime - peerDrawing))"),
    ]
}
