import Testing
import TrellisCore
import TrellisEvents
import TrellisGeometry
import TrellisText
import TrellisViews

/// The glyph runs of a display list, in order.
@MainActor
private func glyphRuns(_ window: Window) -> [GlyphRun] {
    window.makeDisplayList().commands.compactMap { command in
        if case .glyphRun(let run) = command { return run }
        return nil
    }
}

/// The caret a text field draws: the one-point-wide fill, in the field's coordinates.
@MainActor
private func caretX(_ window: Window) -> Double? {
    window.makeDisplayList().commands.compactMap { command -> Double? in
        if case .fillRect(let rect, _) = command, rect.width == 1 { return rect.minX }
        return nil
    }.last
}

@MainActor
@Suite struct BidiTextDrawingTests {
    @Test func labelDrawsOneRunPerVisualRunLeftToRight() {
        let window = Window(size: Size(width: 300, height: 60))
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        label.text = "abc \u{5D0}\u{5D1}\u{5D2} 123"
        window.addSubview(label)
        let runs = glyphRuns(window)
        #expect(runs.map(\.text) == ["abc ", "123", "\u{5D0}\u{5D1}\u{5D2} "])
        #expect(runs.map(\.direction) == [.leftToRight, .leftToRight, .rightToLeft])
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.origin.x + $0.width == $1.origin.x })
    }

    @Test func leftToRightLabelStillDrawsOneRunPerLine() {
        let window = Window(size: Size(width: 300, height: 60))
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        label.text = "Hello (world) 123"
        window.addSubview(label)
        #expect(glyphRuns(window).map(\.text) == ["Hello (world) 123"])
        #expect(glyphRuns(window).map(\.direction) == [.leftToRight])
    }

    @Test func attributedLabelMarksItsRightToLeftRuns() {
        let window = Window(size: Size(width: 300, height: 60))
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        label.setMarkup("ok <b>\u{5E9}\u{5DC}\u{5D5}\u{5DD}</b>!")
        window.addSubview(label)
        let runs = glyphRuns(window)
        #expect(runs.map(\.text) == ["ok ", "\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "!"])
        #expect(runs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
        #expect(runs.dropFirst().first?.font.weight == 700)
    }
}

@MainActor
@Suite struct TextFieldBidiTests {
    private func makeField() -> (Window, TextField) {
        let window = Window(size: Size(width: 300, height: 100))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 34))
        window.addSubview(field)
        field.becomeFirstResponder()
        return (window, field)
    }

    /// The advances of a text as the field lays it out.
    private func advances(_ text: String, _ field: TextField) throws -> [Double] {
        try #require(
            View.defaultTextMeasurer.layout(
                text, style: TextStyle(font: field.font), in: Size(width: 0, height: 0)
            ).lines.first
        ).advances
    }

    @Test func typingHebrewPutsTheCaretWhereTheNextLetterGoes() throws {
        let (window, field) = makeField()
        let start = TextField.textInset
        window.dispatch(key: .text("\u{5D0}"))
        window.dispatch(key: .text("\u{5D1}"))
        #expect(field.text == "\u{5D0}\u{5D1}")
        let widths = try advances("\u{5D0}\u{5D1}", field)
        try #require(widths.count > 1)
        // Shown "בא": after typing, the caret is left of ב, where the next letter goes.
        #expect(caretX(window) == start)
        let run = try #require(glyphRuns(window).first)
        #expect(run.direction == .rightToLeft && run.origin.x == start)
        // Left moves back in the text, so right on the screen: between ב and א.
        window.dispatch(key: .left)
        #expect(field.cursor == 1)
        #expect(caretX(window) == start + widths[1])
        // Home is the start of the text: right of א.
        window.dispatch(key: .home)
        #expect(caretX(window) == start + widths[0] + widths[1])
        // Typing there inserts before א in the text, which shows at the right end.
        window.dispatch(key: .text("\u{5D2}"))
        #expect(field.text == "\u{5D2}\u{5D0}\u{5D1}")
        #expect(field.cursor == 1)
        #expect(caretX(window) == start + widths[0] + widths[1])
        // Deleting is logical too: Backspace removes the letter before the cursor, ג.
        window.dispatch(key: .backspace)
        #expect(field.text == "\u{5D0}\u{5D1}")
        #expect(caretX(window) == start + widths[0] + widths[1])
    }

    @Test func numbersInHebrewReadLeftToRightWithTheCaretAfterThem() throws {
        let (window, field) = makeField()
        window.dispatch(key: .text("\u{5D0}\u{5D1} 12"))
        let runs = glyphRuns(window)
        // "אב 12" is shown "12 בא": the number first, then the Hebrew with its space.
        #expect(runs.map(\.text) == ["12", "\u{5D0}\u{5D1} "])
        #expect(runs.map(\.direction) == [.leftToRight, .rightToLeft])
        let number = try #require(runs.first)
        #expect(caretX(window) == number.origin.x + number.width)
        window.dispatch(key: .left)
        let one = try #require(advances("1", field).first)
        #expect(caretX(window) == number.origin.x + one)
        window.dispatch(key: .deleteForward)
        #expect(field.text == "\u{5D0}\u{5D1} 1")
    }

    @Test func leftToRightCaretIsUnchanged() throws {
        let (window, field) = makeField()
        window.dispatch(key: .text("abc"))
        window.dispatch(key: .left)
        let widths = try advances("abc", field)
        try #require(widths.count > 1)
        #expect(caretX(window) == TextField.textInset + widths[0] + widths[1])
    }
}
