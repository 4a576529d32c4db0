import Testing
import TrellisRender
import TrellisTerminalRenderer

/// Keys, text, pastes and mouse reports decoded from the bytes terminals send.
@Suite struct InputParserTests {
    private func events(_ text: String, timeout: Bool = false) -> [InputEvent] {
        var parser = InputParser()
        var result = parser.feed(Array(text.utf8)).events
        if timeout { result += parser.feed([]).events }
        return result
    }

    private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> [InputEvent] {
        [.key(KeyEvent(key, modifiers: modifiers))]
    }

    @Test(arguments: [
        ("\u{1B}[97;5:3u", KeyEvent(.character("a"), modifiers: .control, phase: .release)),
        ("\u{1B}[97;5:2u", KeyEvent(.character("a"), modifiers: .control, phase: .repeat)),
        ("\u{1B}[97;5:1u", KeyEvent(.character("a"), modifiers: .control)),
        ("\u{1B}[27u", KeyEvent(.escape)),
        ("\u{1B}[27;1:3u", KeyEvent(.escape, phase: .release)),
        ("\u{1B}[1;1:3A", KeyEvent(.up, phase: .release)),
        ("\u{1B}[1;3:2D", KeyEvent(.left, modifiers: .alt, phase: .repeat)),
        ("\u{1B}[3;1:3~", KeyEvent(.delete, phase: .release)),
        ("\u{1B}[13;2u", KeyEvent(.enter, modifiers: .shift)),
        ("\u{1B}[97:65;2u", KeyEvent(.character("a"), modifiers: .shift)),
    ])
    func kittyKeyboardEventsCarryTheirPhase(text: String, event: KeyEvent) {
        #expect(events(text) == [.key(event)])
    }

    @Test func printableTextIsOneTextEvent() {
        #expect(events("héllo 世界 👍🏽") == [.text("héllo 世界 👍🏽")])
    }

    static let keyCases: [(String, Key, KeyModifiers)] = [
        ("\r", .enter, []), ("\n", .enter, []), ("\t", .tab, []),
        ("\u{7F}", .backspace, []), ("\u{8}", .backspace, []),
        ("\u{1B}[A", .up, []), ("\u{1B}[B", .down, []), ("\u{1B}[C", .right, []),
        ("\u{1B}[D", .left, []),
        ("\u{1B}OA", .up, []), ("\u{1B}OB", .down, []), ("\u{1B}OC", .right, []),
        ("\u{1B}OD", .left, []),
        ("\u{1B}[H", .home, []), ("\u{1B}[F", .end, []), ("\u{1B}OH", .home, []),
        ("\u{1B}OF", .end, []),
        ("\u{1B}[1~", .home, []), ("\u{1B}[4~", .end, []), ("\u{1B}[7~", .home, []),
        ("\u{1B}[8~", .end, []),
        ("\u{1B}[2~", .insert, []), ("\u{1B}[3~", .delete, []), ("\u{1B}[5~", .pageUp, []),
        ("\u{1B}[6~", .pageDown, []), ("\u{1B}[Z", .tab, .shift),
        ("\u{1B}OP", .function(1), []), ("\u{1B}[15~", .function(5), []),
        ("\u{1B}[24~", .function(12), []),
        ("\u{1B}[1;5C", .right, .control), ("\u{1B}[1;2A", .up, .shift),
        ("\u{1B}[1;3D", .left, .alt),
        ("\u{1B}[1;6H", .home, [.shift, .control]), ("\u{1B}[3;5~", .delete, .control),
        ("\u{1B}[5;3~", .pageUp, .alt), ("\u{1B}[1;9B", .down, .meta),
        ("\u{1B}[1;5P", .function(1), .control),
        ("\u{1B}O5C", .right, .control), ("\u{1B}[13;5u", .enter, .control),
        ("\u{1B}[97;5u", .character("a"), .control),
        ("\u{1B}[27;5;9~", .tab, .control), ("\u{1B}\u{1B}[A", .up, .alt), ("\u{1B}OM", .enter, []),
        ("\u{3}", .character("c"), .control), ("\u{1}", .character("a"), .control),
        ("\u{1A}", .character("z"), .control),
        ("\u{0}", .character(" "), .control), ("\u{1C}", .character("\\"), .control),
        ("\u{1F}", .character("_"), .control),
        ("\u{1B}x", .character("x"), .alt), ("\u{1B}\r", .enter, .alt),
        ("\u{1B}\u{7F}", .backspace, .alt),
        ("\u{1B}\u{3}", .character("c"), [.alt, .control]),
    ]

    @Test(arguments: keyCases)
    func keySequences(bytes: String, key: Key, modifiers: KeyModifiers) {
        #expect(events(bytes) == self.key(key, modifiers))
    }

    @Test func loneEscapeWaitsForTheTimeout() {
        var parser = InputParser()
        let first = parser.feed([0x1B])
        #expect(first.events.isEmpty)
        #expect(first.isPending)
        let flushed = parser.feed([])
        #expect(flushed.events == key(.escape))
        #expect(!flushed.isPending)
    }

    @Test func sequenceSplitAcrossReadsIsReassembled() {
        var parser = InputParser()
        var collected: [InputEvent] = []
        for byte in Array("a\u{1B}[1;5Cb".utf8) {
            collected += parser.feed([byte]).events
        }
        #expect(collected == [.text("a")] + key(.right, .control) + [.text("b")])
    }

    @Test func multiByteCharacterSplitAcrossReadsIsReassembled() {
        var parser = InputParser()
        let bytes = Array("界".utf8)
        #expect(parser.feed([bytes[0]]).events.isEmpty)
        #expect(parser.feed([bytes[1]]).isPending)
        #expect(parser.feed([bytes[2]]).events == [.text("界")])
    }

    @Test func unfinishedCharacterAtTimeoutIsAReplacement() {
        var parser = InputParser()
        _ = parser.feed([0xE7, 0x95])
        #expect(parser.feed([]).events == [.text("\u{FFFD}")])
    }

    @Test func invalidUTF8BecomesReplacements() {
        var parser = InputParser()
        #expect(
            parser.feed([0x61, 0xFF, 0xC0, 0x80, 0x62]).events == [
                .text("a\u{FFFD}\u{FFFD}\u{FFFD}b")
            ])
    }

    @Test func escapeThenTextAtTimeoutIsAltAndText() {
        #expect(events("\u{1B}[", timeout: true) == key(.character("["), .alt))
        #expect(events("\u{1B}O", timeout: true) == key(.character("O"), .alt))
    }

    @Test func bracketedPasteIsOneEventAndNeverKeys() {
        let pasted = "line 1\r\n\u{1B}[A\u{3}\tend"
        let result = events("x\u{1B}[200~\(pasted)\u{1B}[201~y")
        #expect(result == [.text("x"), .paste(pasted), .text("y")])
    }

    @Test func pasteSplitAcrossReadsAndAcrossItsEndMarker() {
        var parser = InputParser()
        var collected: [InputEvent] = []
        for piece in ["\u{1B}[20", "0~abc\u{1B}[2", "01", "~", "z"] {
            collected += parser.feed(Array(piece.utf8)).events
        }
        #expect(collected == [.paste("abc"), .text("z")])
    }

    @Test func pasteHoldsAPossibleEndMarkerUntilTimeout() {
        var parser = InputParser()
        _ = parser.feed(Array("\u{1B}[200~ab\u{1B}[2".utf8))
        _ = parser.feed([])
        #expect(parser.feed(Array("c\u{1B}[201~".utf8)).events == [.paste("ab\u{1B}[2c")])
    }

    @Test func hugePasteArrivesInBoundedPieces() {
        var parser = InputParser()
        let size = InputParser.maximumPasteLength + 10
        var collected = parser.feed(Array("\u{1B}[200~".utf8)).events
        collected += parser.feed(Array(repeating: UInt8(ascii: "x"), count: size)).events
        collected += parser.feed(Array("\u{1B}[201~".utf8)).events
        let lengths = collected.map { event -> Int in
            if case .paste(let text) = event { return text.utf8.count }
            return -1
        }
        #expect(lengths == [InputParser.maximumPasteLength, 10])
    }

    static let mouseCases: [(String, MouseEvent)] = [
        ("\u{1B}[<0;5;3M", MouseEvent(.press, button: .left, column: 4, row: 2)),
        ("\u{1B}[<0;5;3m", MouseEvent(.release, button: .left, column: 4, row: 2)),
        ("\u{1B}[<2;1;1M", MouseEvent(.press, button: .right, column: 0, row: 0)),
        ("\u{1B}[<1;10;20M", MouseEvent(.press, button: .middle, column: 9, row: 19)),
        ("\u{1B}[<32;6;3M", MouseEvent(.drag, button: .left, column: 5, row: 2)),
        ("\u{1B}[<35;6;3M", MouseEvent(.move, column: 5, row: 2)),
        ("\u{1B}[<64;2;2M", MouseEvent(.scrollUp, column: 1, row: 1)),
        ("\u{1B}[<65;2;2M", MouseEvent(.scrollDown, column: 1, row: 1)),
        ("\u{1B}[<66;2;2M", MouseEvent(.scrollLeft, column: 1, row: 1)),
        ("\u{1B}[<67;2;2M", MouseEvent(.scrollRight, column: 1, row: 1)),
        ("\u{1B}[<4;2;2M", MouseEvent(.press, button: .left, column: 1, row: 1, modifiers: .shift)),
        (
            "\u{1B}[<24;2;2M",
            MouseEvent(.press, button: .left, column: 1, row: 1, modifiers: [.alt, .control])
        ),
        ("\u{1B}[<80;2;2M", MouseEvent(.scrollUp, column: 1, row: 1, modifiers: .control)),
        ("\u{1B}[<128;2;2M", MouseEvent(.press, button: .back, column: 1, row: 1)),
        ("\u{1B}[<0;300;100M", MouseEvent(.press, button: .left, column: 299, row: 99)),
        ("\u{1B}[M !!", MouseEvent(.press, button: .left, column: 0, row: 0)),
        ("\u{1B}[M#!!", MouseEvent(.release, column: 0, row: 0)),
        ("\u{1B}[M`+,", MouseEvent(.scrollUp, column: 10, row: 11)),
    ]

    @Test(arguments: mouseCases)
    func mouseReports(bytes: String, mouse: MouseEvent) {
        #expect(events(bytes) == [.mouse(mouse)])
    }

    @Test func focusReports() {
        #expect(events("\u{1B}[I\u{1B}[O") == [.focus(true), .focus(false)])
    }

    @Test(arguments: [
        "\u{1B}[<0;0;1M", "\u{1B}[<0;1M", "\u{1B}[<0;99999;1M", "\u{1B}[<999;1;1M", "\u{1B}[?1;2c",
        "\u{1B}[>0;276;0c", "\u{1B}[99~", "\u{1B}[201~", "\u{1B}[1;5X",
        "\u{1B}]11;rgb:0000/0000/0000\u{7}",
        "\u{1B}P1$r0m\u{1B}\\", "\u{1B}[1 q", "\u{1B}O~",
    ])
    func unknownOrMalformedSequencesAreSkipped(bytes: String) {
        #expect(events(bytes + "k") == [.text("k")])
    }

    @Test func overlongSequenceIsCutAndItsRestSkipped() {
        var parser = InputParser()
        let long = "\u{1B}[" + String(repeating: "1;", count: 500) + "A"
        var collected = parser.feed(Array(long.utf8)).events
        collected += parser.feed(Array("ok".utf8)).events
        #expect(collected == [.text("ok")])
        #expect(parser.pendingByteCount == 0)
    }

    @Test func overlongStringSequenceIsAbandoned() {
        var parser = InputParser()
        let long = "\u{1B}]" + String(repeating: "x", count: InputParser.maximumStringLength + 100)
        let collected = parser.feed(Array(long.utf8)).events
        #expect(parser.pendingByteCount < InputParser.maximumStringLength + 2)
        // ESC ] and 4,095 bytes are dropped; what follows is read as input again.
        #expect(collected == [.text(String(repeating: "x", count: 101))])
    }

    @Test func sequenceInterruptedByAnotherIsDroppedAndTheOtherParsed() {
        #expect(events("\u{1B}[1;\u{1B}[A") == key(.up))
        #expect(events("\u{1B}[1\r") == key(.enter))
    }

    @Test func eightBitControlsAreNotText() {
        #expect(events("a\u{9B}31mb") == [.text("a31mb")])
    }

    @Test func arbitraryBytesNeverCrashOrHang() {
        // A fixed pseudo-random stream of bytes biased towards ESC, '[', digits and ';'.
        var parser = InputParser()
        var state: UInt64 = 42
        let alphabet: [UInt8] = [
            0x1B, 0x5B, 0x3C, 0x3B, 0x31, 0x32, 0x4D, 0x6D, 0x7E, 0x4F, 0xE7, 0x80, 0x07, 0x5D,
        ]
        var eventCount = 0
        for _ in 0..<2000 {
            var chunk: [UInt8] = []
            for _ in 0..<Int(state % 17) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let pick = Int(state >> 33)
                chunk.append(
                    pick % 3 == 0
                        ? UInt8(truncatingIfNeeded: pick >> 8) : alphabet[pick % alphabet.count])
            }
            eventCount += parser.feed(chunk).events.count
            #expect(parser.pendingByteCount <= InputParser.maximumStringLength + 16)
        }
        eventCount += parser.feed([]).events.count
        #expect(eventCount > 0)
    }
}
