import TrellisGeometry
public import TrellisPluginKit

/// The text backend's renderer: writes a display list as deterministic text, one line per
/// command, optionally followed by a character-grid preview of the frame.
///
/// ## Output grammar
///
///     trellis-display 1
///     canvas WIDTH HEIGHT scale SCALE
///     image ID WIDTHxHEIGHT fnv1a HASH           one line per image
///     COMMAND ...                                one line per command, indented by two spaces
///                                                per open save or layer
///
/// Commands: `save`, `restore`, `concatenate A B C D TX TY`, `clip-rect X Y W H`,
/// `clip-rounded-rect X Y W H radii R…`, `fill-rect X Y W H COLOR`,
/// `fill-rounded-rect X Y W H radii R… COLOR`, `stroke-rounded-rect X Y W H radii R… COLOR
/// width W`, `linear-gradient X Y W H from X Y to X Y stops L:COLOR…`, `shadow COLOR offset DX
/// DY blur B`, `draw-image ID source X Y W H dest X Y W H [caps T L B R] [tint COLOR]`,
/// `text "…" at X Y width W font "FAMILY" SIZE wWEIGHT [italic] [mono] [rtl] color COLOR
/// [background COLOR] [underline PATTERN [COLOR]] [strikethrough PATTERN [COLOR]]
/// [advances A…]`,
/// `begin-layer ALPHA`, `end-layer`.
///
/// Semantic hints (`beginSemantic`, `endSemantic`) are not listed, since they change nothing
/// drawn; ``line(for:)`` spells them `begin-semantic KIND X Y W H` and `end-semantic`. The
/// preview uses a label's hint to keep its text inside the label's frame, cut with an ellipsis
/// as the label's truncation says when it is wider in cells than in points.
///
/// Numbers have at most three decimals and no trailing zeros; colours are `#RRGGBB` or
/// `#RRGGBBAA`; strings are quoted with escapes for every control character. A text's string
/// is in logical order; `rtl` marks a run shown right to left (its advances stay in the
/// string's order), and the preview shows such a run reversed, cluster by cluster, with
/// brackets mirrored.
///
/// ## Configuration
/// JSON: `{"preview": true, "cellWidth": 8, "cellHeight": 16}` adds a preview grid in which
/// each character stands for a cell of `cellWidth × cellHeight` points; with
/// `"commands": false` the output is the preview grid alone.
public final class TextRenderer: FrameRenderer {
    /// Whether to append the character-grid preview.
    public let preview: Bool
    /// Whether to write the command lines (turn off to get only the preview).
    public let listsCommands: Bool
    /// The width of a preview cell, in points.
    public let cellWidth: Double
    /// The height of a preview cell, in points.
    public let cellHeight: Double

    /// A listing of the commands in a `.txt` file; the character picture as the preview.
    public static var output: BackendOutput? {
        BackendOutput(
            fileExtension: "txt", isBinary: false,
            previewConfiguration: Array(#"{"preview": true, "commands": false}"#.utf8))
    }

    /// Creates a renderer from JSON configuration.
    ///
    /// - Throws: `RendererError` for malformed JSON, unknown keys or bad values.
    public init(configuration: [UInt8]) throws(RendererError) {
        var preview = false
        var listsCommands = true
        var cellWidth = 8.0
        var cellHeight = 16.0
        let members: [(key: String, value: JSONValue)]
        do {
            members = try PluginConfiguration.members(of: configuration)
        } catch {
            throw RendererError(error)
        }
        for (key, value) in members {
            switch key {
            case "preview":
                guard case .bool(let flag) = value else {
                    throw RendererError(
                        .invalidInput, "configuration \"preview\" must be true or false")
                }
                preview = flag
            case "commands":
                guard case .bool(let flag) = value else {
                    throw RendererError(
                        .invalidInput, "configuration \"commands\" must be true or false")
                }
                listsCommands = flag
            case "cellWidth", "cellHeight":
                guard case .number(let number) = value, number >= 1, number <= 1000 else {
                    throw RendererError(
                        .invalidInput,
                        "configuration \"\(key)\" must be a number from 1 to 1000")
                }
                if key == "cellWidth" { cellWidth = number } else { cellHeight = number }
            default:
                throw RendererError(
                    .invalidInput,
                    "unknown configuration key \"\(key)\" (known: preview, commands, cellWidth, cellHeight)"
                )
            }
        }
        self.preview = preview
        self.listsCommands = listsCommands
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }

    /// The segments kept from retained frames.
    private let scene = RetainedScene()

    /// What the listing of each kept segment was, for the depth it was drawn at, by the
    /// segment's slot in ``scene``; a listing is the slot's segment's while its version is.
    @exclusivity(unchecked) private var segmentListings: [SegmentListing?] = []
    /// Whether the segment in each slot is being listed, which a reference to it would make a
    /// cycle.
    @exclusivity(unchecked) private var slotsOnPath: [Bool] = []
    /// The image lines already made, by image id.
    @exclusivity(unchecked) private var imageLines: [UInt32: (version: UInt64, line: String)] = [:]

    /// Renders an encoded display list, or a retained frame, as text.
    ///
    /// A retained frame's listing is the listing of the whole scene, as for a display list of
    /// all of it; the lines of segments that did not change since the last frame are reused.
    public func render(_ list: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        if RetainedFrame.isRetainedFrame(list), listsCommands, !preview {
            return try renderRetained(list)
        }
        let decoded: DisplayList
        do throws(DisplayListError) {
            decoded = try scene.displayList(decoding: list)
        } catch {
            throw RendererError(.invalidInput, error.description)
        }
        return Array(render(decoded).utf8)
    }

    /// Renders a display list as text.
    public func render(_ list: DisplayList) -> String {
        if !listsCommands && preview {
            let grid = PreviewGrid(list: list, cellWidth: cellWidth, cellHeight: cellHeight)
            return grid.lines().joined(separator: "\n") + "\n"
        }
        var lines = [
            "trellis-display 1",
            "canvas \(TextFormat.numbers(list.size.width, list.size.height)) scale \(TextFormat.number(list.scale))",
        ]
        for image in list.images {
            lines.append(
                "image \(image.id) \(image.width)x\(image.height) fnv1a \(fnv1a(image.pixels))")
        }
        var depth = 0
        // Semantic hints are left out of the listing: they change nothing drawn, and the
        // listing is the exact record of what is.
        for command in list.commands where !command.isSemantic {
            if case .restore = command { depth = max(0, depth - 1) }
            if case .endLayer = command { depth = max(0, depth - 1) }
            lines.append(String(repeating: "  ", count: depth) + TextRenderer.line(for: command))
            if case .save = command { depth += 1 }
            if case .beginLayer = command { depth += 1 }
        }
        if preview {
            let grid = PreviewGrid(list: list, cellWidth: cellWidth, cellHeight: cellHeight)
            lines.append("preview \(grid.columns)x\(grid.rows)")
            lines += grid.lines()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Appends ``line(for:)`` as UTF-8: the command's name, then its numbers and colours written
    /// straight into the buffer, without making a string for each.
    package static func appendLine(for command: DisplayCommand, to bytes: inout [UInt8]) {
        switch command {
        case .save: bytes += "save".utf8
        case .restore: bytes += "restore".utf8
        case .concatenate(let t):
            bytes += "concatenate".utf8
            appendNumber(t.a, to: &bytes)
            appendNumber(t.b, to: &bytes)
            appendNumber(t.c, to: &bytes)
            appendNumber(t.d, to: &bytes)
            appendNumber(t.tx, to: &bytes)
            appendNumber(t.ty, to: &bytes)
        case .clipRect(let r):
            bytes += "clip-rect".utf8
            appendRect(r, to: &bytes)
        case .fillRect(let r, let color):
            bytes += "fill-rect".utf8
            appendRect(r, to: &bytes)
            appendColor(color, to: &bytes)
        case .clipRoundedRect(let r, let radii):
            bytes += "clip-rounded-rect".utf8
            appendRect(r, to: &bytes)
            appendRadii(radii, to: &bytes)
        case .fillRoundedRect(let r, let radii, let color):
            bytes += "fill-rounded-rect".utf8
            appendRect(r, to: &bytes)
            appendRadii(radii, to: &bytes)
            appendColor(color, to: &bytes)
        case .strokeRoundedRect(let r, let radii, let color, let width):
            bytes += "stroke-rounded-rect".utf8
            appendRect(r, to: &bytes)
            appendRadii(radii, to: &bytes)
            appendColor(color, to: &bytes)
            bytes += " width".utf8
            appendNumber(width, to: &bytes)
        case .linearGradient(let r, let start, let end, let stops):
            bytes += "linear-gradient".utf8
            appendRect(r, to: &bytes)
            bytes += " from".utf8
            appendNumber(start.x, to: &bytes)
            appendNumber(start.y, to: &bytes)
            bytes += " to".utf8
            appendNumber(end.x, to: &bytes)
            appendNumber(end.y, to: &bytes)
            bytes += " stops".utf8
            for stop in stops {
                appendNumber(stop.location, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                appendColor(stop.color, to: &bytes, spaced: false)
            }
        case .shadow(let color, let offset, let blur):
            bytes += "shadow".utf8
            appendColor(color, to: &bytes)
            bytes += " offset".utf8
            appendNumber(offset.width, to: &bytes)
            appendNumber(offset.height, to: &bytes)
            bytes += " blur".utf8
            appendNumber(blur, to: &bytes)
        case .drawImage(let id, let source, let destination, let caps, let tint, _):
            bytes += "draw-image \(id) source".utf8
            appendRect(source, to: &bytes)
            bytes += " dest".utf8
            appendRect(destination, to: &bytes)
            if let caps {
                bytes += " caps".utf8
                appendNumber(caps.top, to: &bytes)
                appendNumber(caps.left, to: &bytes)
                appendNumber(caps.bottom, to: &bytes)
                appendNumber(caps.right, to: &bytes)
            }
            if let tint {
                bytes += " tint".utf8
                appendColor(tint, to: &bytes)
            }
        case .beginLayer(let alpha):
            bytes += "begin-layer".utf8
            appendNumber(alpha, to: &bytes)
        case .endLayer:
            bytes += "end-layer".utf8
        case .beginSemantic(let hint):
            bytes += "begin-semantic \(hint.kind.name)".utf8
            appendRect(hint.frame, to: &bytes)
        case .endSemantic:
            bytes += "end-semantic".utf8
        case .glyphRun(let run):
            bytes += "text ".utf8
            appendQuoted(run.text, to: &bytes)
            bytes += " at".utf8
            appendNumber(run.origin.x, to: &bytes)
            appendNumber(run.origin.y, to: &bytes)
            bytes += " width".utf8
            appendNumber(run.width, to: &bytes)
            bytes += " font ".utf8
            appendQuoted(run.font.family, to: &bytes)
            appendNumber(run.font.size, to: &bytes)
            bytes += " w".utf8
            bytes += String(run.font.weight).utf8
            if run.font.isItalic { bytes += " italic".utf8 }
            if run.font.isMonospaced { bytes += " mono".utf8 }
            if run.direction == .rightToLeft { bytes += " rtl".utf8 }
            bytes += " color".utf8
            appendColor(run.color, to: &bytes)
            if let background = run.background {
                bytes += " background".utf8
                appendColor(background, to: &bytes)
            }
            func append(_ name: String, _ line: TextLineStyle?) {
                guard let line else { return }
                bytes += " \(name) \(line.pattern)".utf8
                if let color = line.color { appendColor(color, to: &bytes) }
            }
            append("underline", run.underline)
            append("strikethrough", run.strikethrough)
            if let advances = run.advances {
                bytes += " advances".utf8
                for advance in advances { appendNumber(advance, to: &bytes) }
            }
        }
    }

    /// A space and corner radii as ``TextFormat/radii(_:)`` writes them.
    private static func appendRadii(_ radii: CornerRadii, to bytes: inout [UInt8]) {
        bytes += " radii".utf8
        appendNumber(radii.topLeft, to: &bytes)
        if radii.topLeft != radii.topRight || radii.topLeft != radii.bottomRight
            || radii.topLeft != radii.bottomLeft
        {
            appendNumber(radii.topRight, to: &bytes)
            appendNumber(radii.bottomRight, to: &bytes)
            appendNumber(radii.bottomLeft, to: &bytes)
        }
    }

    /// A string as ``TextFormat/quoted(_:)`` writes it: as it is between quotes when it holds
    /// only printable ASCII other than `"` and `\`, as most labels do.
    private static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        guard plain else {
            bytes += TextFormat.quoted(text).utf8
            return
        }
        bytes.append(0x22)
        bytes += text.utf8
        bytes.append(0x22)
    }

    /// A space and a number as ``TextFormat/number(_:)`` writes it.
    private static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        bytes.append(0x20)
        value.appendDecimalDescription(to: &bytes)
    }

    /// A space and a rectangle as ``TextFormat/rect(_:)`` writes it.
    private static func appendRect(_ r: Rect, to bytes: inout [UInt8]) {
        appendNumber(r.origin.x, to: &bytes)
        appendNumber(r.origin.y, to: &bytes)
        appendNumber(r.size.width, to: &bytes)
        appendNumber(r.size.height, to: &bytes)
    }

    /// A colour as ``TextFormat/color(_:)`` writes it, after a space unless `spaced` is false.
    private static func appendColor(_ color: Color, to bytes: inout [UInt8], spaced: Bool = true) {
        func digit(_ value: UInt8) -> UInt8 {
            value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") - 10 + value
        }
        func append(_ byte: UInt8) {
            bytes.append(digit(byte >> 4))
            bytes.append(digit(byte & 0x0F))
        }
        let (red, green, blue, alpha) = color.rgba8
        if spaced { bytes.append(0x20) }
        bytes.append(UInt8(ascii: "#"))
        append(red)
        append(green)
        append(blue)
        if alpha != 255 { append(alpha) }
    }

    /// The line for one command.
    public static func line(for command: DisplayCommand) -> String {
        var bytes: [UInt8] = []
        appendLine(for: command, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The listing of a retained frame, from the lines kept for unchanged segments.
    private func renderRetained(_ list: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        do throws(DisplayListError) {
            try scene.apply(list)
        } catch {
            throw RendererError(.invalidInput, error.description)
        }
        var body: [UInt8] = []
        var images = Set<UInt32>()
        guard let root = scene.rootSlot else {
            throw RendererError(
                .invalidInput, "display list: segment \(scene.rootID) is drawn but not defined")
        }
        // Slots past the scene's are left by segments it no longer keeps.
        let slotCount = scene.slotCount
        if segmentListings.count > slotCount {
            segmentListings.removeSubrange(slotCount...)
        } else {
            segmentListings.append(
                contentsOf: repeatElement(nil, count: slotCount - segmentListings.count))
        }
        slotsOnPath = Array(repeating: false, count: slotCount)
        try appendListing(slot: root, depth: 0, nesting: 0, into: &body, images: &images)
        var output = Array(
            "trellis-display 1\ncanvas \(TextFormat.numbers(scene.size.width, scene.size.height)) scale \(TextFormat.number(scene.scale))\n"
                .utf8)
        for id in images.sorted() {
            guard let image = scene.image(id) else {
                throw RendererError(
                    .invalidInput, "display list: image \(id) is drawn but not kept")
            }
            let version = scene.version(ofImage: id)
            if imageLines[id]?.version != version {
                imageLines[id] = (
                    version,
                    "image \(image.id) \(image.width)x\(image.height) fnv1a \(fnv1a(image.pixels))\n"
                )
            }
            output += (imageLines[id]?.line ?? "").utf8
        }
        if imageLines.count > images.count * 2 + 64 {
            imageLines = imageLines.filter { images.contains($0.key) }
        }
        return output + body
    }

    /// Appends the listing of the segment in `slot`, `nesting` segments below the root, and
    /// of the segments it draws.
    private func appendListing(
        slot: Int, depth: Int, nesting: Int, into output: inout [UInt8],
        images: inout Set<UInt32>
    ) throws(RendererError) {
        guard let segment = scene.segment(inSlot: slot) else {
            throw RendererError(
                .invalidInput,
                "display list: segment \(scene.id(inSlot: slot)) is drawn but not defined")
        }
        guard nesting < RetainedScene.maximumDepth, !slotsOnPath[slot] else {
            throw RendererError(
                .invalidInput,
                "display list: segment \(scene.id(inSlot: slot)) is nested in itself or too deep")
        }
        slotsOnPath[slot] = true
        defer { slotsOnPath[slot] = false }
        let version = scene.version(inSlot: slot)
        let listing: SegmentListing
        if let kept = segmentListings[slot], kept.version == version, kept.depth == depth {
            listing = kept
        } else {
            listing = SegmentListing(segment, version: version, depth: depth)
            segmentListings[slot] = listing
        }
        if !listing.imageIDs.isEmpty { images.formUnion(listing.imageIDs) }
        var start = 0
        for (index, reference) in listing.references.enumerated() {
            output += listing.bytes[start..<reference.end]
            start = reference.end
            let child: Int
            do throws(DisplayListError) {
                child = try scene.slot(ofReference: index, inSlot: slot)
            } catch {
                throw RendererError(.invalidInput, "display list: \(error.reason)")
            }
            try appendListing(
                slot: child, depth: reference.depth, nesting: nesting + 1, into: &output,
                images: &images)
        }
        output += listing.bytes[start...]
    }
}

/// The lines of one segment's own commands, split where the segments it draws go.
private struct SegmentListing {
    let version: UInt64
    let depth: Int
    /// The lines of the segment's own commands, in one buffer.
    var bytes: [UInt8] = []
    /// For each reference, where in ``bytes`` the lines before it end and the depth it is
    /// drawn at; the lines after the last reference run to the end.
    var references: [(end: Int, depth: Int)] = []
    var imageIDs: [UInt32] = []

    init(_ segment: RetainedSegment, version: UInt64, depth start: Int) {
        self.version = version
        depth = start
        var depth = start
        var next = 0
        if !segment.references.isEmpty { references.reserveCapacity(segment.references.count) }
        for (index, command) in segment.commands.enumerated() {
            while next < segment.references.count, segment.references[next].position == index {
                references.append((bytes.count, depth))
                next += 1
            }
            if command.isSemantic { continue }
            if case .restore = command { depth = max(0, depth - 1) }
            if case .endLayer = command { depth = max(0, depth - 1) }
            bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
            TextRenderer.appendLine(for: command, to: &bytes)
            bytes.append(0x0A)
            if case .save = command { depth += 1 }
            if case .beginLayer = command { depth += 1 }
            if case .drawImage(let id, _, _, _, _, _) = command { imageIDs.append(id) }
        }
        while next < segment.references.count {
            references.append((bytes.count, depth))
            next += 1
        }
    }
}
