import Foundation
import Testing
import TrellisCore
import TrellisGeometry
import TrellisTextRenderer

/// The text backend's listing of retained frames, which it keeps per segment slot between
/// frames: every frame lists the same as the whole scene's display list would.
@Suite struct TextRetainedListingTests {
    private static let canvas = Size(width: 100, height: 100)

    private static func box(_ id: UInt32, _ color: Color, references: [UInt32] = [])
        -> RetainedSegment
    {
        let rect = Rect(x: Double(id), y: Double(id), width: 10, height: 10)
        let commands: [DisplayCommand] = [.save, .fillRect(rect, color: color), .restore]
        return RetainedSegment(
            id: id, bounds: rect, commands: commands,
            references: references.map { .init(position: 2, id: $0) })
    }

    private static func render(_ renderer: TextRenderer, _ frame: RetainedFrame) throws -> String {
        let bytes = frame.encoded()
        return String(
            decoding: try bytes.withUnsafeBytes { try renderer.render($0) }, as: UTF8.self)
    }

    /// Frames that keep, redefine, release and replace segments (a new segment taking the slot
    /// of a released one), each listed against the whole scene listed afresh.
    @Test func everyFrameListsAsTheWholeSceneWould() throws {
        let renderer = try TextRenderer(configuration: [])
        let scene = RetainedScene()
        let colors: [Color] = [.red, .blue, .black, .white]
        var frames = [
            RetainedFrame(
                size: Self.canvas, rootID: 1, resets: true,
                segments: [
                    Self.box(1, .white, references: [2, 3]), Self.box(2, .red, references: [4]),
                    Self.box(3, .blue), Self.box(4, .black),
                ])
        ]
        var generator = Xorshift(state: 7)
        var kept: Set<UInt32> = [2, 3, 4]
        var next: UInt32 = 5
        for _ in 0..<40 {
            var segments: [RetainedSegment] = []
            var released: [UInt32] = []
            // Release one leaf and send a new one in its place, or redefine one.
            if Bool.random(using: &generator),
                let leaf = kept.filter({ $0 != 2 }).randomElement(
                    using: &generator)
            {
                released.append(leaf)
                kept.remove(leaf)
                kept.insert(next)
                segments.append(Self.box(next, colors.randomElement(using: &generator)!))
                next += 1
            } else if let some = kept.filter({ $0 != 2 }).randomElement(using: &generator) {
                segments.append(Self.box(some, colors.randomElement(using: &generator)!))
            }
            let leaves = kept.filter { $0 != 2 }.sorted()
            segments.append(Self.box(1, .white, references: [2] + leaves.prefix(2)))
            segments.append(Self.box(2, .red, references: Array(leaves.suffix(1))))
            frames.append(
                RetainedFrame(
                    size: Self.canvas, rootID: 1, damage: [Rect(size: Self.canvas)],
                    segments: segments, releasedSegments: released))
        }
        for (index, frame) in frames.enumerated() {
            let listed = try Self.render(renderer, frame)
            try scene.apply(frame.encoded())
            let whole = try scene.displayList()
            let fresh = try TextRenderer(configuration: [])
            #expect(listed == fresh.render(whole), "frame \(index)")
        }
    }

    @Test func aSegmentDrawingItselfOrAMissingOneIsAnError() throws {
        let renderer = try TextRenderer(configuration: [])
        let cycle = RetainedFrame(
            size: Self.canvas, rootID: 1, resets: true,
            segments: [Self.box(1, .white, references: [2]), Self.box(2, .red, references: [1])])
        #expect {
            try Self.render(renderer, cycle)
        } throws: { error in
            "\(error)".contains("segment 1 is nested in itself or too deep")
        }
        try _ = Self.render(
            renderer,
            RetainedFrame(
                size: Self.canvas, rootID: 1, resets: true,
                segments: [Self.box(1, .white, references: [2]), Self.box(2, .red)]))
        // Segment 2 is released while the root, kept, still draws it.
        let missing = RetainedFrame(
            size: Self.canvas, rootID: 1, damage: [], segments: [], releasedSegments: [2])
        #expect {
            try Self.render(renderer, missing)
        } throws: { error in
            "\(error)".contains("segment 2 is drawn but not defined")
        }
    }
}

/// A small seeded generator, so that the frames are the same on every run.
private struct Xorshift: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

/// The lines the text backend writes straight into its buffer are the lines it formats as
/// strings, for every kind of command and for numbers and colours at their edges.
@Suite struct TextLineBytesTests {
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 0.0004, 0.0005, -0.0005, 12.2, 1234.5678, -3.14159, 1e15, -1e15, 1e16,
        123_456_789.987_654, .nan, .infinity, -.infinity, .leastNonzeroMagnitude,
    ]
    static let colors: [Color] = [
        .black, .white, Color(red: 0.1, green: 0.5, blue: 0.999, alpha: 1),
        Color(red: 0.002, green: 0.998, blue: 0.5, alpha: 0.5),
        Color(red: 1, green: 0, blue: 0, alpha: 0),
    ]

    static func commands() -> [DisplayCommand] {
        var commands: [DisplayCommand] = [.save, .restore, .endLayer, .beginLayer(alpha: 0.25)]
        for (index, value) in numbers.enumerated() {
            let other = numbers[(index + 5) % numbers.count]
            let rect = Rect(x: value, y: other, width: abs(other), height: 3.5)
            let color = colors[index % colors.count]
            commands.append(
                .concatenate(
                    AffineTransform(a: value, b: 0, c: -0.0, d: other, tx: 1.5, ty: value)))
            commands.append(.clipRect(rect))
            commands.append(.fillRect(rect, color: color))
            commands.append(
                .fillRoundedRect(
                    rect,
                    radii: CornerRadii(
                        topLeft: value, topRight: value, bottomRight: value, bottomLeft: value),
                    color: color))
            commands.append(
                .fillRoundedRect(
                    rect,
                    radii: CornerRadii(topLeft: 4, topRight: other, bottomRight: 4, bottomLeft: 4),
                    color: color))
            commands.append(
                .strokeRoundedRect(
                    rect,
                    radii: CornerRadii(topLeft: 2, topRight: 2, bottomRight: 2, bottomLeft: 2),
                    color: color, lineWidth: value))
        }
        let texts = [
            "Item 0", "", "say \"hi\"", "back\\slash", "two\nlines", "tab\there",
            "bell\u{7}", "del\u{7F}", "c1\u{85}", "保存文件夹", "é", "line\u{2028}sep", "~ !",
        ]
        for (index, text) in texts.enumerated() {
            let value = numbers[index % numbers.count]
            commands.append(
                .glyphRun(
                    GlyphRun(
                        text: text,
                        font: FontDescriptor(
                            family: index % 3 == 0 ? "system" : "Mono \"A\"", size: value,
                            weight: [400, -7, Int.max, 0][index % 4], isItalic: index % 2 == 0,
                            isMonospaced: index % 3 == 1),
                        color: colors[index % colors.count], origin: Point(x: value, y: -0.0),
                        width: value, ascent: 6, descent: 2,
                        background: index % 2 == 0 ? nil : colors[(index + 1) % colors.count],
                        underline: index % 5 == 4 ? TextLineStyle(.double, color: .black) : nil,
                        strikethrough: index % 7 == 6 ? TextLineStyle(.thick) : nil,
                        advances: index % 3 == 2 ? [value, 1.25, -0.0] : nil,
                        direction: index % 4 == 3 ? .rightToLeft : .leftToRight)))
        }
        for (index, value) in numbers.enumerated() {
            let color = colors[index % colors.count]
            let rect = Rect(x: 1, y: value, width: 2, height: 3)
            let radii = CornerRadii(topLeft: value, topRight: 1, bottomRight: 1, bottomLeft: 1)
            commands.append(.clipRoundedRect(rect, radii: radii))
            commands.append(
                .linearGradient(
                    rect, start: Point(x: value, y: 0), end: Point(x: 1, y: -0.0),
                    stops: [
                        GradientStop(location: 0, color: color),
                        GradientStop(location: value, color: .white),
                    ]))
            commands.append(
                .shadow(color: color, offset: Size(width: value, height: -2), blur: value))
            commands.append(
                .drawImage(
                    id: UInt32(index), source: rect, destination: rect,
                    capInsets: index % 2 == 0
                        ? nil : EdgeInsets(top: value, left: 1, bottom: 2, right: 3),
                    tint: index % 3 == 0 ? nil : color))
            commands.append(.beginLayer(alpha: value))
            commands.append(.beginSemantic(SemanticHint(frame: rect, kind: .focusRing)))
            commands.append(.endSemantic)
        }
        return commands
    }

    /// The expected lines, one per command of ``commands()``.
    static let golden = PluginFixtures.repository.appendingPathComponent(
        "Tests/RenderTests/__Fixtures__/text-lines.txt")

    /// Every command is written as the committed lines say. Set `TRELLIS_RECORD=1` to rewrite
    /// them after a deliberate change of the format.
    @Test func everyLineIsWrittenAsTheFixtureSays() throws {
        let lines = Self.commands().map(TextRenderer.line(for:))
        #expect(lines.allSatisfy { !$0.contains("\n") })
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["TRELLIS_RECORD"] == "1" {
            try text.write(to: Self.golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(text == expected)
    }
}
