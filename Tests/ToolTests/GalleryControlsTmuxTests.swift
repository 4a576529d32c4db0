import Foundation
import Testing

/// The gallery's controls as the live terminal shows them, read back with `capture-pane`:
/// each drawn for cells from its semantic hint, not rasterised.
@Suite(.serialized) struct GalleryControlsTmuxTests {
    /// The row of the screen that holds every string, in order, and the columns they start at.
    private func row(
        of parts: [String], in screen: [String]
    ) -> (row: Int, columns: [Int])? {
        for (index, line) in screen.enumerated() {
            var columns: [Int] = []
            var rest = line[...]
            for part in parts {
                guard let range = rest.range(of: part) else { break }
                columns.append(line.distance(from: line.startIndex, to: range.lowerBound))
                rest = rest[range.upperBound...]
            }
            if columns.count == parts.count { return (index, columns) }
        }
        return nil
    }

    @Test func theGalleryShowsEveryControlLegiblyInCells() throws {
        let pane = TmuxPane()
        defer { pane.stop() }
        try pane.start("\(Trellis.executable) demo --interactive")
        let heading = try #require(
            try pane.waitFor("UIControl subclasses"), "the gallery never appeared")
        let screen = try pane.screen()
        let shown = screen.joined(separator: "\n")
        // The switch, off: its thumb at the left of its track.
        let controls = try #require(
            row(of: ["[○───]"], in: screen), "no switch drawn off:\n\(shown)")
        #expect(controls.row > heading.row)
        // The slider: a heavy track up to its thumb, a light one after it.
        #expect(row(of: ["━●─"], in: screen)?.row == controls.row, "no slider thumb:\n\(shown)")
        // The stepper: a minus and a plus on either side of its divider.
        let stepper = try #require(
            row(of: ["[", "−", "│", "+", "]"], in: screen), "no stepper:\n\(shown)")
        #expect(stepper.row == controls.row)
        // The page control: five dots, the first page current.
        #expect(row(of: ["● ○ ○ ○ ○"], in: screen)?.row == controls.row, "no page dots:\n\(shown)")
        // The segmented control: its selected segment in brackets, the others between bars.
        #expect(row(of: ["[浇水]", "│", "施肥", "│", "收获"], in: screen)?.row == controls.row)
        // The text field: its placeholder inside its brackets, on the same row.
        let field = try #require(
            row(of: ["[", "Type here", "]"], in: screen), "no text field:\n\(shown)")
        #expect(field.columns[0] < field.columns[1] && field.columns[1] < field.columns[2])
        #expect(field.row == 0 || screen[field.row - 1].contains("Type here") == false)
        // A click on the switch turns it on: its thumb moves to the right.
        try pane.click(row: controls.row, column: controls.columns[0] + 2)
        #expect(try pane.waitFor("[━━━●]") != nil, "the switch did not show on")
        try pane.type("q")
    }
}
