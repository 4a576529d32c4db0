import Testing

@Suite struct CommandLineTests {
    @Test func noArgumentsIsAUsageError() throws {
        let result = try Trellis.run([])
        #expect(result.status == 2)
        #expect(result.errors.contains("usage: trellis <command>"))
        #expect(result.output.isEmpty)
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try Trellis.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("trellis: unknown command 'frobnicate'\n"))
        #expect(result.errors.contains("commands:"))
    }

    @Test func unknownOptionsAreUsageErrors() throws {
        for arguments in [
            ["demo", "--colour"], ["plugins", "--path"], ["demo", "-x"], ["demo", "extra"],
        ] {
            let result = try Trellis.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.hasPrefix("trellis: "), "\(arguments)")
        }
        let missing = try Trellis.run(["plugins", "--path"])
        #expect(missing.errors.hasPrefix("trellis: option '--path' needs a value"))
    }

    @Test func helpPrintsUsage() throws {
        let result = try Trellis.run(["help"])
        #expect(result.status == 0)
        #expect(result.output.contains("plugins"))
    }

    @Test func demoPrintsTheEventTrace() throws {
        let result = try Trellis.run(["demo"])
        #expect(result.status == 0)
        #expect(
            result.output.contains(
                "ended at (60, 22)       → touchUpInside, primaryActionTriggered"))
        #expect(result.output.contains("moved at (240, 30)      → touchDragOutside, touchDragExit"))
        #expect(result.output.contains("ended at (60, 150)      → touchUpOutside"))
    }

    @Test func pluginsListsTheBuiltBackendsWithoutAnyVariable() throws {
        let result = try Trellis.run(["plugins"], environment: ["TRELLIS_PLUGIN_PATH": ""])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(
            lines.contains {
                $0.hasPrefix("text ") && $0.contains("render-text")
                    && $0.hasSuffix("libTrellisTextBackend.so")
            })
        #expect(lines.contains { $0.hasPrefix("example-c ") })
    }

    @Test func pluginsAcceptsAPathInBothSpellings() throws {
        let a = try Trellis.run(["plugins", "--path", "/nonexistent"])
        let b = try Trellis.run(["plugins", "--path=/nonexistent"])
        #expect(a.status == 0 && b.status == 0)
        #expect(a.output == b.output)
        #expect(a.errors.contains("warning: plugin /nonexistent: not found"))
    }
}

@Suite struct TextCommandTests {
    @Test func textBreakPrintsTheLinesAsJSON() throws {
        let result = try Trellis.run(
            ["text", "break", "--width", "30", "--font", #"{"size": 10}"#], input: "Hello world\n")
        #expect(result.status == 0)
        #expect(
            result.output == #"[{"text": "Hello", "width": 21}, {"text": "world", "width": 24}]"#
                + "\n")
    }

    @Test func textBreakEscapesAndKeepsCJK() throws {
        let result = try Trellis.run(["text", "break", "--width=1000"], input: "保存 \"ok\"")
        #expect(result.output.hasPrefix(#"[{"text": "保存 \"ok\"", "width": "#))
    }

    @Test func textWidthCountsTerminalCells() throws {
        let result = try Trellis.run(["text", "width"], input: "你好👨‍👩‍👧e\u{301}\n")
        #expect(result.status == 0)
        #expect(result.output == "7\n")
    }

    @Test func textCommandErrors() throws {
        let missing = try Trellis.run(["text", "break"], input: "x")
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("trellis: 'trellis text break' needs --width W"))
        let badWidth = try Trellis.run(["text", "break", "--width", "wide"], input: "x")
        #expect(badWidth.status == 1)
        #expect(badWidth.errors == "trellis: --width must be a number of points, not 'wide'\n")
        let badFont = try Trellis.run(
            ["text", "break", "--width", "10", "--font", #"{"sise": 3}"#], input: "x")
        #expect(badFont.status == 1)
        #expect(badFont.errors.contains("unknown key 'sise'"))
        let unknown = try Trellis.run(["text", "count"])
        #expect(unknown.status == 2)
    }

    @Test func invalidUTF8IsReplacedNotFatal() throws {
        let process = try Trellis.run(["text", "width"], inputBytes: [0x61, 0xFF, 0x62])
        #expect(process.status == 0)
        #expect(process.output == "3\n")
    }
}
