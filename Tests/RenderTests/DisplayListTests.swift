import Foundation
import Testing
import TrellisGeometry
import TrellisRender
import TrellisTextRenderer

/// A list with one command of every kind, and one image.
func everyCommandList() -> DisplayList {
    var list = DisplayList(size: Size(width: 320, height: 480), scale: 2)
    list.addImage(
        DisplayImage(id: 7, width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 128]))
    let run = GlyphRun(
        text: "Save 保存 👍🏽",
        font: FontDescriptor(family: "DejaVu Sans", size: 14, weight: 700, isItalic: true),
        color: .black, origin: Point(x: 10, y: 30), width: 80.5, ascent: 11.2, descent: 3.1,
        background: Color(white: 0.9), underline: TextLineStyle(.double, color: .red),
        strikethrough: TextLineStyle(.thick))
    list.commands = [
        .save,
        .concatenate(AffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 2)),
        .clipRect(Rect(x: 0, y: 0, width: 100, height: 50)),
        .clipRoundedRect(
            Rect(x: 1, y: 2, width: 3, height: 4),
            radii: CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4)),
        .fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: .red),
        .fillRoundedRect(
            Rect(x: 0, y: 0, width: 300, height: 190), radii: .uniform(10), color: .blue),
        .strokeRoundedRect(
            Rect(x: 0, y: 0, width: 75, height: 45), radii: .zero, color: .black, lineWidth: 1.5),
        .linearGradient(
            Rect(x: 0, y: 0, width: 300, height: 330), start: .zero, end: Point(x: 0, y: 330),
            stops: [
                GradientStop(location: 0, color: .red), GradientStop(location: 1, color: .orange),
            ]),
        .shadow(color: Color(white: 0, alpha: 0.5), offset: Size(width: 0, height: 2), blur: 4),
        .drawImage(
            id: 7, source: Rect(x: 0, y: 0, width: 2, height: 1),
            destination: Rect(x: 5, y: 5, width: 40, height: 20),
            capInsets: EdgeInsets(top: 0, left: 1, bottom: 0, right: 0), tint: .white),
        .drawImage(
            id: 7, source: Rect(x: 0, y: 0, width: 1, height: 1),
            destination: Rect(x: 0, y: 0, width: 1, height: 1), capInsets: nil, tint: nil),
        .glyphRun(run),
        .beginLayer(alpha: 0.5),
        .endLayer,
        .restore,
    ]
    return list
}

@Suite struct DisplayListEncodingTests {
    @Test func everyCommandRoundTrips() throws {
        let list = everyCommandList()
        let decoded = try DisplayList(decoding: list.encoded())
        #expect(decoded == list)
        #expect(decoded.commands.count == 15)
        #expect(Set(list.commands.map(\.name)).count == 14)
    }

    /// Commands are copied one by one wherever a list is built, measured, encoded and drawn:
    /// large payloads stay out of line (a glyph run alone is 273 bytes), so that a command
    /// stays small. A new case with a large payload must be `indirect` too.
    @Test func aCommandIsSmall() {
        #expect(MemoryLayout<DisplayCommand>.size <= 112, "\(MemoryLayout<DisplayCommand>.size)")
        #expect(MemoryLayout<GlyphRun>.size > 200)
    }

    @Test func glyphRunAdvancesRoundTripAndAreBounded() throws {
        var list = DisplayList(size: Size(width: 100, height: 20))
        var run = GlyphRun(
            text: "A B", font: FontDescriptor(size: 10), color: .black, origin: Point(x: 0, y: 10),
            width: 30, ascent: 8, descent: 2, advances: [6, 12, 12])
        list.append(.glyphRun(run))
        #expect(try DisplayList(decoding: list.encoded()) == list)
        #expect(TextRenderer.line(for: .glyphRun(run)).hasSuffix(" advances 6 12 12"))
        run.advances = [1, 2, 3, 4]
        list.commands = [.glyphRun(run)]
        #expect(throws: DisplayListError.self) { try DisplayList(decoding: list.encoded()) }
    }

    @Test func rightToLeftRunsCarryTheirDirectionInTheFlags() throws {
        var run = GlyphRun(
            text: "\u{5D0}\u{5D1} (c)", font: FontDescriptor(size: 10), color: .black,
            origin: Point(x: 4, y: 10), width: 30, ascent: 8, descent: 2)
        var list = DisplayList(size: Size(width: 100, height: 20))
        list.append(.glyphRun(run))
        let leftToRight = list.encoded()
        run.direction = .rightToLeft
        list.commands = [.glyphRun(run)]
        let rightToLeft = list.encoded()
        #expect(try DisplayList(decoding: rightToLeft) == list)
        // The same bytes but the flags: the right-to-left flag has no payload, and a
        // left-to-right run is encoded as before the flag existed.
        #expect(leftToRight.count == rightToLeft.count)
        let different = leftToRight.indices.filter { leftToRight[$0] != rightToLeft[$0] }
        #expect(different == [leftToRight.count - 1])
        #expect(rightToLeft[rightToLeft.count - 1] == 16)
        run.advances = [10, 10, 10, 10, 10, 10]
        list.commands = [.glyphRun(run)]
        #expect(try DisplayList(decoding: list.encoded()) == list)
        #expect(TextRenderer.line(for: .glyphRun(run)).contains(" w400 rtl color "))
        var unknown = rightToLeft
        unknown[unknown.count - 1] = 32
        #expect(decodeError(unknown)?.description.contains("unknown glyph run flags 32") == true)
    }

    @Test func encodingIsDeterministic() {
        #expect(everyCommandList().encoded() == everyCommandList().encoded())
    }

    @Test func headerLayout() {
        let bytes = DisplayList(size: Size(width: 1, height: 2)).encoded()
        #expect(Array(bytes[0..<4]) == Array("TRDL".utf8))
        #expect(bytes[4] == 1 && bytes[5] == 0)
        #expect(bytes.count == 40)
    }

    @Test func everyTruncationIsRejected() {
        let bytes = everyCommandList().encoded()
        for length in 0..<bytes.count {
            #expect(throws: DisplayListError.self) {
                try DisplayList(decoding: Array(bytes[0..<length]))
            }
        }
    }

    @Test func trailingBytesAreRejected() {
        let bytes = everyCommandList().encoded() + [0]
        #expect(throws: DisplayListError.self) { try DisplayList(decoding: bytes) }
    }

    private func decodeError(_ bytes: [UInt8]) -> DisplayListError? {
        do {
            _ = try DisplayList(decoding: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func badMagicAndVersion() {
        var bytes = DisplayList(size: Size(width: 1, height: 1)).encoded()
        bytes[0] = 0x58
        #expect(decodeError(bytes)?.description.contains("not a Trellis display list") == true)
        bytes = DisplayList(size: Size(width: 1, height: 1)).encoded()
        bytes[4] = 9
        #expect(decodeError(bytes)?.description.contains("format version 9") == true)
    }

    @Test func unknownOpcodeNamesTheCommandAndOffset() {
        var list = DisplayList(size: Size(width: 10, height: 10))
        list.commands = [.save, .restore]
        var bytes = list.encoded()
        bytes[48] = 99  // the second command's opcode
        let error = decodeError(bytes)
        #expect(error?.command == 1)
        #expect(error?.offset == 48)
        #expect(error?.description == "display list: command 1 at byte 48: unknown opcode 99")
    }

    @Test func nonFiniteNumbersAndOutOfRangeColoursAreRejected() {
        var list = DisplayList(size: Size(width: 10, height: 10))
        list.commands = [.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), color: .red)]
        var bytes = list.encoded()
        // The payload starts at 48: x is its first double.
        let nan = Double.nan.bitPattern
        for i in 0..<8 { bytes[48 + i] = UInt8(truncatingIfNeeded: nan >> (8 * UInt64(i))) }
        #expect(decodeError(bytes)?.description.contains("rectangle x is nan") == true)
        bytes = list.encoded()
        let big = 1.5.bitPattern
        for i in 0..<8 { bytes[48 + 32 + i] = UInt8(truncatingIfNeeded: big >> (8 * UInt64(i))) }
        let error = decodeError(bytes)
        #expect(error?.description.contains("(fillRect)") == true)
        #expect(error?.description.contains("colour component 1.5 is outside 0...1") == true)
    }

    /// A value the lists below put in exactly one field, to find that field's bytes.
    private static let marker = 12_345.625

    /// Commands with ``marker`` in one field, the value that replaces it, and the error's
    /// command name and reason.
    static let badFields: [(DisplayCommand, Double, String, String)] = [
        (
            .clipRect(Rect(x: 0, y: 0, width: marker, height: 1)), .nan, "clipRect",
            "clip width is nan, not a finite number"
        ),
        (
            .concatenate(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: marker)), .infinity,
            "concatenate", "ty is inf, not a finite number"
        ),
        (
            .strokeRoundedRect(
                Rect(x: 0, y: 0, width: 1, height: 1),
                radii: CornerRadii(topLeft: 0, topRight: 0, bottomRight: marker, bottomLeft: 0),
                color: .red, lineWidth: 1), -2, "strokeRoundedRect",
            "corner radius -2.0 is negative"
        ),
        (
            .linearGradient(
                Rect(x: 0, y: 0, width: 1, height: 1), start: .zero,
                end: Point(x: 1, y: marker),
                stops: [GradientStop(location: 0, color: .red)]), -.infinity, "linearGradient",
            "end y is -inf, not a finite number"
        ),
        (
            .shadow(
                color: Color(red: 0, green: 0, blue: 0, alpha: 1),
                offset: Size(width: 1, height: marker), blur: 2),
            .nan, "shadow", "shadow dy is nan, not a finite number"
        ),
        (
            .shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 1), offset: .zero, blur: marker),
            -1, "shadow", "shadow blur -1.0 is negative"
        ),
        (
            .beginLayer(alpha: marker), 1.25, "beginLayer", "layer alpha 1.25 is outside 0...1"
        ),
        (
            .glyphRun(
                GlyphRun(
                    text: "ab", font: FontDescriptor(size: 12), color: .black,
                    origin: Point(x: marker, y: 0), width: 1, ascent: 1, descent: 1)), .nan,
            "glyphRun", "origin x is nan, not a finite number"
        ),
    ]

    @Test(arguments: badFields.indices)
    func badFieldsAreNamedInFullWithTheirCommandAndOffset(_ index: Int) throws {
        let (command, value, name, reason) = Self.badFields[index]
        var list = DisplayList(size: Size(width: 10, height: 10))
        list.commands = [.save, command]
        var bytes = list.encoded()
        let pattern = (0..<8).map { UInt8(truncatingIfNeeded: Self.marker.bitPattern >> (8 * $0)) }
        let offset = try #require(
            (0...(bytes.count - 8)).first { Array(bytes[$0..<($0 + 8)]) == pattern })
        for i in 0..<8 {
            bytes[offset + i] = UInt8(truncatingIfNeeded: value.bitPattern >> (8 * i))
        }
        let error = try #require(decodeError(bytes))
        #expect(error.command == 1)
        #expect(error.commandName == name)
        #expect(error.offset == offset)
        #expect(
            error.description == "display list: command 1 (\(name)) at byte \(offset): \(reason)")
    }

    @Test func unbalancedStateCommandsAreRejected() {
        for commands: [DisplayCommand] in [
            [.restore], [.endLayer], [.save, .endLayer], [.beginLayer(alpha: 1), .restore],
        ] {
            var list = DisplayList(size: Size(width: 10, height: 10))
            list.commands = commands
            #expect(decodeError(list.encoded()) != nil, "\(commands)")
        }
        var open = DisplayList(size: Size(width: 10, height: 10))
        open.commands = [.save, .beginLayer(alpha: 0.5)]
        #expect(decodeError(open.encoded()) == nil)
    }

    @Test func imagesAreValidated() {
        var list = DisplayList(size: Size(width: 10, height: 10))
        list.images = [DisplayImage(id: 1, width: 2, height: 2, pixels: [0, 0, 0])]
        #expect(decodeError(list.encoded())?.description.contains("needs 16") == true)
        list.images = [
            DisplayImage(id: 1, width: 1, height: 1, color: .red),
            DisplayImage(id: 1, width: 1, height: 1, color: .red),
        ]
        #expect(decodeError(list.encoded())?.description.contains("appears twice") == true)
        list.images = []
        list.commands = [
            .drawImage(id: 3, source: .zero, destination: .zero, capInsets: nil, tint: nil)
        ]
        #expect(
            decodeError(list.encoded())?.description.contains("image 3 is not in the list") == true)
    }

    @Test func invalidUTF8TextIsRejected() {
        var list = DisplayList(size: Size(width: 10, height: 10))
        list.commands = [
            .glyphRun(
                GlyphRun(
                    text: "ab", font: FontDescriptor(size: 12), color: .black, origin: .zero,
                    width: 1, ascent: 1, descent: 1))
        ]
        var bytes = list.encoded()
        // The text's two bytes follow the payload start (48) and its u32 length.
        bytes[52] = 0xFF
        #expect(decodeError(bytes)?.description.contains("text is not valid UTF-8") == true)
    }

    @Test func hugeCountsAreRejectedWithoutAllocating() {
        var bytes = DisplayList(size: Size(width: 1, height: 1)).encoded()
        bytes[36] = 0xFF
        bytes[37] = 0xFF
        bytes[38] = 0xFF
        bytes[39] = 0x7F
        #expect(decodeError(bytes)?.description.contains("cannot fit") == true)
    }

    @Test func corruptedBytesNeverCrash() {
        let original = everyCommandList().encoded()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let index = Int(state >> 33) % bytes.count
                bytes[index] = UInt8(truncatingIfNeeded: state >> 13)
            }
            _ = try? DisplayList(decoding: bytes)
        }
    }

    @Test func measurementCodecRoundTrips() throws {
        let runs = [
            MeasureRun(font: FontDescriptor(size: 12), clusters: ["S", "a", "v", "e"]),
            MeasureRun(
                font: FontDescriptor(family: "WenQuanYi", size: 16, weight: 700),
                clusters: ["保", "存", "👨‍👩‍👧"]),
        ]
        let request = TextMeasurementCodec.encode(request: runs)
        let decoded = try request.withUnsafeBytes { try TextMeasurementCodec.decodeRequest($0) }
        #expect(decoded == runs)
        let measured = [
            MeasuredRun(
                ascender: 9, descender: 3, lineGap: 1, capHeight: 8, xHeight: 6,
                advances: [7, 6, 6, 6])
        ]
        let response = TextMeasurementCodec.encode(response: measured)
        #expect(
            try response.withUnsafeBytes { try TextMeasurementCodec.decodeResponse($0) } == measured
        )
        for length in 0..<response.count {
            let prefix = Array(response[0..<length])
            #expect(throws: DisplayListError.self) {
                try prefix.withUnsafeBytes { try TextMeasurementCodec.decodeResponse($0) }
            }
        }
    }

    @Test func cornerRadiiFitTheirRectangle() {
        let fitted = CornerRadii.uniform(30).fitted(to: Size(width: 40, height: 100))
        #expect(fitted == .uniform(20))
        #expect(CornerRadii.uniform(5).fitted(to: Size(width: 40, height: 100)) == .uniform(5))
    }
}

@Suite struct TextFormatTests {
    @Test func numbersAreNormalised() {
        #expect(TextFormat.number(0) == "0")
        #expect(TextFormat.number(-0.0) == "0")
        #expect(TextFormat.number(-0.0001) == "0")
        #expect(TextFormat.number(1.5) == "1.5")
        #expect(TextFormat.number(-2.25) == "-2.25")
        #expect(TextFormat.number(0.1 + 0.2) == "0.3")
        #expect(TextFormat.number(1.0005) == "1.001")
        #expect(TextFormat.number(42) == "42")
        #expect(TextFormat.number(0.05) == "0.05")
    }

    @Test func hugeNumbersDoNotOverflow() {
        // Found by fuzz-displaylist: a canvas width of 9.6e40 overflowed Int64.
        #expect(TextFormat.number(9.6e40) == "9.6e+40")
        #expect(TextFormat.number(-1e300) == "-1e+300")
        #expect(
            TextFormat.number(.greatestFiniteMagnitude) == String(Double.greatestFiniteMagnitude))
    }

    @Test func stringsEscapeEveryControlCharacter() {
        #expect(TextFormat.quoted("a\"b\\c\nd\te") == "\"a\\\"b\\\\c\\nd\\te\"")
        #expect(TextFormat.quoted("\u{1B}[31m\u{7}\u{9B}") == "\"\\u{1B}[31m\\u{7}\\u{9B}\"")
        #expect(TextFormat.quoted("保存 👍🏽") == "\"保存 👍🏽\"")
    }
}

@Suite struct DisplayListFormatStabilityTests {
    /// The committed encoding of ``everyCommandList()``; it pins the binary format and seeds the
    /// display-list fuzzer. Set `TRELLIS_RECORD=1` to rewrite it after a deliberate change.
    static let golden = PluginFixtures.repository.appendingPathComponent(
        "Fuzz/DisplayList/seeds/every-command.trdl")

    /// The committed encoding of ``rightToLeftList()``, which seeds the fuzzer with the
    /// right-to-left flag.
    static let rightToLeftGolden = PluginFixtures.repository.appendingPathComponent(
        "Fuzz/DisplayList/seeds/right-to-left-runs.trdl")

    /// A line of mixed text as the views draw it: runs in visual order, the right-to-left
    /// ones flagged, one with advances.
    static func rightToLeftList() -> DisplayList {
        var list = DisplayList(size: Size(width: 200, height: 20))
        let font = FontDescriptor(family: "DejaVu Sans", size: 12)
        list.commands = [
            .glyphRun(
                GlyphRun(
                    text: "abc ", font: font, color: .black, origin: Point(x: 0, y: 14),
                    width: 28, ascent: 11, descent: 3)),
            .glyphRun(
                GlyphRun(
                    text: "123", font: font, color: .black, origin: Point(x: 28, y: 14),
                    width: 21, ascent: 11, descent: 3)),
            .glyphRun(
                GlyphRun(
                    text: "\u{5E9}\u{5DC}\u{5D5}\u{5DD} (", font: font, color: .black,
                    origin: Point(x: 49, y: 14), width: 40, ascent: 11, descent: 3,
                    advances: [8, 8, 8, 8, 4, 4], direction: .rightToLeft)),
        ]
        return list
    }

    @Test func encodingMatchesTheCommittedBytes() throws {
        let bytes = everyCommandList().encoded()
        let rightToLeft = Self.rightToLeftList().encoded()
        if ProcessInfo.processInfo.environment["TRELLIS_RECORD"] == "1" {
            try Data(bytes).write(to: Self.golden)
            try Data(rightToLeft).write(to: Self.rightToLeftGolden)
        }
        let committed = try Data(contentsOf: Self.golden)
        #expect(Array(committed) == bytes)
        #expect(Array(try Data(contentsOf: Self.rightToLeftGolden)) == rightToLeft)
        #expect(try DisplayList(decoding: rightToLeft) == Self.rightToLeftList())
    }
}

/// The content key an image view's image carries, and its place in the binary format.
@Suite struct ImageContentKeyTests {
    private func imageCommandPayload(_ list: DisplayList) -> [UInt8] {
        // Header (40 bytes), the image (24 bytes + 4 pixels), then the command's u16 opcode,
        // u16 0 and u32 length.
        let bytes = list.encoded()
        let start = 40 + 24 + 4 + 8
        return Array(bytes[start...])
    }

    private func list(key: UInt64?) -> DisplayList {
        var list = DisplayList(size: Size(width: 10, height: 10))
        list.addImage(DisplayImage(id: 1, width: 1, height: 1, color: .red))
        list.append(
            .drawImage(
                id: 1, source: Rect(x: 0, y: 0, width: 1, height: 1),
                destination: Rect(x: 0, y: 0, width: 4, height: 4), capInsets: nil, tint: nil,
                contentKey: key))
        return list
    }

    @Test func aCommandWithoutAKeyIsEncodedAsBeforeTheKeyExisted() throws {
        let payload = imageCommandPayload(list(key: nil))
        // u32 id, two rectangles, the flags byte: no more.
        #expect(payload.count == 4 + 32 + 32 + 1)
        #expect(payload.last == 0)
    }

    @Test func theKeyIsFlagFourAndEightBytesAndRoundTrips() throws {
        let keyed = list(key: 0x0102_0304_0506_0708)
        let payload = imageCommandPayload(keyed)
        #expect(payload.count == 4 + 32 + 32 + 1 + 8)
        try #require(payload.count > 68)
        #expect(payload[68] == 4)
        #expect(Array(payload[69...]) == [8, 7, 6, 5, 4, 3, 2, 1])
        #expect(try DisplayList(decoding: keyed.encoded()) == keyed)
    }

    @Test func anUnknownImageFlagIsAnError() throws {
        var bytes = list(key: nil).encoded()
        bytes[bytes.count - 1] = 8
        #expect(throws: DisplayListError.self) { try DisplayList(decoding: bytes) }
        do {
            _ = try DisplayList(decoding: bytes)
        } catch {
            #expect(error.description.contains("unknown image flags 8"))
        }
    }

    @Test func theKeyFollowsThePixelsAndTheSize() {
        let pixels: [UInt8] = Array(0..<24)
        let key = DisplayImage.contentKey(width: 3, height: 2, pixels: pixels)
        #expect(key == DisplayImage.contentKey(width: 3, height: 2, pixels: pixels))
        #expect(key != DisplayImage.contentKey(width: 2, height: 3, pixels: pixels))
        for index in pixels.indices {
            var changed = pixels
            changed[index] ^= 1
            #expect(key != DisplayImage.contentKey(width: 3, height: 2, pixels: changed))
        }
    }
}
