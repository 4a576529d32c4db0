import TrellisGeometry

/// The opcodes of the display-list binary format.
enum DisplayOpcode: UInt16, CaseIterable {
    case save = 1
    case restore = 2
    case concatenate = 3
    case clipRect = 4
    case clipRoundedRect = 5
    case fillRect = 6
    case fillRoundedRect = 7
    case strokeRoundedRect = 8
    case linearGradient = 9
    case shadow = 10
    case drawImage = 11
    case glyphRun = 12
    case beginLayer = 13
    case endLayer = 14
    case beginSemantic = 15
    case endSemantic = 16

    /// The first format version that has the opcode.
    var introducedIn: UInt16 { rawValue >= 15 ? 2 : 1 }
}

extension DisplayList {
    /// The four bytes every encoded display list starts with: `TRDL`.
    public static let magic: [UInt8] = Array("TRDL".utf8)
    /// The newest version of the binary format this module writes and reads.
    ///
    /// Version 2 adds the semantic hints (``DisplayCommand/beginSemantic(_:)`` and
    /// ``DisplayCommand/endSemantic``). A list without them is written as version 1, byte for
    /// byte as before, so that a reader of version 1 still reads it; the reader reads both.
    /// Version 3 adds buttons that say where their title and image are (hint kind 9); a list
    /// without them is written as version 2 or 1, as before.
    public static let formatVersion: UInt16 = 3

    /// The version a list of commands is written as: the oldest that has all of them.
    static func formatVersion(for commands: some Sequence<DisplayCommand>) -> UInt16 {
        commands.reduce(1) { version, command in
            switch command {
            case .beginSemantic(let hint): max(version, hint.formatVersion)
            case .endSemantic: max(version, 2)
            default: version
            }
        }
    }

    /// Encodes the list in Trellis' display-list binary format.
    ///
    /// All numbers are little-endian; doubles are IEEE 754 bit patterns. The layout:
    ///
    ///     header   "TRDL", u16 version (1; 2 with semantic hints; 3 with laid-out buttons),
    ///              u16 0, f64 width, f64 height, f64 scale,
    ///              u32 image count, u32 command count
    ///     images   per image: u32 id, u32 width, u32 height, u32 0, u64 byte count,
    ///              width × height × 4 bytes of straight-alpha RGBA
    ///     commands per command: u16 opcode, u16 0, u32 payload length, payload
    ///
    /// A glyph run's payload is its text, font (family, f64 size, u16 weight, u8 style flags),
    /// colour, origin, width, ascent and descent, a u8 of flags (1 background, 2 underline,
    /// 4 strikethrough, 8 advances, 16 right to left), then the flagged parts in that order: a
    /// colour; each line as a u8 pattern, a u8 colour flag and a colour; and a u32 count with
    /// one f64 advance per grapheme cluster. The right-to-left flag has no payload; a
    /// left-to-right run is encoded as it was before the flag existed.
    ///
    /// A semantic hint's payload (version 2) is its frame, a u8 of state bits (1 highlighted,
    /// 2 selected, 4 disabled, 8 focused, 16 mirrored), a u8 kind, and the kind's values: a button's title;
    /// a switch's u8 on; a slider's minimum, maximum and value; a stepper's value and a u8 of
    /// flags (1 can decrement, 2 can increment); a segmented control's u32 selected index
    /// (`0xFFFF_FFFF` for none), u32 count and titles; a page control's u32 current page and u32
    /// page count; a text field's text, placeholder and u32 cursor (`0xFFFF_FFFF` for none);
    /// nothing for a focus ring; a label's u8 truncation. The kinds are numbered in that order
    /// from 0. Kind 9 (version 3) is a button that says where its parts are: its title, a u8
    /// of flags (1 title frame, 2 image frame, at least one set), then the flagged rectangles
    /// in that order; a button with neither is written as kind 0.
    ///
    /// Payloads use f64 for every number, four f64 for rectangles, colours (r, g, b, a),
    /// radii (top-left, top-right, bottom-right, bottom-left) and insets (top, left, bottom,
    /// right), six f64 for transforms, and a u32 byte count plus UTF-8 for strings.
    ///
    /// An image command's payload is its u32 image id, source and destination rectangles, a u8
    /// of flags (1 cap insets, 2 tint, 4 content key), then the flagged parts in that order:
    /// four insets, a colour, and a u64 content key. A command without a content key is
    /// encoded as it was before the key existed.
    ///
    /// - Complexity: O(*n*) in the size of the list.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 64 + commands.count * 48)
        writer.write(bytes: DisplayList.magic)
        writer.write(DisplayList.formatVersion(for: commands))
        writer.write(UInt16(0))
        writer.write(size.width)
        writer.write(size.height)
        writer.write(scale)
        writer.write(UInt32(truncatingIfNeeded: images.count))
        writer.write(UInt32(truncatingIfNeeded: commands.count))
        for image in images { image.encode(into: &writer) }
        for command in commands { command.encode(into: &writer) }
        return writer.bytes
    }
}

extension DisplayCommand {
    var opcode: DisplayOpcode {
        switch self {
        case .save: .save
        case .restore: .restore
        case .concatenate: .concatenate
        case .clipRect: .clipRect
        case .clipRoundedRect: .clipRoundedRect
        case .fillRect: .fillRect
        case .fillRoundedRect: .fillRoundedRect
        case .strokeRoundedRect: .strokeRoundedRect
        case .linearGradient: .linearGradient
        case .shadow: .shadow
        case .drawImage: .drawImage
        case .glyphRun: .glyphRun
        case .beginLayer: .beginLayer
        case .endLayer: .endLayer
        case .beginSemantic: .beginSemantic
        case .endSemantic: .endSemantic
        }
    }

    func encode(into writer: inout ByteWriter) {
        writer.write(opcode.rawValue)
        writer.write(UInt16(0))
        let lengthOffset = writer.count
        writer.write(UInt32(0))
        let start = writer.count
        switch self {
        case .save, .restore, .endLayer, .endSemantic:
            break
        case .beginSemantic(let hint):
            hint.encode(into: &writer)
        case .concatenate(let t):
            for value in [t.a, t.b, t.c, t.d, t.tx, t.ty] { writer.write(value) }
        case .clipRect(let rect):
            writer.write(rect)
        case .clipRoundedRect(let rect, let radii):
            writer.write(rect)
            writer.write(radii)
        case .fillRect(let rect, let color):
            writer.write(rect)
            writer.write(color)
        case .fillRoundedRect(let rect, let radii, let color):
            writer.write(rect)
            writer.write(radii)
            writer.write(color)
        case .strokeRoundedRect(let rect, let radii, let color, let lineWidth):
            writer.write(rect)
            writer.write(radii)
            writer.write(color)
            writer.write(lineWidth)
        case .linearGradient(let rect, let start, let end, let stops):
            writer.write(rect)
            writer.write(start)
            writer.write(end)
            writer.write(UInt32(truncatingIfNeeded: stops.count))
            for stop in stops {
                writer.write(stop.location)
                writer.write(stop.color)
            }
        case .shadow(let color, let offset, let blur):
            writer.write(color)
            writer.write(offset)
            writer.write(blur)
        case .drawImage(let id, let source, let destination, let capInsets, let tint, let key):
            writer.write(id)
            writer.write(source)
            writer.write(destination)
            writer.write(
                UInt8(capInsets == nil ? 0 : 1) | UInt8(tint == nil ? 0 : 2)
                    | UInt8(key == nil ? 0 : 4))
            if let capInsets {
                for value in [capInsets.top, capInsets.left, capInsets.bottom, capInsets.right] {
                    writer.write(value)
                }
            }
            if let tint { writer.write(tint) }
            if let key { writer.write(key) }
        case .glyphRun(let run):
            run.encode(into: &writer)
        case .beginLayer(let alpha):
            writer.write(alpha)
        }
        writer.patch(UInt32(truncatingIfNeeded: writer.count - start), at: lengthOffset)
    }
}

extension GlyphRun {
    func encode(into writer: inout ByteWriter) {
        writer.write(text)
        writer.write(font)
        writer.write(color)
        writer.write(origin)
        writer.write(width)
        writer.write(ascent)
        writer.write(descent)
        var flags: UInt8 = 0
        if background != nil { flags |= 1 }
        if underline != nil { flags |= 2 }
        if strikethrough != nil { flags |= 4 }
        if advances != nil { flags |= 8 }
        if direction == .rightToLeft { flags |= 16 }
        writer.write(flags)
        if let background { writer.write(background) }
        for line in [underline, strikethrough].compactMap({ $0 }) {
            writer.write(line.pattern.rawValue)
            writer.write(UInt8(line.color == nil ? 0 : 1))
            if let color = line.color { writer.write(color) }
        }
        if let advances {
            writer.write(UInt32(truncatingIfNeeded: advances.count))
            for advance in advances { writer.write(advance) }
        }
    }
}

extension ByteWriter {
    /// Appends corner radii as four doubles.
    public mutating func write(_ radii: CornerRadii) {
        write(radii.topLeft)
        write(radii.topRight)
        write(radii.bottomRight)
        write(radii.bottomLeft)
    }

    /// Appends a font descriptor: family, size, weight (u16) and style flags (u8).
    public mutating func write(_ font: FontDescriptor) {
        write(font.family)
        write(font.size)
        write(UInt16(clamping: font.weight))
        write(UInt8(font.isItalic ? 1 : 0) | UInt8(font.isMonospaced ? 2 : 0))
    }
}
