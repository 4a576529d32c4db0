import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// The xterm palettes, nearest-colour mapping, and colour modes in the output.
@Suite struct ColorTests {
    @Test func paletteHasTheCubeAndTheGreyRamp() {
        #expect(TerminalPalette.color(at: 16) == (0, 0, 0))
        #expect(TerminalPalette.color(at: 196) == (255, 0, 0))
        #expect(TerminalPalette.color(at: 208) == (255, 135, 0))
        #expect(TerminalPalette.color(at: 231) == (255, 255, 255))
        #expect(TerminalPalette.color(at: 232) == (8, 8, 8))
        #expect(TerminalPalette.color(at: 255) == (238, 238, 238))
        #expect(TerminalPalette.color(at: 9) == (255, 0, 0))
    }

    @Test(arguments: [
        (255, 0, 0, 196), (0, 0, 0, 16), (255, 255, 255, 231), (255, 136, 0, 208),
        (128, 128, 128, 244),
        (18, 18, 18, 233), (95, 135, 175, 67), (250, 250, 250, 231), (100, 100, 100, 241),
    ])
    func nearest256(red: Int, green: Int, blue: Int, index: Int) {
        #expect(TerminalPalette.nearest256(red: red, green: green, blue: blue) == index)
    }

    @Test func nearest256IsTheBestEntryOfTheCubeAndTheGreys() {
        // A fixed pseudo-random sequence of colours, compared with a search of every entry.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Int(state >> 56)
            let g = Int(state >> 48 & 0xFF)
            let b = Int(state >> 40 & 0xFF)
            let fast = TerminalPalette.nearest256(red: r, green: g, blue: b)
            let best = (16...255).min { first, second in
                TerminalPalette.distance((r, g, b), TerminalPalette.color(at: first))
                    < TerminalPalette.distance((r, g, b), TerminalPalette.color(at: second))
            }
            let fastDistance = TerminalPalette.distance((r, g, b), TerminalPalette.color(at: fast))
            let bestDistance = TerminalPalette.distance(
                (r, g, b), TerminalPalette.color(at: best ?? 16))
            #expect(fastDistance == bestDistance, "(\(r), \(g), \(b)): \(fast) vs \(best ?? -1)")
        }
    }

    @Test(arguments: [
        (200, 10, 10, 1), (255, 40, 40, 9), (0, 0, 0, 0), (250, 250, 250, 15), (128, 128, 128, 8),
        (0, 0, 230, 4), (220, 220, 220, 7), (10, 200, 200, 6),
    ])
    func nearest16(red: Int, green: Int, blue: Int, index: Int) {
        #expect(TerminalPalette.nearest16(red: red, green: green, blue: blue) == index)
    }

    private func output(_ colors: String) throws -> String {
        let renderer = try makeRenderer(
            #"{"cellWidth": 1, "cellHeight": 1, "colors": "\#(colors)"}"#)
        var list = DisplayList(size: Size(width: 3, height: 1))
        list.append(.fillRect(Rect(x: 0, y: 0, width: 3, height: 1), color: Color(rgb: 0xFF8800)))
        list.append(textRun("ok", column: 0, row: 0, color: Color(rgb: 0x0000EE)))
        return visible(try renderer.render(list))
    }

    @Test func colourModesWriteTheirOwnSGR() throws {
        #expect(try output("truecolor") == #"\e[0m\e[H\e[2J\e[38;2;0;0;238;48;2;255;136;0mok "#)
        let palette = try output("256")
        #expect(palette == #"\e[0m\e[H\e[2J\e[38;5;21;48;5;208mok "#)
        #expect(try output("16") == #"\e[0m\e[H\e[2J\e[34;43mok "#)
        // The host resolves "auto"; a backend given it uses 256 colours.
        #expect(try output("auto") == (try output("256")))
    }

    @Test func brightSystemColoursUseTheNinetiesParameters() throws {
        let renderer = try makeRenderer(#"{"cellWidth": 1, "cellHeight": 1, "colors": "16"}"#)
        var list = DisplayList(size: Size(width: 1, height: 1))
        list.append(.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), color: Color(rgb: 0x5C5CFF)))
        list.append(textRun("x", column: 0, row: 0, color: .white))
        #expect(visible(try renderer.render(list)) == #"\e[0m\e[H\e[2J\e[97;104mx"#)
    }

    @Test func coloursThatMapToTheSameEntryDoNotChangeTheFrame() throws {
        let renderer = try makeRenderer(#"{"cellWidth": 1, "cellHeight": 1, "colors": "256"}"#)
        func frame(_ rgb: UInt32) -> DisplayList {
            var list = DisplayList(size: Size(width: 2, height: 1))
            list.append(.fillRect(Rect(x: 0, y: 0, width: 2, height: 1), color: Color(rgb: rgb)))
            return list
        }
        _ = try renderer.render(frame(0xFF0000))
        #expect(try renderer.render(frame(0xFE0101)).isEmpty)
    }

    @Test(arguments: [
        (["COLORTERM": "truecolor", "TERM": "xterm-256color"], TerminalColorMode.truecolor),
        (["COLORTERM": "24bit"], .truecolor),
        (["TERM": "xterm-direct"], .truecolor),
        (["TERM": "xterm-kitty"], .truecolor),
        (["TERM": "xterm-256color"], .palette256),
        (["TERM": "screen-256color", "COLORTERM": "yes"], .palette256),
        (["TERM": "xterm"], .palette16),
        (["TERM": "linux"], .palette16),
        (["TERM": "dumb"], .palette16),
        ([:], .palette16),
    ])
    func hostDecidesTheColourDepthFromTheEnvironment(
        environment: [String: String], depth: TerminalColorMode
    ) {
        #expect(TerminalColorMode(environment: environment) == depth)
    }

    @Test func theHostWritesTheConfigurationTheBackendReads() throws {
        let options = TerminalConfiguration(
            cellWidth: 7.5, colorMode: .palette16, repaintsEveryFrame: true,
            assumedBackground: Color(rgb: 0x102030))
        #expect(
            String(decoding: options.json, as: UTF8.self)
                == ##"{"cellWidth":7.5,"cellHeight":16,"colors":"16","frames":"full","##
                + ##""background":"#102030"}"##)
        let configuration = try TerminalConfiguration(json: options.json)
        #expect(configuration == options)
        #expect(try TerminalConfiguration(json: TerminalConfiguration().json) == .init())
        #expect(throws: ConfigurationError.self) {
            try TerminalConfiguration(json: Array(#"{"frames": "some"}"#.utf8))
        }
    }
}
