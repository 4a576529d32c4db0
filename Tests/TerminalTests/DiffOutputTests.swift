import Foundation
import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

@Suite struct DiffOutputTests {
    /// A 20 × 5 frame: a title bar, a label and a few list rows.
    private func dashboard(title: String = "Inbox", selected: Int = 1) -> DisplayList {
        var list = DisplayList(size: Size(width: 20, height: 5))
        list.append(.fillRect(Rect(x: 0, y: 0, width: 20, height: 1), color: .blue))
        list.append(textRun(title, column: 1, row: 0, weight: 700))
        for row in 0..<4 {
            let background = row + 1 == selected ? Color(rgb: 0x333333) : nil
            list.append(
                textRun("Message \(row)", column: 2, row: Double(row + 1), background: background))
        }
        return list
    }

    @Test func firstFrameClearsAndWritesOnlyNonBlankCells() throws {
        let renderer = try makeRenderer()
        let bytes = try renderer.render(dashboard())
        #expect(visible(bytes).hasPrefix(#"\e[0m\e[H\e[2J"#))
        #expect(renderer.statistics.isFullFrame)
        // 20 title cells; "Message 0" on its background (9 cells); "Message" and a digit on
        // three rows (the space between them is blank).
        #expect(renderer.statistics.cellsChanged == 20 + 9 + 3 * 8)
    }

    @Test func unchangedFrameWritesNothing() throws {
        let renderer = try makeRenderer()
        _ = try renderer.render(dashboard())
        let second = try renderer.render(dashboard())
        #expect(second.isEmpty)
        #expect(renderer.statistics.bytesWritten == 0)
        #expect(renderer.statistics.cellsChanged == 0)
        #expect(!renderer.statistics.isFullFrame)
    }

    @Test func oneChangedCellIsAMoveAnAttributeChangeAndTheCharacter() throws {
        let renderer = try makeRenderer()
        _ = try renderer.render(dashboard(title: "Inbox"))
        let bytes = try renderer.render(dashboard(title: "Inbax"))
        #expect(renderer.statistics.cellsChanged == 1)
        // The pen was left white on the default background after "Message 3"; the title is
        // bold white on blue.
        #expect(visible(bytes) == #"\e[1;5H\e[1;48;2;0;0;255ma"#)
    }

    @Test func oneChangedCellInTheSameStyleCostsAtMostSixteenBytes() throws {
        let renderer = try makeRenderer()
        _ = try renderer.render(dashboard(title: "Inbox"))
        _ = try renderer.render(dashboard(title: "Inbax"))
        let bytes = try renderer.render(dashboard(title: "Inbox"))
        #expect(visible(bytes) == #"\bo"#)
        #expect(bytes.count <= 16)
        #expect(renderer.statistics.cellsChanged == 1)
    }

    @Test func diffLeavesTheScreenAsAFullRepaintWould() throws {
        var screen = try Screen(columns: 20, rows: 5)
        let frames = [
            dashboard(), dashboard(selected: 3), dashboard(title: "Archive"),
            dashboard(title: "界面 👍🏽", selected: 2), dashboard(title: "Inbox"),
        ]
        for frame in frames {
            try screen.show(frame)
            #expect(screen.terminal.appearance == (try freshScreen(frame)).appearance)
        }
    }

    @Test func scrollingAListRewritesEachRowOnce() throws {
        func list(offset: Int) -> DisplayList {
            var list = DisplayList(size: Size(width: 16, height: 6))
            for row in 0..<6 {
                list.append(textRun("Item \(row + offset)", column: 0, row: Double(row)))
            }
            return list
        }
        var screen = try Screen(columns: 16, rows: 6)
        try screen.show(list(offset: 0))
        try screen.show(list(offset: 1))
        #expect(
            screen.terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                == (1...6).map { "Item \($0)" })
        #expect(screen.renderer.statistics.cellsChanged == 6)
        // From the end of "Item 5": up five rows and back one, then down one and back one.
        #expect(visible(screen.lastOutput) == #"\e[5A\b1\e[B\b2\e[B\b3\e[B\b4\e[B\b5\e[B\b6"#)
        #expect(screen.lastOutput.count == 31)
    }

    @Test func sizeChangeRepaintsEverything() throws {
        let renderer = try makeRenderer()
        _ = try renderer.render(dashboard())
        var larger = dashboard()
        larger.size = Size(width: 24, height: 5)
        let bytes = try renderer.render(larger)
        #expect(visible(bytes).hasPrefix(#"\e[0m\e[H\e[2J"#))
        #expect(renderer.statistics.isFullFrame)
        #expect(renderer.statistics.columns == 24)
    }

    @Test func fullRequestRepaintsTheNextFrameOnly() throws {
        let renderer = try makeRenderer()
        _ = try renderer.render(dashboard())
        renderer.requestFullFrame()
        let full = try renderer.render(dashboard())
        #expect(visible(full).contains(#"\e[2J"#))
        #expect(try renderer.render(dashboard()).isEmpty)
    }

    @Test func fullFramesModeRepaintsEveryFrame() throws {
        let renderer = try makeRenderer(#"{"cellWidth": 1, "cellHeight": 1, "frames": "full"}"#)
        let first = try renderer.render(dashboard())
        let second = try renderer.render(dashboard())
        #expect(second.count > 0)
        #expect(second.count <= first.count)
        #expect(renderer.statistics.isFullFrame)
    }

    @Test func gapsOfSameStyleCellsAreRewrittenWhenShorterThanAMove() throws {
        var list = DisplayList(size: Size(width: 10, height: 1))
        list.append(textRun("abcdefgh", column: 0, row: 0))
        let renderer = try makeRenderer()
        _ = try renderer.render(list)
        var changed = DisplayList(size: Size(width: 10, height: 1))
        changed.append(textRun("Xbcdefgh", column: 0, row: 0))
        _ = try renderer.render(changed)
        var both = DisplayList(size: Size(width: 10, height: 1))
        both.append(textRun("abYdefgh", column: 0, row: 0))
        let bytes = try renderer.render(both)
        // The cursor is after "X": a carriage return for "a", then rewriting "b" (1 byte) is
        // shorter than moving over it (3 bytes).
        #expect(visible(bytes) == #"\rabY"#)
        #expect(renderer.statistics.cellsChanged == 2)
        #expect(renderer.statistics.cellsWritten == 3)
    }
}
