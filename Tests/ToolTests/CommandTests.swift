import Foundation
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

    @Test func versionNamesTheCommandAndTheABI() throws {
        let result = try Trellis.run(["--version"])
        #expect(result.status == 0)
        #expect(
            result.output.range(
                of: #"^trellis [0-9]+\.[0-9]+\.[0-9]+ \(plugin ABI 1\)\n$"#,
                options: .regularExpression) != nil, "\(result.output)")
        let listing = try Trellis.run(["plugins"]).output
        let version = try #require(
            result.output.split(separator: " ").dropFirst().first, "\(result.output)")
        let text = listing.split(separator: "\n").first { $0.hasPrefix("text ") }
        #expect(text?.split(separator: " ").dropFirst().first == version, "\(listing)")
    }

    @Test func helpPrintsUsage() throws {
        let result = try Trellis.run(["help"])
        #expect(result.status == 0)
        #expect(result.output.contains("plugins"))
    }

    @Test func demoPrintsTheGalleryAndTheEventTrace() throws {
        let result = try Trellis.run(["demo"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Trellis — the seed components, drawn by the text backend"))
        for heading in ["(seed 004)", "(seed 000)", "(seed 001)", "(seed 002)", "(seed 003)"] {
            #expect(result.output.contains(heading), "\(heading)")
        }
        #expect(
            result.output.contains("→ touchUpInside, primaryActionTriggered   [selected] \"选中了\""))
        #expect(result.output.contains("→ touchDragOutside, touchDragExit"))
        #expect(result.output.contains("→ touchUpOutside   [normal] \"来点我啊\""))
    }

    @Test func demoWritesTheGalleryThroughAnyBackend() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-demo-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("gallery.png").path
        let result = try Trellis.run(["demo", "--backend", "raster", "--out", png])
        #expect(result.status == 0, "\(result.errors)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let text = try Trellis.run([
            "demo", "--backend", "text", "--out",
            directory.appendingPathComponent("gallery.txt").path,
        ])
        #expect(text.status == 0)
        let listing = try String(
            contentsOfFile: directory.appendingPathComponent("gallery.txt").path, encoding: .utf8)
        #expect(listing.hasPrefix("trellis-display 1\ncanvas 680 1060 scale 1\n"))
        let interactive = try Trellis.run(["demo", "--interactive"])
        #expect(interactive.status == 1)
        #expect(
            interactive.errors
                == "trellis: --interactive needs a terminal on standard input and output\n")
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
            result.output
                == #"[{"text": "Hello", "width": 21, "visual": "Hello", "levels": [0, 0, 0, 0, 0]}, "#
                + #"{"text": "world", "width": 24, "visual": "world", "levels": [0, 0, 0, 0, 0]}]"#
                + "\n")
    }

    @Test func textBreakPrintsTheVisualOrderAndLevels() throws {
        // "abc אבג (12)" in a left-to-right paragraph: the Hebrew and the bracketed number
        // after it read right to left, the number itself left to right.
        let result = try Trellis.run(
            ["text", "break", "--width", "1000"], input: "abc \u{5D0}\u{5D1}\u{5D2} (12)\n")
        #expect(result.status == 0)
        let lines = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(lines.count == 1)
        #expect(lines.first?["visual"] as? String == "abc (12) \u{5D2}\u{5D1}\u{5D0}")
        #expect(lines.first?["levels"] as? [Int] == [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 1])
    }

    @Test func textBreakOrdersEachWrappedLineOfARightToLeftParagraph() throws {
        // "שלום abc def עולם" wraps between the Latin words, which are one left-to-right run
        // of the paragraph: each line is ordered on its own, the Latin at its left end on the
        // first line and at its right end on the second.
        let result = try Trellis.run(
            ["text", "break", "--width", "40", "--font", #"{"size": 10}"#],
            input: "\u{5E9}\u{5DC}\u{5D5}\u{5DD} abc def \u{5E2}\u{5D5}\u{5DC}\u{5DD}")
        let lines = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(
            lines.compactMap { $0["visual"] as? String } == [
                "abc \u{5DD}\u{5D5}\u{5DC}\u{5E9}", "\u{5DD}\u{5DC}\u{5D5}\u{5E2} def",
            ])
        #expect(
            lines.compactMap { $0["levels"] as? [Int] } == [
                [1, 1, 1, 1, 1, 2, 2, 2], [2, 2, 2, 1, 1, 1, 1, 1],
            ])
    }

    @Test func textBreakEscapesAndKeepsCJK() throws {
        let result = try Trellis.run(["text", "break", "--width=1000"], input: "保存 \"ok\"")
        #expect(result.output.hasPrefix(#"[{"text": "保存 \"ok\"", "width": "#))
    }

    @Test func textBreakTakesALineBreakStrategy() throws {
        // At 30 points of 10-point text: "To (" stays on the first line by default;
        // UAX #14 alone moves the bracket down with the word after it.
        func lines(_ arguments: [String]) throws -> [String] {
            let result = try Trellis.run(
                ["text", "break", "--width", "30", "--font", #"{"size": 10}"#]
                    + arguments, input: "To ( word")
            #expect(result.status == 0, "\(result.errors)")
            let lines = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8))
                    as? [[String: Any]])
            return lines.compactMap { $0["text"] as? String }
        }
        #expect(try lines([]) == ["To (", "word"])
        #expect(try lines(["--strategy", "standard"]) == ["To (", "word"])
        #expect(try lines(["--strategy", "unicode"]) == ["To", "( word"])
        // Pushing out moves the bracket down to keep "word" company.
        #expect(try lines(["--strategy", "standard,pushOut"]) == ["To", "( word"])
        // Space around the names is not part of them.
        #expect(try lines(["--strategy", " standard ,\tpushOut "]) == ["To", "( word"])
        let unknown = try Trellis.run(
            ["text", "break", "--width", "60", "--strategy", "strict"], input: "x")
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("--strategy: unknown strategy 'strict'"))
        #expect(unknown.errors.contains("hangulWordPriority"))
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
        #expect(badFont.errors.contains(#"--font.sise: unknown key (did you mean "size"?)"#))
        let notJSON = try Trellis.run(
            ["text", "break", "--width", "10", "--font", "{size: 3}"], input: "x")
        #expect(notJSON.status == 1)
        #expect(
            notJSON.errors.hasPrefix("trellis: --font: not valid JSON: line 1, column 2:"),
            "\(notJSON.errors)")
        #expect(notJSON.errors.contains(#"give a FONT object such as {"family""#))
        #expect(!badFont.errors.contains("give a FONT object"))
        let unknown = try Trellis.run(["text", "count"])
        #expect(unknown.status == 2)
    }

    /// A megabyte is more than a pipe holds, so the command's refusal (before it reads any input)
    /// always meets the write half-way: the runner must report it, not die of `SIGPIPE`.
    @Test func aCommandThatRefusesBeforeReadingALargeInputIsReported() throws {
        let input = String(repeating: "word ", count: 200_000)
        let refused = try Trellis.run(["text", "break"], input: input)
        #expect(refused.status == 2)
        #expect(refused.errors.hasPrefix("trellis: 'trellis text break' needs --width W"))
        let read = try Trellis.run(["text", "width"], input: input)
        #expect(read.status == 0)
        #expect(read.output == "1000000\n")
    }

    @Test func invalidUTF8IsReplacedNotFatal() throws {
        let process = try Trellis.run(["text", "width"], inputBytes: [0x61, 0xFF, 0x62])
        #expect(process.status == 0)
        #expect(process.output == "3\n")
    }
}
