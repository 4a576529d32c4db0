import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRender
import TrellisTerminalRenderer

/// The input-event and frame-statistics formats.
@Suite struct CodecTests {
    static let everyEvent: [InputEvent] =
        [
            .text("hé 界 👨‍👩‍👧"), .paste("a\u{1B}[A\r\nb"), .focus(true), .focus(false),
            .key(KeyEvent(.character("é"), modifiers: [.alt, .control])),
            .key(KeyEvent(.function(24))),
            .key(KeyEvent(.character("a"), modifiers: .control, phase: .repeat)),
            .key(KeyEvent(.escape, modifiers: [.shift, .alt, .control, .meta], phase: .release)),
            .mouse(
                MouseEvent(
                    .drag, button: .right, column: 65_535, row: 3, modifiers: [.shift, .meta])),
        ]
        + [
            Key.enter, .tab, .escape, .backspace, .delete, .insert, .up, .down, .left, .right,
            .home, .end,
            .pageUp, .pageDown,
        ].map { .key(KeyEvent($0, modifiers: .shift)) }
        + MouseEvent.Action.allCases.map {
            .mouse(MouseEvent($0, button: .left, column: 1, row: 2))
        }
        + MouseEvent.Button.allCases.map {
            .mouse(MouseEvent(.press, button: $0, column: 0, row: 0))
        }

    @Test func aKeyPhaseOutsidePressRepeatAndReleaseIsRefused() throws {
        var bytes = InputEventCodec.encode(InputBatch(events: [.key(KeyEvent(.up))]))
        // Header (12 bytes), then kind 1, key code, modifiers: the phase is in bits 4 and 5.
        #expect(bytes[14] == 0)
        bytes[14] = 0x30
        #expect(throws: DisplayListError.self) { try InputEventCodec.decode(bytes) }
        bytes[14] = 0x40
        #expect(throws: DisplayListError.self) { try InputEventCodec.decode(bytes) }
        bytes[14] = 0x24
        #expect(
            try InputEventCodec.decode(bytes).events
                == [.key(KeyEvent(.up, modifiers: .control, phase: .release))])
    }

    @Test func everyEventRoundTrips() throws {
        for isPending in [false, true] {
            let batch = InputBatch(events: CodecTests.everyEvent, isPending: isPending)
            #expect(try InputEventCodec.decode(InputEventCodec.encode(batch)) == batch)
        }
    }

    @Test func everyTruncationIsAnErrorNotACrash() throws {
        let bytes = InputEventCodec.encode(InputBatch(events: CodecTests.everyEvent))
        for length in 0..<bytes.count {
            #expect(throws: DisplayListError.self) {
                try InputEventCodec.decode(Array(bytes[0..<length]))
            }
        }
    }

    private static func batch(_ tail: [UInt8]) -> [UInt8] { Array("TRIE".utf8) + tail }

    static let malformed: [([UInt8], String)] = [
        (
            Array("TRIX".utf8) + [1, 0, 0, 0, 0, 0, 0, 0],
            "expected a buffer starting with \"TRIE\""
        ),
        (batch([2, 0, 0, 0, 0, 0, 0, 0]), "format version 2; expected 1"),
        (batch([1, 0, 2, 0, 0, 0, 0, 0]), "unknown flags 2"),
        (batch([1, 0, 0, 0, 1, 0, 0, 0, 9, 0]), "unknown event kind 9"),
        (batch([1, 0, 0, 0, 1, 0, 0, 0, 1, 99, 0]), "unknown key code 99"),
        (batch([1, 0, 0, 0, 1, 0, 0, 0, 1, 16, 0, 30]), "function key F30 is outside F1...F24"),
        (batch([1, 0, 0, 0, 1, 0, 0, 0, 5, 2]), "focus must be 0 or 1"),
        (
            batch([1, 0, 0, 0, 255, 255, 255, 255]),
            "count 4294967295 cannot fit in the 0 bytes left"
        ),
        (batch([1, 0, 0, 0, 0, 0, 0, 0, 7]), "1 unexpected bytes at the end"),
    ]

    @Test(arguments: malformed)
    func malformedBatchesAreRejectedWithTheReason(bytes: [UInt8], reason: String) {
        #expect {
            try InputEventCodec.decode(bytes)
        } throws: { error in
            (error as? DisplayListError)?.reason == reason
        }
    }

    @Test func frameStatisticsRoundTrip() throws {
        let statistics = FrameStatistics(
            frame: 1 << 40, columns: 200, rows: 60, cellsChanged: 12_000, cellsWritten: 12_004,
            bytesWritten: 98_765, renderNanoseconds: 654_321, isFullFrame: true)
        let bytes = FrameStatisticsCodec.encode(statistics)
        #expect(bytes.count == FrameStatisticsCodec.encodedSize)
        #expect(try FrameStatisticsCodec.decode(bytes) == statistics)
        #expect(throws: DisplayListError.self) {
            try FrameStatisticsCodec.decode(Array(bytes.dropLast()))
        }
    }

    @Test func inputEntryAnswersInTheCodecsFormat() throws {
        let renderer = try makeRenderer()
        let answer = try [UInt8]("\u{1B}".utf8).withUnsafeBytes { try renderer.input($0) }
        #expect(try InputEventCodec.decode(answer) == InputBatch(events: [], isPending: true))
        let flushed = try [UInt8]().withUnsafeBytes { try renderer.input($0) }
        #expect(
            try InputEventCodec.decode(flushed) == InputBatch(events: [.key(KeyEvent(.escape))]))
    }

    @Test(arguments: [
        (#"{"cellWidth": 0}"#, #"configuration "cellWidth" must be a number from 1 to 1000"#),
        (#"{"cellHeight": true}"#, #"configuration "cellHeight" must be a number from 1 to 1000"#),
        (
            #"{"colors": "4096"}"#,
            #"configuration "colors" must be "truecolor", "256", "16" or "auto""#
        ),
        (#"{"frames": "some"}"#, #"configuration "frames" must be "diff" or "full""#),
        (
            #"{"background": "black"}"#,
            ##"configuration "background" must be a colour such as "#000000""##
        ),
        (
            #"{"preview": true}"#,
            #"unknown configuration key "preview" (known: cellWidth, cellHeight, colors, frames, background, bidi, inline)"#
        ),
        ("[1]", "the configuration is not a JSON object"),
    ])
    func badConfigurationIsAClearError(json: String, message: String) {
        #expect {
            try TerminalRenderer(configuration: Array(json.utf8))
        } throws: { error in
            (error as? RendererError)?.message == message
        }
    }

    @Test func tooLargeACanvasIsAnError() throws {
        let renderer = try makeRenderer()
        #expect {
            try renderer.render(DisplayList(size: Size(width: 5000, height: 10)))
        } throws: { error in
            (error as? RendererError)?.message.contains("at most 2000 × 1000") == true
        }
    }
}
