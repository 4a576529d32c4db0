import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// How display commands land on cells, checked on the screen a virtual terminal shows.
@Suite struct RasterTests {
    private func screen(
        _ width: Double, _ height: Double, _ commands: [DisplayCommand],
        images: [DisplayImage] = [], json: String = #"{"cellWidth": 1, "cellHeight": 1}"#
    ) throws -> VirtualTerminal {
        try freshScreen(
            DisplayList(
                size: Size(width: width, height: height), commands: commands, images: images),
            json: json)
    }

    @Test func roundedStrokeUsesRoundedCornersAndSquareStrokeSquareOnes() throws {
        let rounded = try screen(
            6, 3,
            [
                .strokeRoundedRect(
                    Rect(x: 0, y: 0, width: 6, height: 3), radii: .uniform(1), color: .white,
                    lineWidth: 0.1)
            ])
        #expect(rounded.lines == ["╭────╮", "│    │", "╰────╯"])
        let square = try screen(
            6, 3,
            [
                .strokeRoundedRect(
                    Rect(x: 0, y: 0, width: 6, height: 3), radii: .zero, color: .white,
                    lineWidth: 0.1)
            ])
        #expect(square.lines == ["┌────┐", "│    │", "└────┘"])
    }

    @Test func thickStrokeUsesHeavyLines() throws {
        let heavy = try screen(
            4, 3,
            [
                .strokeRoundedRect(
                    Rect(x: 0, y: 0, width: 4, height: 3), radii: .zero, color: .white, lineWidth: 1
                )
            ])
        #expect(heavy.lines == ["┏━━┓", "┃  ┃", "┗━━┛"])
    }

    @Test func oneRowOutlineIsBracketed() throws {
        let button = try screen(
            8, 1,
            [
                .strokeRoundedRect(
                    Rect(x: 0, y: 0, width: 8, height: 1), radii: .uniform(0.5), color: .white,
                    lineWidth: 0.1),
                textRun("OK", column: 3, row: 0),
            ])
        #expect(button.lines == ["(  OK  )"])
    }

    @Test func defaultCellsAreEightByTwentyPointsOfEightBySixteen() throws {
        // A 640 × 384-point button in the default 8 × 16 cells: 80 × 24.
        let renderer = try TerminalRenderer(configuration: [])
        var list = DisplayList(size: Size(width: 640, height: 384))
        list.append(.fillRect(Rect(x: 16, y: 32, width: 80, height: 32), color: .red))
        _ = try renderer.render(list)
        #expect(renderer.statistics.columns == 80)
        #expect(renderer.statistics.rows == 24)
        #expect(renderer.statistics.cellsChanged == 10 * 2)
    }

    @Test func fillCoversCellsWhoseCentresItContains() throws {
        let terminal = try screen(
            6, 2, [.fillRect(Rect(x: 0.6, y: 0, width: 2, height: 1.4), color: .red)])
        // Centres 1.5 and 2.5 lie in 0.6..<2.6; row 0's centre 0.5 in 0..<1.4, row 1's 1.5 not.
        #expect(terminal.cell(0, 0).background == "default")
        #expect(terminal.cell(1, 0).background == "#ff0000")
        #expect(terminal.cell(2, 0).background == "#ff0000")
        #expect(terminal.cell(3, 0).background == "default")
        #expect(terminal.cell(1, 1).background == "default")
    }

    @Test func thinRectanglesAreLines() throws {
        let terminal = try screen(
            5, 3,
            [
                .fillRect(Rect(x: 0, y: 1.4, width: 5, height: 0.2), color: .white),
                .fillRect(Rect(x: 2.4, y: 0, width: 0.2, height: 1), color: .white),
            ])
        #expect(terminal.lines == ["  │  ", "─────", "     "])
    }

    @Test func roundedFillLeavesCornerCellsOut() throws {
        let terminal = try screen(
            6, 4,
            [
                .fillRoundedRect(
                    Rect(x: 0, y: 0, width: 6, height: 4), radii: .uniform(2), color: .red)
            ])
        #expect(terminal.cell(0, 0).background == "default")
        #expect(terminal.cell(1, 0).background == "#ff0000")
        #expect(terminal.cell(0, 1).background == "#ff0000")
        #expect(terminal.cell(5, 3).background == "default")
    }

    @Test func gradientInterpolatesPerCell() throws {
        let terminal = try screen(
            4, 1,
            [
                .linearGradient(
                    Rect(x: 0, y: 0, width: 4, height: 1), start: Point(x: 0, y: 0),
                    end: Point(x: 4, y: 0),
                    stops: [
                        GradientStop(location: 0, color: .black),
                        GradientStop(location: 1, color: .white),
                    ])
            ])
        // Centres at 0.5, 1.5, 2.5, 3.5 of 4: 12.5 %, 37.5 %, 62.5 %, 87.5 % white.
        #expect(
            (0..<4).map { terminal.cell($0, 0).background } == [
                "#202020", "#606060", "#9f9f9f", "#dfdfdf",
            ])
    }

    @Test func translucentFillBlendsWithWhatIsBeneath() throws {
        let terminal = try screen(
            2, 1,
            [
                .fillRect(Rect(x: 0, y: 0, width: 2, height: 1), color: .red),
                .fillRect(
                    Rect(x: 0, y: 0, width: 1, height: 1), color: Color(white: 1, alpha: 0.5)),
            ])
        #expect(terminal.cell(0, 0).background == "#ff8080")
        #expect(terminal.cell(1, 0).background == "#ff0000")
    }

    @Test func translucentFillOverTheDefaultBackgroundBlendsWithTheAssumedBackground() throws {
        let black = try screen(
            1, 1,
            [.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), color: Color(white: 1, alpha: 0.5))])
        #expect(black.cell(0, 0).background == "#808080")
        let white = try screen(
            1, 1,
            [
                .fillRect(
                    Rect(x: 0, y: 0, width: 1, height: 1),
                    color: Color(red: 0, green: 0, blue: 0, alpha: 0.25))
            ],
            json: ##"{"cellWidth": 1, "cellHeight": 1, "background": "#FFFFFF"}"##)
        #expect(white.cell(0, 0).background == "#bfbfbf")
    }

    @Test func clipLimitsDrawing() throws {
        let terminal = try screen(
            8, 2,
            [
                .save, .clipRect(Rect(x: 2, y: 0, width: 3, height: 1)),
                .fillRect(Rect(x: 0, y: 0, width: 8, height: 2), color: .red),
                textRun("abcdefgh", column: 0, row: 0),
                .restore,
                textRun("xy", column: 0, row: 1),
            ])
        #expect(terminal.lines == ["  cde   ", "xy      "])
        #expect(terminal.cell(1, 0).background == "default")
        #expect(terminal.cell(2, 0).background == "#ff0000")
        #expect(terminal.cell(2, 1).background == "default")
    }

    @Test func roundedClipClipsToItsRectangle() throws {
        let terminal = try screen(
            4, 1,
            [
                .clipRoundedRect(Rect(x: 1, y: 0, width: 2, height: 1), radii: .uniform(0.5)),
                .fillRect(Rect(x: 0, y: 0, width: 4, height: 1), color: .red),
            ])
        #expect(
            (0..<4).map { terminal.cell($0, 0).background } == [
                "default", "#ff0000", "#ff0000", "default",
            ])
    }

    @Test func transformsTranslateAndScale() throws {
        let terminal = try screen(
            8, 4,
            [
                .concatenate(AffineTransform(translationX: 2, y: 1).scaledBy(x: 2, y: 2)),
                .fillRect(Rect(x: 0, y: 0, width: 1, height: 1), color: .red),
                textRun("hi", column: 1, row: 0),
            ])
        // The unit square becomes 2 × 2 cells at (2, 1); text starts at x 2 + 2 × 1 = 4, on the
        // row holding the middle of its box (y 1 + 2 × 0.5 = 2).
        #expect(terminal.cell(2, 1).background == "#ff0000")
        #expect(terminal.cell(3, 2).background == "#ff0000")
        #expect(terminal.cell(4, 1).background == "default")
        #expect(terminal.lines[2] == "    hi  ")
    }

    @Test func otherTransformsDrawIntoTheBoundingBox() throws {
        // A 4 × 1 bar turned a quarter about (2, 2) stands 1 wide and 4 high at column 2.
        let turn = AffineTransform(translationX: 2, y: 2).rotated(by: .pi / 2).translatedBy(
            x: -2, y: -2)
        let terminal = try screen(
            4, 4,
            [.concatenate(turn), .fillRect(Rect(x: 0, y: 1, width: 4, height: 1), color: .red)])
        #expect(
            (0..<4).map { terminal.cell(2, $0).background } == Array(repeating: "#ff0000", count: 4)
        )
        #expect(
            (0..<4).map { terminal.cell(1, $0).background } == Array(repeating: "default", count: 4)
        )
    }

    @Test func transparencyLayerBlendsItsContentAsOneGroup() throws {
        let terminal = try screen(
            2, 1,
            [
                .beginLayer(alpha: 0.5),
                .fillRect(Rect(x: 0, y: 0, width: 2, height: 1), color: .red),
                .fillRect(Rect(x: 0, y: 0, width: 1, height: 1), color: .blue),
                .endLayer,
            ])
        // The blue cell hides the red inside the layer; each cell is half its colour over black.
        #expect(terminal.cell(0, 0).background == "#000080")
        #expect(terminal.cell(1, 0).background == "#800000")
    }

    @Test func shadowIsTheShapeOffsetByWholeCells() throws {
        let terminal = try screen(
            4, 3,
            [
                .fillRect(Rect(x: 0, y: 0, width: 4, height: 3), color: .white),
                .shadow(
                    color: Color(white: 0, alpha: 0.5), offset: Size(width: 1, height: 1), blur: 2),
                .fillRect(Rect(x: 0, y: 0, width: 2, height: 1), color: .red),
            ])
        #expect(terminal.cell(0, 0).background == "#ff0000")
        // Half-transparent black over white.
        #expect(terminal.cell(2, 1).background == "#7f7f7f")
        #expect(terminal.cell(1, 1).background == "#7f7f7f")
        #expect(terminal.cell(0, 1).background == "#ffffff")
        #expect(terminal.cell(3, 1).background == "#ffffff")
    }

    @Test func textAttributesBecomeSGR() throws {
        let renderer = try makeRenderer()
        var list = DisplayList(size: Size(width: 4, height: 1))
        list.append(textRun("B", column: 0, row: 0, color: .red, weight: 600))
        list.append(textRun("i", column: 1, row: 0, color: .red, isItalic: true))
        list.append(textRun("u", column: 2, row: 0, color: .red, underline: true))
        list.append(textRun("s", column: 3, row: 0, color: .red, strikethrough: true))
        let output = visible(try renderer.render(list))
        #expect(output == #"\e[0m\e[H\e[2J\e[1;38;2;255;0;0mB\e[22;3mi\e[23;4mu\e[24;9ms"#)
        var terminal = VirtualTerminal(columns: 4, rows: 1)
        try terminal.feed(try makeRenderer().render(list))
        #expect(terminal.cell(0, 0).attributes == ["bold"])
        #expect(terminal.cell(3, 0).attributes == ["strikethrough"])
    }

    @Test func textBackgroundFillsTheCellsOfTheText() throws {
        let terminal = try screen(5, 1, [textRun("ab", column: 1, row: 0, background: .blue)])
        #expect(
            (0..<4).map { terminal.cell($0, 0).background } == [
                "default", "#0000ff", "#0000ff", "default",
            ])
    }

    @Test func opaqueFillHidesTextBeneath() throws {
        let terminal = try screen(
            4, 1,
            [
                textRun("abcd", column: 0, row: 0),
                .fillRect(Rect(x: 1, y: 0, width: 2, height: 1), color: .blue),
            ])
        #expect(terminal.lines == ["a  d"])
    }

    @Test func textWithAnotherBackendsMetricsLandsOnTheRowOfItsMiddle() throws {
        // 8 × 16 cells; a label laid out with ascent 11 and descent 3 on a baseline at y 27:
        // its box is 16 to 30, its middle 23, in row 1.
        let terminal = try screen(
            32, 48,
            [
                .glyphRun(
                    GlyphRun(
                        text: "Hi", font: FontDescriptor(size: 13), color: .white,
                        origin: Point(x: 8, y: 27), width: 14, ascent: 11, descent: 3))
            ], json: "")
        #expect(terminal.lines == ["    ", " Hi ", "    "])
    }
}

extension RasterTests {
    private func spaced(_ text: String, advances: [Double]?) throws -> String {
        let run = GlyphRun(
            text: text, font: FontDescriptor(size: 1), color: .white, origin: Point(x: 1, y: 1),
            width: 0, ascent: 1, descent: 0, advances: advances)
        return try #require(try screen(12, 1, [.glyphRun(run)]).lines.first)
    }

    @Test func advancesPlaceEachClusterAtTheNearestCell() throws {
        #expect(try spaced("abc", advances: nil) == " abc        ")
        #expect(try spaced("abc", advances: [3, 2.6, 1]) == " a  b  c    ")
        // A wide cluster keeps its two cells; an advance too small never overlaps the next.
        #expect(try spaced("中ab", advances: [1, 0.2, 1]) == " 中ab       ")
    }

    @Test func advancesThatAreNotOnePerClusterFallBackToCellWidths() throws {
        #expect(try spaced("abc", advances: [3, 3]) == " abc        ")
        #expect(try spaced("abc", advances: [3, .nan, 3]) == " abc        ")
    }
}
