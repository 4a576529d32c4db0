// libFuzzer target for the scene decoder: JSON bytes to views, their layout, and one render.
//
// Each input (at most 64 KB; larger ones are skipped) is decoded with `Scene(json:baseDirectory:)`
// against an empty directory, so that image paths fail to load rather than read real files.
// Invariants:
// - Decoding, layout and rendering never crash, hang or exhaust memory (AddressSanitizer checks
//   every access; libFuzzer's -timeout and -rss_limit_mb catch the rest).
// - A SceneError's description is `key.path: message` on one line: the key path starts at
//   `scene` or `root`, and the description holds no line break and no C0, DEL, C1 or bidi
//   control character (only when `checksDiagnostics` is true; see there).
// - `layoutJSON()` is valid UTF-8 and parses as a JSON object with one entry per view with an
//   id, each `[x, y, width, height]` of finite numbers, and `frames()` are finite (the JSON
//   writes a non-finite number as 0, so the frames are checked directly too).
// - A scene that decodes renders through the text backend in process (errors are allowed).
// - Its constraints activated on a second thread while the views are decoded (the way of a
//   large scene, forced here for any scene with more than one container of constraints) give
//   the same layout JSON, or the same error, as activated at the end in one batch.
// - Its JSON parsed on two threads, split where an array's element seems to start (the way of a
//   large document, forced here at up to eight such places of any input), gives the same
//   nodes, numbers and strings, or the same error, as parsed on one.

import Foundation
import Trellis
import TrellisCore
import TrellisGeometry
import TrellisTextRenderer

/// Whether SceneError descriptions are checked for line breaks and control characters: they
/// quote JSON bytes, keys and values, escaped (the seeds diagnostic-*.json came out raw
/// before they were).
let checksDiagnostics = true

/// The largest input decoded; larger inputs are skipped to keep each run cheap.
let maximumInputSize = 64 * 1024

/// An empty directory that image paths are relative to.
let emptyDirectory: String = {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
        "trellis-fuzz-scene-empty")
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

/// Stops with `message` unless `condition` holds: `precondition` drops its message in -O builds,
/// and the message is what tells one finding from another.
func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// Decodes one input as a scene and checks the invariants above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size <= maximumInputSize else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated { check(bytes) }
    return 0
}

@MainActor
func check(_ bytes: [UInt8]) {
    checkSplitParse(bytes)
    checkConcurrentActivation(bytes)
    let scene: Scene
    do {
        scene = try Scene(json: bytes, baseDirectory: emptyDirectory)
    } catch {
        checkDiagnostic(error)
        return
    }
    checkLayout(scene)
    let backend = try? InProcessBackend(
        name: "text", capabilities: [.renderText, .retainedFrames],
        renderer: TextRenderer(configuration: []))
    if let backend { _ = try? scene.render(with: backend) }
}

/// Checks that the document parses alike split at each of its first eight places where a
/// closing bracket, a comma and an opening one meet (where a large document's second thread
/// would start), and at one offset chosen by the input's length.
func checkSplitParse(_ bytes: [UInt8]) {
    var offsets: [Int] = []
    bytes.withUnsafeBufferPointer { buffer in
        var from = 0
        while offsets.count < 8,
            let offset = JSONParser.elementStart(in: buffer, from: from, before: buffer.count)
        {
            offsets.append(offset)
            from = offset
        }
    }
    if bytes.count > 1 { offsets.append(bytes.count / 2) }
    for offset in offsets {
        invariant(
            JSONParser.splitParseAgrees(bytes, at: offset),
            "the document split at \(offset) parses differently from one parse")
    }
}

/// Checks that an error is one line naming a key path, without control characters.
func checkDiagnostic(_ error: SceneError) {
    let description = error.description
    invariant(!error.keyPath.isEmpty, "a scene error without a key path: \(description)")
    // Compared as UTF-8: a key that starts with a combining mark joins the "." before it into
    // one Character, which String.hasPrefix would not match.
    let path = Array(error.keyPath.utf8)
    let rooted = ["scene", "root"].contains { base in
        path.starts(with: base.utf8)
            && (path.count == base.utf8.count
                || [UInt8(ascii: "."), UInt8(ascii: "[")].contains(path[base.utf8.count]))
    }
    invariant(rooted, "a scene error whose key path is not rooted: \(description.debugDescription)")
    invariant(
        description == "\(error.keyPath): \(error.message)".escapedForEcho,
        "a scene error description is not its key path and message: \(description.debugDescription)"
    )
    guard checksDiagnostics else { return }
    for scalar in description.unicodeScalars {
        invariant(
            !isForbiddenInDiagnostic(scalar),
            "a scene error holds U+\(String(scalar.value, radix: 16, uppercase: true)): "
                + description.debugDescription)
    }
}

/// C0 and C1 controls, DEL, line and paragraph separators, and bidi embeddings, overrides and
/// isolates.
func isForbiddenInDiagnostic(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E,
        0x2066...0x2069:
        return true
    default:
        return false
    }
}

/// Checks the layout JSON and the frames it is made of.
@MainActor
func checkLayout(_ scene: Scene) {
    let json = scene.layoutJSON()
    let utf8 = Array(json.utf8)
    invariant(String(validating: utf8, as: UTF8.self) != nil, "layout JSON is not UTF-8")
    invariant(json.hasSuffix("}\n"), "layout JSON does not end with a newline")
    let document: JSONValue
    do {
        document = try JSONParser.parse(utf8)
    } catch {
        fatalError("layout JSON does not parse (\(error)): \(json.prefix(200))")
    }
    guard case .object(let members) = document else {
        fatalError("layout JSON is not an object")
    }
    invariant(
        members.count == scene.identifiedViews.count,
        "layout JSON has \(members.count) entries for \(scene.identifiedViews.count) views")
    for (member, entry) in zip(members, scene.identifiedViews) {
        invariant(member.key == entry.id, "layout JSON names \(member.key) for \(entry.id)")
        guard case .array(let numbers) = member.value, numbers.count == 4 else {
            fatalError("layout JSON entry \(member.key) is not four numbers")
        }
        for number in numbers {
            guard case .number(let value) = number, value.isFinite else {
                fatalError("layout JSON entry \(member.key) holds \(number)")
            }
        }
    }
    for (id, frame) in scene.frames() {
        invariant(
            frame.origin.x.isFinite && frame.origin.y.isFinite && frame.size.width.isFinite
                && frame.size.height.isFinite,
            "the frame of \(id.debugDescription) is not finite: \(frame)")
    }
}

/// Decodes the input with its constraints activated on a second thread, whatever their number,
/// and checks that the layout JSON (or the error) is that of the scene activated in one batch.
@MainActor
func checkConcurrentActivation(_ bytes: [UInt8]) {
    func outcome() -> String {
        do {
            return try Scene(json: bytes, baseDirectory: emptyDirectory).layoutJSON()
        } catch {
            return "error: " + error.description
        }
    }
    let minimum = Scene.concurrentActivationMinimum
    defer { Scene.concurrentActivationMinimum = minimum }
    Scene.concurrentActivationMinimum = .max
    let batch = outcome()
    Scene.concurrentActivationMinimum = 0
    let concurrent = outcome()
    invariant(
        concurrent == batch,
        "activated on a second thread: \(concurrent.prefix(300)); in one batch: \(batch.prefix(300))"
    )
}
