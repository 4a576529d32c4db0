import TrellisGeometry

/// A display list that is malformed: truncated, corrupted, or with values out of range.
///
/// The description says where: `display list: command 3 (fillRect) at byte 212: colour
/// component 1.5 is outside 0...1`.
public struct DisplayListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset where the problem was found.
    public let offset: Int
    /// The index of the command being read, if the problem is in a command.
    public let command: Int?
    /// The command's name, when known.
    public let commandName: String?
    /// What is wrong.
    public let reason: String

    /// One line naming the command, the byte offset and the problem.
    public var description: String {
        var location = "at byte \(offset)"
        if let command {
            location =
                "command \(command)" + (commandName.map { " (\($0))" } ?? "") + " " + location
        }
        return "display list: \(location): \(reason)"
    }
}

extension DisplayList {
    /// The most commands a list may hold.
    public static let maximumCommands = 10_000_000
    /// The largest canvas side, in points.
    public static let maximumCanvasSide: Double = 1_000_000
    /// The largest image side, in pixels.
    public static let maximumImageSide = 16_384
    /// The most gradient stops in one gradient.
    public static let maximumGradientStops = 1_024

    /// Decodes and validates a list in the format of ``encoded()``.
    ///
    /// Every length and count is checked against the buffer, so a truncated or corrupted list
    /// is an error, never an out-of-bounds read. Every number must be finite; colours, alpha and
    /// gradient locations must lie in `0...1`; widths, radii and blur must not be negative;
    /// strings must be valid UTF-8; images must have unique ids, sides of 1 to 16,384 pixels
    /// and exactly `width × height × 4` bytes; canvas sides must lie in `0...1_000_000`; image commands must reference an image in the
    /// list; `restore` must match a `save` and `endLayer` a `beginLayer`, properly nested; no
    /// bytes may follow the last command.
    ///
    /// - Throws: ``DisplayListError`` naming the command, the byte offset and the problem.
    /// - Complexity: O(*n*) in the size of the buffer.
    public init(decoding buffer: UnsafeRawBufferPointer) throws(DisplayListError) {
        var decoder = DisplayListDecoder(reader: ByteReader(buffer))
        self = try decoder.decode()
    }

    /// Decodes and validates a list from bytes; see ``init(decoding:)-(UnsafeRawBufferPointer)``.
    ///
    /// - Throws: ``DisplayListError`` naming the command, the byte offset and the problem.
    public init(decoding bytes: [UInt8]) throws(DisplayListError) {
        let result = bytes.withUnsafeBytes { buffer -> Result<DisplayList, DisplayListError> in
            do throws(DisplayListError) {
                return .success(try DisplayList(decoding: buffer))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }
}

/// The validating reader behind ``DisplayList/init(decoding:)-(UnsafeRawBufferPointer)``.
///
/// The hot path builds no strings: field names are static strings, joined into a message only
/// when a check fails, and the command being read is kept as its opcode, named only in errors.
struct DisplayListDecoder {
    var reader: ByteReader
    var commandIndex: Int?
    var commandOpcode: DisplayOpcode?
    /// The ids of the images commands may draw.
    var imageIDs = Set<UInt32>()
    /// The version of the list being read, which decides the opcodes it may hold.
    var version: UInt16 = 1

    init(reader: ByteReader) {
        self.reader = reader
    }

    func fail(_ reason: String, at offset: Int? = nil) -> DisplayListError {
        DisplayListError(
            offset: offset ?? reader.offset, command: commandIndex,
            commandName: commandOpcode.map { "\($0)" }, reason: reason)
    }

    /// A field's name in a message: `what` followed by `part`, such as `clip` and ` x`.
    private func label(_ what: StaticString, _ part: StaticString) -> String {
        "\(what)\(part)"
    }

    private func truncated(_ error: ByteReader.OutOfBounds) -> DisplayListError {
        fail(
            "truncated: \(error.needed) bytes needed, \(error.available) left", at: error.offset)
    }

    mutating func u8() throws(DisplayListError) -> UInt8 {
        do throws(ByteReader.OutOfBounds) { return try reader.readUInt8() } catch {
            throw truncated(error)
        }
    }

    mutating func u16() throws(DisplayListError) -> UInt16 {
        do throws(ByteReader.OutOfBounds) { return try reader.readUInt16() } catch {
            throw truncated(error)
        }
    }

    mutating func u32() throws(DisplayListError) -> UInt32 {
        do throws(ByteReader.OutOfBounds) { return try reader.readUInt32() } catch {
            throw truncated(error)
        }
    }

    mutating func u64() throws(DisplayListError) -> UInt64 {
        do throws(ByteReader.OutOfBounds) { return try reader.readUInt64() } catch {
            throw truncated(error)
        }
    }

    mutating func bytes(_ count: Int) throws(DisplayListError) -> UnsafeRawBufferPointer {
        do throws(ByteReader.OutOfBounds) { return try reader.readBytes(count) } catch {
            throw truncated(error)
        }
    }

    /// Reads a canvas side: a number from 0 to ``DisplayList/maximumCanvasSide``.
    mutating func canvasSide(_ what: StaticString) throws(DisplayListError) -> Double {
        let offset = reader.offset
        let value = try nonNegative(what)
        guard value <= DisplayList.maximumCanvasSide else {
            throw fail(
                "\(what) \(value) is above \(Int(DisplayList.maximumCanvasSide))", at: offset)
        }
        return value
    }

    /// Reads a reserved 16-bit field, which must be zero so that a list has one encoding.
    mutating func reserved16() throws(DisplayListError) {
        let offset = reader.offset
        let value = try u16()
        guard value == 0 else { throw fail("reserved field is \(value), not 0", at: offset) }
    }

    /// Reads a reserved 32-bit field, which must be zero.
    mutating func reserved32() throws(DisplayListError) {
        let offset = reader.offset
        let value = try u32()
        guard value == 0 else { throw fail("reserved field is \(value), not 0", at: offset) }
    }

    /// Reads a finite double; `what` and `part` name it in an error.
    mutating func number(_ what: StaticString, _ part: StaticString = "")
        throws(DisplayListError) -> Double
    {
        let offset = reader.offset
        let value: Double
        do throws(ByteReader.OutOfBounds) { value = try reader.readDouble() } catch {
            throw truncated(error)
        }
        guard value.isFinite else {
            throw fail("\(label(what, part)) is \(value), not a finite number", at: offset)
        }
        return value
    }

    mutating func nonNegative(_ what: StaticString, _ part: StaticString = "")
        throws(DisplayListError) -> Double
    {
        let offset = reader.offset
        let value = try number(what, part)
        guard value >= 0 else {
            throw fail("\(label(what, part)) \(value) is negative", at: offset)
        }
        return value
    }

    mutating func unit(_ what: StaticString, _ part: StaticString = "")
        throws(DisplayListError) -> Double
    {
        let offset = reader.offset
        let value = try number(what, part)
        guard value >= 0 && value <= 1 else {
            throw fail("\(label(what, part)) \(value) is outside 0...1", at: offset)
        }
        return value
    }

    mutating func string(_ what: StaticString) throws(DisplayListError) -> String {
        let offset = reader.offset
        let count = Int(try u32())
        let raw = try bytes(count)
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw fail("\(what) is not valid UTF-8", at: offset)
        }
        return text
    }

    private mutating func point(_ what: StaticString) throws(DisplayListError) -> Point {
        Point(x: try number(what, " x"), y: try number(what, " y"))
    }

    mutating func rect(_ what: StaticString) throws(DisplayListError) -> Rect {
        Rect(
            x: try number(what, " x"), y: try number(what, " y"),
            width: try number(what, " width"), height: try number(what, " height"))
    }

    private mutating func color(_ what: StaticString) throws(DisplayListError) -> Color {
        Color(
            red: try unit(what, " component"), green: try unit(what, " component"),
            blue: try unit(what, " component"), alpha: try unit(what, " component"))
    }

    private mutating func radii() throws(DisplayListError) -> CornerRadii {
        CornerRadii(
            topLeft: try nonNegative("corner radius"), topRight: try nonNegative("corner radius"),
            bottomRight: try nonNegative("corner radius"),
            bottomLeft: try nonNegative("corner radius"))
    }

    mutating func decode() throws(DisplayListError) -> DisplayList {
        let magic = try bytes(4)
        guard Array(magic) == DisplayList.magic else {
            throw fail("not a Trellis display list (the first bytes are not \"TRDL\")", at: 0)
        }
        let version = try u16()
        guard version >= 1, version <= DisplayList.formatVersion else {
            throw fail(
                "format version \(version); this reader reads 1 to \(DisplayList.formatVersion)")
        }
        self.version = version
        try reserved16()
        let width = try canvasSide("canvas width")
        let height = try canvasSide("canvas height")
        let scaleOffset = reader.offset
        let scale = try number("scale")
        guard scale > 0 && scale <= 16 else {
            throw fail("scale \(scale) is outside (0, 16]", at: scaleOffset)
        }
        let imageCount = Int(try u32())
        let commandCount = Int(try u32())
        // Each image needs at least 24 bytes and each command 8, so larger counts are lies.
        guard imageCount <= reader.remaining / 24 else {
            throw fail("\(imageCount) images cannot fit in the \(reader.remaining) bytes left")
        }
        guard commandCount <= DisplayList.maximumCommands, commandCount <= reader.remaining / 8
        else {
            throw fail("\(commandCount) commands cannot fit in the \(reader.remaining) bytes left")
        }
        var list = DisplayList(size: Size(width: width, height: height), scale: scale)
        list.images.reserveCapacity(imageCount)
        for _ in 0..<imageCount { list.images.append(try image()) }
        list.commands.reserveCapacity(commandCount)
        var stack: [DisplayOpcode] = []
        for index in 0..<commandCount {
            commandIndex = index
            commandOpcode = nil
            let command = try self.command()
            try checkNesting(of: command, in: &stack)
            list.commands.append(command)
        }
        commandIndex = nil
        commandOpcode = nil
        guard reader.remaining == 0 else {
            throw fail("\(reader.remaining) unexpected bytes after the last command")
        }
        return list
    }

    /// Checks that `restore` matches a `save` and `endLayer` a `beginLayer`, properly nested,
    /// keeping the open ones on `stack`.
    func checkNesting(of command: DisplayCommand, in stack: inout [DisplayOpcode])
        throws(DisplayListError)
    {
        switch command {
        case .save: stack.append(.save)
        case .beginLayer: stack.append(.beginLayer)
        case .beginSemantic: stack.append(.beginSemantic)
        case .endSemantic:
            guard stack.last == .beginSemantic else {
                throw fail(
                    stack.isEmpty
                        ? "endSemantic without a matching beginSemantic"
                        : "endSemantic inside an unrestored save or open layer")
            }
            stack.removeLast()
        case .restore:
            guard stack.last == .save else {
                throw fail(
                    stack.isEmpty
                        ? "restore without a matching save" : "restore inside an open layer")
            }
            stack.removeLast()
        case .endLayer:
            guard stack.last == .beginLayer else {
                throw fail(
                    stack.isEmpty
                        ? "endLayer without a matching beginLayer"
                        : "endLayer inside an unrestored save or open hint")
            }
            stack.removeLast()
        default: break
        }
    }

    mutating func image() throws(DisplayListError) -> DisplayImage {
        let offset = reader.offset
        let id = try u32()
        let width = Int(try u32())
        let height = Int(try u32())
        try reserved32()
        let byteCount = try u64()
        let side = DisplayList.maximumImageSide
        guard width >= 1, height >= 1, width <= side, height <= side else {
            throw fail(
                "image \(id) is \(width)×\(height); each side must be 1 to \(side) pixels",
                at: offset)
        }
        guard byteCount == UInt64(width * height * 4) else {
            throw fail(
                "image \(id) has \(byteCount) bytes; \(width)×\(height) RGBA needs \(width * height * 4)",
                at: offset)
        }
        guard imageIDs.insert(id).inserted else {
            throw fail("image id \(id) appears twice", at: offset)
        }
        let pixels = try bytes(Int(byteCount))
        return DisplayImage(id: id, width: width, height: height, pixels: Array(pixels))
    }

    mutating func command() throws(DisplayListError) -> DisplayCommand {
        let start = reader.offset
        let raw = try u16()
        guard let opcode = DisplayOpcode(rawValue: raw) else {
            throw fail("unknown opcode \(raw)", at: start)
        }
        guard opcode.introducedIn <= version else {
            throw fail(
                "opcode \(raw) (\(opcode)) needs format version \(opcode.introducedIn); "
                    + "the list is version \(version)", at: start)
        }
        commandOpcode = opcode
        try reserved16()
        let length = Int(try u32())
        guard length <= reader.remaining else {
            throw fail("payload of \(length) bytes but only \(reader.remaining) left")
        }
        let payloadStart = reader.offset
        let command = try payload(opcode)
        let consumed = reader.offset - payloadStart
        guard consumed == length else {
            throw fail(
                "payload length \(length) but the \(opcode) payload is \(consumed) bytes",
                at: payloadStart)
        }
        return command
    }

    private mutating func payload(_ opcode: DisplayOpcode) throws(DisplayListError)
        -> DisplayCommand
    {
        switch opcode {
        case .save: return .save
        case .restore: return .restore
        case .endLayer: return .endLayer
        case .endSemantic: return .endSemantic
        case .beginSemantic: return .beginSemantic(try semanticHint())
        case .concatenate:
            return .concatenate(
                AffineTransform(
                    a: try number("a"), b: try number("b"), c: try number("c"),
                    d: try number("d"), tx: try number("tx"), ty: try number("ty")))
        case .clipRect:
            return .clipRect(try rect("clip"))
        case .clipRoundedRect:
            return .clipRoundedRect(try rect("clip"), radii: try radii())
        case .fillRect:
            return .fillRect(try rect("rectangle"), color: try color("colour"))
        case .fillRoundedRect:
            return .fillRoundedRect(
                try rect("rectangle"), radii: try radii(), color: try color("colour"))
        case .strokeRoundedRect:
            return .strokeRoundedRect(
                try rect("rectangle"), radii: try radii(), color: try color("colour"),
                lineWidth: try nonNegative("line width"))
        case .linearGradient:
            let area = try rect("rectangle")
            let start = try point("start")
            let end = try point("end")
            let countOffset = reader.offset
            let count = Int(try u32())
            guard count >= 1, count <= DisplayList.maximumGradientStops else {
                throw fail(
                    "\(count) gradient stops; use 1 to \(DisplayList.maximumGradientStops)",
                    at: countOffset)
            }
            var stops: [GradientStop] = []
            for _ in 0..<count {
                let offset = reader.offset
                let location = try unit("gradient location")
                if let previous = stops.last, location < previous.location {
                    throw fail(
                        "gradient location \(location) is before \(previous.location)", at: offset)
                }
                stops.append(GradientStop(location: location, color: try color("gradient colour")))
            }
            return .linearGradient(area, start: start, end: end, stops: stops)
        case .shadow:
            return .shadow(
                color: try color("shadow colour"),
                offset: Size(width: try number("shadow dx"), height: try number("shadow dy")),
                blur: try nonNegative("shadow blur"))
        case .drawImage:
            let offset = reader.offset
            let id = try u32()
            guard imageIDs.contains(id) else {
                throw fail("image \(id) is not in the list", at: offset)
            }
            let source = try rect("source")
            let destination = try rect("destination")
            let flagsOffset = reader.offset
            let flags = try u8()
            guard flags & ~3 == 0 else {
                throw fail("unknown image flags \(flags)", at: flagsOffset)
            }
            var capInsets: EdgeInsets?
            if flags & 1 != 0 {
                capInsets = EdgeInsets(
                    top: try nonNegative("cap inset"), left: try nonNegative("cap inset"),
                    bottom: try nonNegative("cap inset"), right: try nonNegative("cap inset"))
            }
            let tint = flags & 2 != 0 ? try color("tint") : nil
            return .drawImage(
                id: id, source: source, destination: destination, capInsets: capInsets, tint: tint)
        case .glyphRun:
            return .glyphRun(try glyphRun())
        case .beginLayer:
            return .beginLayer(alpha: try unit("layer alpha"))
        }
    }

    private mutating func glyphRun() throws(DisplayListError) -> GlyphRun {
        let text = try string("text")
        let family = try string("font family")
        let sizeOffset = reader.offset
        let size = try nonNegative("font size")
        guard size <= 10_000 else { throw fail("font size \(size) is above 10000", at: sizeOffset) }
        let weight = Int(try u16())
        let styleOffset = reader.offset
        let style = try u8()
        guard style & ~3 == 0 else {
            throw fail("unknown font style flags \(style)", at: styleOffset)
        }
        let font = FontDescriptor(
            family: family, size: size, weight: weight, isItalic: style & 1 != 0,
            isMonospaced: style & 2 != 0)
        var run = GlyphRun(
            text: text, font: font, color: try color("text colour"), origin: try point("origin"),
            width: try nonNegative("run width"), ascent: try number("ascent"),
            descent: try number("descent"))
        let flagsOffset = reader.offset
        let flags = try u8()
        guard flags & ~31 == 0 else {
            throw fail("unknown glyph run flags \(flags)", at: flagsOffset)
        }
        if flags & 16 != 0 { run.direction = .rightToLeft }
        if flags & 1 != 0 { run.background = try color("background") }
        if flags & 2 != 0 { run.underline = try lineStyle() }
        if flags & 4 != 0 { run.strikethrough = try lineStyle() }
        if flags & 8 != 0 {
            let countOffset = reader.offset
            let count = Int(try u32())
            guard count <= text.utf8.count, count <= reader.remaining / 8 else {
                throw fail(
                    "\(count) advances for a run of \(text.utf8.count) bytes", at: countOffset)
            }
            var advances: [Double] = []
            advances.reserveCapacity(count)
            for _ in 0..<count { advances.append(try number("advance")) }
            run.advances = advances
        }
        return run
    }

    private mutating func lineStyle() throws(DisplayListError) -> TextLineStyle {
        let offset = reader.offset
        guard let pattern = TextLineStyle.Pattern(rawValue: try u8()) else {
            throw fail("unknown line pattern", at: offset)
        }
        let hasColor = try u8()
        guard hasColor <= 1 else { throw fail("bad line colour flag \(hasColor)", at: offset + 1) }
        return TextLineStyle(pattern, color: hasColor == 1 ? try color("line colour") : nil)
    }
}
