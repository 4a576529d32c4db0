import Testing
import TrellisEvents
import TrellisGeometry
import TrellisRender
import TrellisRichText
import TrellisText
import TrellisViews
import _TrellisTestSupport

/// The texts of a line's glyph runs; a range outside the layout's runs is a recorded issue.
private func runTexts(_ layout: AttributedTextLayout, _ line: AttributedTextLayout.Line)
    -> [String]
{
    guard line.glyphRunRange.clamped(to: layout.glyphRuns.indices) == line.glyphRunRange else {
        Issue.record("runs \(line.glyphRunRange) of \(layout.glyphRuns.count)")
        return []
    }
    return layout.glyphRuns[line.glyphRunRange].map(\.text)
}

@MainActor
@Suite struct LabelTests {
    @Test func singleLineLabelsMeasureOnOneLine() {
        let label = Label()
        label.font = .system(size: 10)
        label.text = "OK OK"
        #expect(label.intrinsicContentSize == Size(width: 27, height: 12))
        label.sizeToFit()
        #expect(label.frame.size == Size(width: 27, height: 12))
    }

    @Test func multiLineLabelsWrapAtTheGivenWidth() {
        let label = Label()
        label.font = .system(size: 10)
        label.numberOfLines = 0
        label.text = "one two three four five six"
        let fitted = label.sizeThatFits(Size(width: 40, height: .greatestFiniteMagnitude))
        #expect(fitted.width <= 40)
        #expect(fitted.height == 12 * Double(Int(fitted.height / 12)))
        #expect(fitted.height >= 36)
        label.preferredMaxLayoutWidth = 40
        #expect(label.intrinsicContentSize == fitted)
    }

    @Test func theLineBreakStrategyDecidesWherePlainAndAttributedTextWrap() throws {
        // In 10-point text 30 points wide, "To (" fits and "To ( word" does not.
        let label = Label(frame: Rect(x: 0, y: 0, width: 30, height: 100))
        label.font = .system(size: 10)
        label.numberOfLines = 0
        label.text = "To ( word"
        #expect(label.lineBreakStrategy == .standard)
        #expect(label.textLayout?.lines.map(\.text) == ["To (", "word"])
        label.lineBreakStrategy = []
        #expect(label.textStyle.lineBreakStrategy == [])
        #expect(label.textLayout?.lines.map(\.text) == ["To", "( word"])
        label.attributedText = AttributedText("To ( word")
        let strict = try #require(label.attributedTextLayout)
        #expect(strict.lines.count == 2)
        #expect(strict.lines.first.map { runTexts(strict, $0) } == ["To"])
        label.lineBreakStrategy = .standard
        let standard = try #require(label.attributedTextLayout)
        #expect(standard.lines.first.map { runTexts(standard, $0) } == ["To ("])
    }

    @Test func textIsCentredVerticallyAndDrawnAsGlyphRuns() throws {
        let window = Window(size: Size(width: 100, height: 40))
        window.backgroundColor = nil
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        label.font = .system(size: 10)
        label.text = "Hi"
        label.textColor = .red
        window.addSubview(label)
        let lines = try commandLines(window)
        // 12-point line centred in 40: top 14, baseline 14 + 9.5.
        #expect(
            lines.contains(
                "    text \"Hi\" at 0 23.5 width 8.5 font \"system\" 10 w400 color #FF0000"))
    }

    @Test func attributedTextWinsAndTextClearsIt() {
        let label = Label()
        label.font = .system(size: 10)
        label.attributedText = AttributedText("Bold", attributes: [.font(.boldSystem(size: 20))])
        #expect(label.text == "Bold")
        #expect(label.intrinsicContentSize.height == 24)
        label.text = "Plain"
        #expect(label.attributedText == nil)
        #expect(label.intrinsicContentSize.height == 12)
    }

    @Test func seed001MarkupBecomesBulletLines() throws {
        let html =
            "<p>连续浇水7天，可得20鲸豆可得15.00元红包;</p><p>连续浇水14天，可得40鲸豆可得15.00元红包;</p><p>连续浇水21天，可得60鲸豆可得15.00元红包;</p><p>连续浇水28天，可得80鲸豆可得15.00元红包;"
        let label = Label()
        label.font = .system(size: 16)
        label.textColor = .white
        label.numberOfLines = 0
        label.setMarkup(
            html,
            options: MarkupOptions(
                font: .system(size: 16), foregroundColor: .white, paragraphMarker: .bullet))
        // The unclosed last <p> ends with the text, as a browser reads it: nothing to warn about.
        #expect(label.markupWarnings.map(\.message) == [])
        let paragraphs = [
            "连续浇水7天，可得20鲸豆可得15.00元红包;", "连续浇水14天，可得40鲸豆可得15.00元红包;",
            "连续浇水21天，可得60鲸豆可得15.00元红包;", "连续浇水28天，可得80鲸豆可得15.00元红包;",
        ]
        #expect(label.text == paragraphs.joined(separator: "\n"))
        let size = label.sizeThatFits(Size(width: 280, height: .greatestFiniteMagnitude))
        #expect(size.width <= 280)
        label.frame = Rect(origin: .zero, size: size)
        let layout = try #require(label.attributedTextLayout)
        let lines = layout.lines.map { line in runTexts(layout, line).joined() }
        // At 280 points each paragraph wraps once, its bullet leading the first line.
        #expect(
            lines == [
                "•连续浇水7天，可得20鲸豆可得15.00", "元红包;", "•连续浇水14天，可得40鲸豆可得", "15.00元红包;",
                "•连续浇水21天，可得60鲸豆可得", "15.00元红包;", "•连续浇水28天，可得80鲸豆可得", "15.00元红包;",
            ])
        #expect(layout.lines.map(\.paragraphIndex) == [0, 0, 1, 1, 2, 2, 3, 3])
        let markers = layout.glyphRuns.filter { $0.kind == .listMarker }
        #expect(markers.map(\.text) == ["•", "•", "•", "•"])
    }

    @Test func buttonsPreferAttributedTitles() {
        let button = Button(image: nil, title: "plain", font: .system(size: 10))
        button.setAttributedTitle(AttributedText("styled"), for: .highlighted)
        #expect(button.titleLabel.text == "plain")
        button.isHighlighted = true
        #expect(button.titleLabel.text == "styled")
        #expect(button.titleLabel.attributedText != nil)
        button.isHighlighted = false
        #expect(button.titleLabel.attributedText == nil)
        #expect(button.titleLabel.text == "plain")
    }
}

/// A label shorter than its line draws the line centred on it, as UILabel does: the text
/// overflows both edges alike rather than hanging below the top or vanishing.
@MainActor
@Suite struct ShortLabelTests {
    private func baseline(height: Double) throws -> Double {
        let label = Label()
        label.text = "Hello"
        label.font = .system(size: 17)
        label.frame = Rect(x: 0, y: 0, width: 200, height: height)
        let runs = label.makeDisplayList().commands.compactMap { command -> Double? in
            if case .glyphRun(let run) = command { return run.origin.y }
            return nil
        }
        #expect(runs.count == 1)
        return try #require(runs.first)
    }

    @Test func aLineTallerThanTheLabelIsCentredOnIt() throws {
        let probe = Label()
        probe.text = "Hello"
        probe.font = .system(size: 17)
        let lineHeight = probe.sizeThatFits(Size(width: 200, height: 0)).height
        let fitting = try baseline(height: lineHeight)
        #expect(try baseline(height: 5) == fitting + (5 - lineHeight) / 2)
        #expect(try baseline(height: 0.5) == fitting + (0.5 - lineHeight) / 2)
        #expect(try baseline(height: lineHeight + 10) == fitting + 5)
    }
}

/// A label remembers what its text measured, so that the several requests of a layout pass cost
/// one measurement; every answer must still be the one the measurer gives for that request.
@MainActor
@Suite struct LabelMeasurementMemoryTests {
    /// A label's answer, and the measurer's own answer for the same text, style and box,
    /// rounded up as a label rounds.
    static func expectAgreement(_ label: Label, _ box: Size, _ note: String) {
        let direct = label.textMeasurer.sizeThatFits(
            box, text: label.text ?? "", style: label.textStyle)
        let expected = Size(width: direct.width.rounded(.up), height: direct.height.rounded(.up))
        #expect(label.sizeThatFits(box) == expected, "\(note), box \(box)")
    }

    @Test func everyBoxGetsTheMeasurersAnswer() {
        var generator = SeededGenerator(seed: 0x7E11_15)
        let words = ["Item", "a", "wide", "W", "ﬁ", "日本語", "  ", "word\nnext", "x-y", "—"]
        let boxes: [Double] = [0, 1, 7.5, 12, 20, 33.3, 45, 60, 80, 200, .infinity]
        for round in 0..<200 {
            let label = Label()
            label.font = .system(size: [9, 10, 12, 17][Int.random(in: 0..<4, using: &generator)])
            label.numberOfLines = [0, 1, 2, 3][Int.random(in: 0..<4, using: &generator)]
            label.lineBreakMode = LineBreakMode.allCases.randomElement(using: &generator)!
            label.lineSpacing = [0, 2.5][Int.random(in: 0..<2, using: &generator)]
            label.text = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                words.randomElement(using: &generator)!
            }.joined(separator: " ")
            // In a random order, and each box twice, as layout asks.
            for _ in 0..<12 {
                let box = Size(
                    width: boxes.randomElement(using: &generator)!,
                    height: boxes.randomElement(using: &generator)!)
                Self.expectAgreement(label, box, "round \(round)")
                Self.expectAgreement(label, box, "round \(round), again")
            }
        }
    }

    @Test func whatShapesTheTextIsMeasuredAgainWhenItChanges() {
        let label = Label()
        label.font = .system(size: 10)
        label.text = "one two three"
        let box = Size(width: 40, height: 0)
        Self.expectAgreement(label, .zero, "first")
        Self.expectAgreement(label, box, "first")
        // Each change but the strategy's gives this text another size at that width, so an
        // answer kept from before the change would be caught.
        let changes: [(String, (Label) -> Void)] = [
            ("numberOfLines", { $0.numberOfLines = 0 }),
            ("text", { $0.text = "one two three four five" }),
            ("font", { $0.font = .system(size: 14) }),
            ("lineSpacing", { $0.lineSpacing = 4 }),
            ("lineBreakMode", { $0.lineBreakMode = .byCharWrapping }),
            ("lineBreakStrategy", { $0.lineBreakStrategy = [] }),
            (
                "attributed and back",
                {
                    $0.attributedText = AttributedText("x")
                    $0.text = "a much longer text than before it"
                }
            ),
        ]
        var previous = label.sizeThatFits(box)
        var changed: [String] = []
        for (name, change) in changes {
            change(label)
            Self.expectAgreement(label, .zero, name)
            Self.expectAgreement(label, box, name)
            let now = label.sizeThatFits(box)
            if now != previous { changed.append(name) }
            previous = now
        }
        #expect(changed.count >= 5, "only \(changed) changed the size")
    }
}
