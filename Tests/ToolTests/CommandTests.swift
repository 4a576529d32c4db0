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
