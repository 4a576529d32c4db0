import Foundation
import Testing
import Trellis
import TrellisPluginKit
import TrellisRasterRenderer

/// Glyph runs that carry the layout's advances draw each cluster where the layout put it.
@MainActor
@Suite struct GlyphAdvanceTests {
    static let scale = 2.0
    static let origin = Point(x: 10, y: 40)

    private func measure(_ text: String, size: Double = 20) throws -> [Double] {
        let runs = try Raster.rgbaRenderer().measure([
            MeasureRun(font: FontDescriptor(size: size), clusters: text.map(String.init))
        ])
        return try #require(runs.first).advances
    }

    private func run(
        _ text: String, at origin: Point = origin, advances: [Double]? = nil,
        direction: LayoutDirection = .leftToRight
    ) -> DisplayCommand {
        .glyphRun(
            GlyphRun(
                text: text, font: FontDescriptor(size: 20), color: .black, origin: origin,
                width: 0, ascent: 0, descent: 0, advances: advances, direction: direction))
    }

    private func bitmap(_ commands: [DisplayCommand], width: Double = 300) throws -> RasterBitmap {
        try Raster.render(Raster.list(width: width, height: 60, scale: Self.scale, commands))
    }

    /// The column ranges, left to right, of the ink separated by empty columns.
    private func inkColumns(_ bitmap: RasterBitmap, threshold: Int = 8) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        var start: Int?
        for x in 0...bitmap.width {
            let inked =
                x < bitmap.width
                && (0..<bitmap.height).contains { bitmap.alpha(x: x, y: $0) > threshold }
            if inked, start == nil { start = x }
            if !inked, let first = start {
                result.append(first...(x - 1))
                start = nil
            }
        }
        return result
    }

    /// Checks that each cluster of `text`, drawn with `advances`, puts its ink where the same
    /// cluster drawn alone at `expected[i]` does.
    private func expectClusters(
        _ text: String, advances: [Double]?, drawnAt expected: [Double],
        direction: LayoutDirection = .leftToRight
    ) throws {
        let drawn = inkColumns(
            try bitmap([run(text, advances: advances, direction: direction)]))
        var alone: [ClosedRange<Int>] = []
        for (character, x) in zip(text, expected) {
            let columns = inkColumns(
                try bitmap([run(String(character), at: Point(x: x, y: Self.origin.y))]))
            alone.append(try #require(columns.first, "\"\(character)\" drew nothing"))
        }
        alone.sort { $0.lowerBound < $1.lowerBound }
        #expect(drawn.count == alone.count, "\(text): ink in \(drawn), expected \(alone)")
        for (got, want) in zip(drawn, alone) {
            #expect(abs(got.lowerBound - want.lowerBound) <= 1, "\(text): \(got) vs \(want)")
            #expect(abs(got.upperBound - want.upperBound) <= 1, "\(text): \(got) vs \(want)")
        }
    }

    @Test func eachClusterStartsAtTheLayoutsPenPosition() throws {
        let text = "HEMLN"
        let advances = try measure(text).map { $0 + 10 }
        var expected: [Double] = []
        var x = Self.origin.x
        for advance in advances {
            expected.append(x)
            x += advance
        }
        try expectClusters(text, advances: advances, drawnAt: expected)
    }

    @Test func rightToLeftClustersRunFromTheRightEnd() throws {
        // Hebrew letters do not join, so each one alone draws what it draws in the word.
        let text = "שלום"
        let advances = try measure(text).map { $0 + 10 }
        // The first cluster is the rightmost: each starts after the clusters that follow it.
        var expected: [Double] = []
        for index in advances.indices {
            expected.append(Self.origin.x + advances[(index + 1)...].reduce(0, +))
        }
        try expectClusters(text, advances: advances, drawnAt: expected, direction: .rightToLeft)
    }

    @Test func rightToLeftRunDrawsItsFirstClusterRightmost() throws {
        // Without advances: the glyphs' positions decrease along the text's order.
        let text = "\u{5D0}\u{5D1}\u{5D2}\u{5D3}"
        let advances = try measure(text)
        var expected: [Double] = []
        for index in advances.indices {
            expected.append(Self.origin.x + advances[(index + 1)...].reduce(0, +))
        }
        try expectClusters(text, advances: nil, drawnAt: expected, direction: .rightToLeft)
        // The same letters in a run marked left to right are drawn in the text's order.
        var forward: [Double] = []
        for index in advances.indices {
            forward.append(Self.origin.x + advances[..<index].reduce(0, +))
        }
        try expectClusters(text, advances: nil, drawnAt: forward)
    }

    @Test func rightToLeftRunMirrorsBrackets() throws {
        // HarfBuzz shapes a right-to-left "(" as the glyph of ")": the backend needs no
        // mirroring of its own.
        for (opening, closing) in [("(", ")"), ("[", "]"), ("<", ">"), ("\u{2264}", "\u{2265}")] {
            let mirrored = try bitmap([run(opening, direction: .rightToLeft)])
            let plain = try bitmap([run(closing)])
            #expect(mirrored.pixels == plain.pixels, "\(opening) is not drawn as \(closing)")
            #expect(try bitmap([run(opening)]).pixels != plain.pixels)
        }
    }

    @Test func rightToLeftSegmentsOfSeveralFacesRunFromTheRightEnd() throws {
        // Hebrew from DejaVu Sans, the ideograph from the CJK fallback: the first segment is
        // drawn rightmost.
        let text = "\u{5D0}\u{5D1}\u{4FDD}"
        let advances = try measure(text)
        try #require(advances.count == 3, "\(advances)")
        let expected = [
            Self.origin.x + advances[1] + advances[2], Self.origin.x + advances[2],
            Self.origin.x,
        ]
        try expectClusters(text, advances: nil, drawnAt: expected, direction: .rightToLeft)
        try expectClusters(
            text, advances: advances.map { $0 + 6 },
            drawnAt: [
                Self.origin.x + advances[1] + advances[2] + 12, Self.origin.x + advances[2] + 6,
                Self.origin.x,
            ], direction: .rightToLeft)
    }

    @Test func arabicAmongLatinIsMeasuredJoined() throws {
        // The Arabic word is shaped as Arabic inside a Latin run, so its letters take their
        // joined forms, as the right-to-left run that draws it shapes them.
        let word = "\u{645}\u{631}\u{62D}\u{628}\u{627}"
        let alone = try measure(word)
        let mixed = try measure("Save " + word)
        #expect(zip(mixed.suffix(5), alone).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test func underlineSpansTheSumOfTheAdvances() throws {
        let advances = try measure("Wide").map { $0 + 10 }
        let list = Raster.list(
            width: 300, height: 60, scale: Self.scale,
            [
                .glyphRun(
                    GlyphRun(
                        text: "Wide", font: FontDescriptor(size: 20),
                        color: Color(red: 0, green: 0, blue: 0, alpha: 0), origin: Self.origin,
                        width: 0, ascent: 0, descent: 0,
                        underline: TextLineStyle(.thick, color: .black), advances: advances))
            ])
        let ink = try #require(try Raster.render(list).inkBounds(threshold: 127))
        let width = Double(ink.maxX + 1) - Self.origin.x * Self.scale
        #expect(abs(width - advances.reduce(0, +) * Self.scale) <= 1)
    }

    @Test func advancesThatAreNotOnePerClusterAreInvalidInput() throws {
        for advances in [[10.0], [10, 10, 10, 10], []] {
            // "e\u{301}" is one cluster of two scalars: three clusters in all.
            let list = Raster.list([run("ae\u{301}b", advances: advances)])
            let error = #expect(throws: RendererError.self) {
                try Raster.rgbaRenderer().render(list)
            }
            #expect(error?.kind == .invalidInput)
            #expect(error?.message.contains("\(advances.count) advances for 3 grapheme") == true)
        }
        // One per cluster draws.
        let list = Raster.list([run("ae\u{301}b", advances: [12, 12, 12])])
        #expect(try Raster.render(list).inkCount(threshold: 64) > 20)
    }

    // MARK: Labels through the plugin

    private func openRaster() throws -> any Backend {
        let registry = BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
        return try registry.open("raster", configuration: Array(#"{"format":"rgba"}"#.utf8))
    }

    /// The label's glyph runs, by line (baseline), top to bottom.
    private func lines(of label: Label) -> [[DisplayCommand]] {
        var byBaseline: [Double: [DisplayCommand]] = [:]
        for command in label.makeDisplayList(scale: Self.scale).commands {
            if case .glyphRun(let run) = command {
                byBaseline[run.origin.y, default: []].append(command)
            }
        }
        return byBaseline.keys.sorted().map { byBaseline[$0] ?? [] }
    }

    /// The ink's column range of some commands in label coordinates, in device pixels.
    private func ink(_ commands: [DisplayCommand], in size: Size, with backend: any Backend) throws
        -> (minX: Int, maxX: Int)?
    {
        let list = DisplayList(
            size: Size(width: size.width + 20, height: size.height), scale: Self.scale,
            commands: commands)
        let bitmap = try RasterBitmap(rgbaOutput: backend.render(encoded: list.encoded()))
        return bitmap.inkBounds(threshold: 16).map { ($0.minX, $0.maxX) }
    }

    private static let paragraph =
        "Justified text spreads the spaces of every line but the last so that each one ends "
        + "exactly at the right edge of the label, however long its words happen to be."

    @Test(arguments: [false, true])
    func justifiedLinesEndAtTheRightEdge(attributed: Bool) throws {
        let backend = try openRaster()
        let window = Window(size: Size(width: 400, height: 400), backend: backend)
        let label = Label()
        label.numberOfLines = 0
        let font = Font.system(size: 16)
        if attributed {
            label.attributedText = AttributedText(
                Self.paragraph,
                attributes: [.font(font), .paragraphStyle(ParagraphStyle(alignment: .justified))])
        } else {
            label.font = font
            label.textAlignment = .justified
            label.text = Self.paragraph
        }
        label.frame = Rect(x: 0, y: 0, width: 240, height: 300)
        window.addSubview(label)
        window.layoutIfNeeded()
        let lines = lines(of: label)
        #expect(lines.count >= 3)
        let right = Int((label.bounds.width * Self.scale).rounded())
        for (index, line) in lines.enumerated() {
            let columns = try #require(try ink(line, in: label.bounds.size, with: backend))
            // The first glyph's ink starts at the edge, plus its left side bearing.
            #expect(columns.minX <= 4, "line \(index) starts at \(columns.minX) px")
            if index < lines.count - 1 {
                // The last glyph's ink ends at the edge, less its right side bearing; one pixel
                // of anti-aliasing may spill past it.
                #expect(
                    columns.maxX <= right && columns.maxX >= right - 4,
                    "line \(index) ends at \(columns.maxX) px; the frame at \(right) px")
            } else {
                #expect(columns.maxX < right - 20, "the last line is not spread")
            }
        }
    }

    @Test func kernedLabelDrawsWhereItMeasures() throws {
        let backend = try openRaster()
        let window = Window(size: Size(width: 400, height: 100), backend: backend)
        func label(kern: Double) -> Label {
            let label = Label()
            label.attributedText = AttributedText(
                "Kerning", attributes: [.font(.system(size: 20)), .kern(kern)])
            window.addSubview(label)
            label.sizeToFit()
            return label
        }
        let plain = label(kern: 0)
        let kerned = label(kern: 6)
        window.layoutIfNeeded()
        // The layout moves the last cluster by the kern of every cluster before it.
        func lastStart(_ label: Label) throws -> Double {
            let runs = try #require(label.attributedTextLayout).glyphRuns
            let run = try #require(runs.last)
            return run.origin.x + run.advances.dropLast().reduce(0, +)
        }
        let shift = try lastStart(kerned) - lastStart(plain)
        #expect(shift > 30)
        #expect(kerned.bounds.width - plain.bounds.width >= shift)
        let size = Size(width: 400, height: 60)
        let plainInk = try #require(
            try ink(lines(of: plain).flatMap { $0 }, in: size, with: backend))
        let kernedInk = try #require(
            try ink(lines(of: kerned).flatMap { $0 }, in: size, with: backend))
        #expect(abs(kernedInk.minX - plainInk.minX) <= 1)
        #expect(abs(Double(kernedInk.maxX - plainInk.maxX) - shift * Self.scale) <= 1)
        // And the drawn text fits the size the label measured.
        #expect(Double(kernedInk.maxX) <= kerned.bounds.width * Self.scale + 1)
    }
}
