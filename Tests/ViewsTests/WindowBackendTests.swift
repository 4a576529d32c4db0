import Testing
import TrellisEvents
import TrellisGeometry
import TrellisLayout
import TrellisRender
import TrellisRichText
import TrellisText
import TrellisViews

/// A backend in the test process that measures every cluster with the same advance and
/// counts its measurement calls.
private final class FixedMetricsBackend: Backend {
    let name = "fixed-metrics"
    let capabilities: BackendCapabilities = [.renderText, .measureText]
    let advance: Double
    let ascender: Double
    let descender: Double
    private(set) var measureCalls = 0
    /// The runs of each call, in order, each as its text.
    private(set) var requests: [[String]] = []

    init(advance: Double, ascender: Double, descender: Double) {
        self.advance = advance
        self.ascender = ascender
        self.descender = descender
    }

    func render(encoded list: [UInt8]) throws(PluginError) -> [UInt8] {
        Array("\(list.count) bytes".utf8)
    }

    func measure(encoded request: [UInt8]) throws(PluginError) -> [UInt8] {
        measureCalls += 1
        let runs = request.withUnsafeBytes { try? TextMeasurementCodec.decodeRequest($0) }
        guard let runs else { throw PluginError(.callFailed, "malformed measure request") }
        requests.append(runs.map { $0.clusters.joined() })
        return TextMeasurementCodec.encode(
            response: runs.map { run in
                MeasuredRun(
                    ascender: ascender, descender: descender, lineGap: 0, capHeight: ascender,
                    xHeight: ascender / 2, advances: run.clusters.map { _ in advance })
            })
    }

    func input(_ bytes: [UInt8]) throws(PluginError) -> [UInt8] {
        try require(.input, for: "read input")
        return []
    }
}

@MainActor
@Suite struct WindowBackendTests {
    /// Three labels and two buttons in a flex column, each at its intrinsic size.
    private struct Content {
        let labels: [Label]
        let buttons: [Button]
    }

    private func populate(_ window: Window) throws -> Content {
        let column = View(frame: Rect(size: window.size))
        var style = FlexStyle()
        try style.set("flexDirection", to: .string("column"))
        try style.set("alignItems", to: .string("flex-start"))
        column.flexStyle = style
        let labels = ["Hello", "Trellis", "layout pass"].map { text in
            let label = Label()
            label.font = .system(size: 10)
            label.text = text
            column.addSubview(label)
            return label
        }
        let buttons = ["Save", "Cancel"].map { title in
            let button = Button()
            button.titleLabel.font = .system(size: 12)
            button.setTitle(title, for: .normal)
            column.addSubview(button)
            return button
        }
        window.addSubview(column)
        return Content(labels: labels, buttons: buttons)
    }

    /// Marks every view as needing layout without changing anything.
    private func invalidateLayout(_ view: View) {
        view.setNeedsLayout()
        for subview in view.subviews { invalidateLayout(subview) }
    }

    private func registry() -> BackendRegistry {
        BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
    }

    @Test func aLayoutPassMeasuresAllItsTextInOneCall() throws {
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let window = Window(size: Size(width: 300, height: 300), backend: backend)
        let content = try populate(window)
        #expect(backend.measureCalls == 0)
        window.layoutIfNeeded()
        #expect(backend.measureCalls == 1)
        // Each text as one run (its clusters shaped together), and the ellipsis of truncated
        // lines once per font.
        let runs = backend.requests.first ?? []
        #expect(runs.sorted() == ["Cancel", "Hello", "Save", "Trellis", "layout pass", "…", "…"])
        #expect(
            content.labels.map(\.frame.size) == [
                Size(width: 35, height: 12), Size(width: 49, height: 12),
                Size(width: 77, height: 12),
            ])
        #expect(
            content.buttons.map(\.titleLabel.intrinsicContentSize) == [
                Size(width: 28, height: 12), Size(width: 42, height: 12),
            ])
    }

    /// Only metrics that keep what they measure are asked for a pass's text ahead of it; the
    /// built-in metrics compute each run as cheaply on demand, and lay out the same without.
    @Test func onlyMetricsThatKeepWhatTheyMeasureMeasureAhead() throws {
        #expect(!ProportionalMetrics().measuresAhead)
        #expect(!CellMetrics().measuresAhead)
        #expect(!AhemMetrics().measuresAhead)
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        #expect(BackendFontMetrics(backend: backend).measuresAhead)
        #expect(Window.metrics(for: backend).measuresAhead)
        #expect(!Window.metrics(for: nil).measuresAhead)
        // Without a backend, text is measured in the pass itself: each label is as wide as its
        // text measured by the proportional metrics, as with the fixed metrics above.
        let window = Window(size: Size(width: 300, height: 300))
        let content = try populate(window)
        window.layoutIfNeeded()
        let metrics = ProportionalMetrics()
        for label in content.labels {
            let width = metrics.width(of: label.text ?? "", font: label.font)
            #expect(label.frame.size.width == width.rounded(.up), "\(label.text ?? "")")
        }
    }

    @Test func anUnchangedRelayoutMeasuresNothing() throws {
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let window = Window(size: Size(width: 300, height: 300), backend: backend)
        let content = try populate(window)
        window.layoutIfNeeded()
        let frames = content.labels.map(\.frame)
        invalidateLayout(window)
        #expect(window.subtreeNeedsLayout)
        window.layoutIfNeeded()
        #expect(backend.measureCalls == 1)
        #expect(content.labels.map(\.frame) == frames)
        _ = window.makeDisplayList()
        #expect(backend.measureCalls == 1)
    }

    @Test func aLabelGivenAnotherBackendMeasuresWithItsMetrics() throws {
        let window = Window(size: Size(width: 300, height: 40))
        let label = Label()
        label.font = .system(size: 10)
        label.text = "Measured twice"
        window.addSubview(label)
        let before = label.sizeThatFits(.zero)
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        window.backend = backend
        // 14 clusters of 7 points, and the line's ascender and descender.
        #expect(label.sizeThatFits(.zero) == Size(width: 98, height: 12))
        #expect(label.sizeThatFits(Size(width: 200, height: 0)) == Size(width: 98, height: 12))
        #expect(before != Size(width: 98, height: 12))
    }

    @Test func changedTextIsMeasuredInOneCallForThePass() throws {
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let window = Window(size: Size(width: 300, height: 300), backend: backend)
        let content = try populate(window)
        window.layoutIfNeeded()
        content.labels[0].text = "Quiz"
        content.labels[1].text = "Jumbo"
        content.buttons[0].setTitle("Wow", for: .normal)
        window.layoutIfNeeded()
        #expect(backend.measureCalls == 2)
        // Only the new runs; the ellipsis is known in both fonts.
        #expect(backend.requests.last?.sorted() == ["Jumbo", "Quiz", "Wow"])
        #expect(content.labels[0].frame.size == Size(width: 28, height: 12))
        // A run already measured in the label's font costs no call.
        content.labels[2].text = "Hello"
        window.layoutIfNeeded()
        #expect(backend.measureCalls == 2)
        #expect(content.labels[2].frame.size == Size(width: 35, height: 12))
        // The same clusters in another order are another run, shaped afresh.
        content.labels[2].text = "olleH"
        window.layoutIfNeeded()
        #expect(backend.measureCalls == 3)
        #expect(backend.requests.last == ["olleH"])
    }

    /// A window with one view, laid out once.
    private func layOut(_ view: View, backend: FixedMetricsBackend) -> Window {
        let window = Window(size: Size(width: 300, height: 300), backend: backend)
        window.addSubview(view)
        window.layoutIfNeeded()
        return window
    }

    @Test func aMultiParagraphLabelIsMeasuredParagraphByParagraphInOneCall() throws {
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let label = Label()
        label.font = .system(size: 10)
        label.numberOfLines = 0
        label.text = "First line\nSecond\nThird"
        label.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        let window = layOut(label, backend: backend)
        #expect(backend.measureCalls == 1)
        // Each paragraph with its line break, shaped on its own, then the ellipsis.
        #expect(backend.requests.first == ["First line\n", "Second\n", "Third", "…"])
        #expect(label.intrinsicContentSize == Size(width: 70, height: 36))
        // Drawing lays the text out in the bounds: everything it measures is known.
        _ = window.makeDisplayList()
        invalidateLayout(window)
        window.layoutIfNeeded()
        _ = window.makeDisplayList()
        #expect(backend.measureCalls == 1)
    }

    @Test func aMarkupLabelIsMeasuredWithItsPiecesMarkersAndFontsInOneCall() throws {
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let label = Label()
        label.numberOfLines = 0
        label.setMarkup(
            "<p>Plain <b>bold</b> end</p><p>Two</p>",
            options: MarkupOptions(font: .system(size: 10), paragraphMarker: .bullet))
        label.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        let window = layOut(label, backend: backend)
        #expect(backend.measureCalls == 1)
        let runs = backend.requests.first ?? []
        // The bold piece on its own, a marker per paragraph, an ellipsis per font.
        #expect(runs.contains("bold"))
        #expect(!runs.contains { $0.contains("Plain") && $0.contains("bold") })
        #expect(runs.filter { $0 == "•" }.count == 1)
        #expect(runs.filter { $0 == "…" }.count == 2)
        let layout = try #require(label.attributedTextLayout)
        #expect(layout.lines.count == 2)
        _ = window.makeDisplayList()
        invalidateLayout(window)
        window.layoutIfNeeded()
        _ = window.makeDisplayList()
        #expect(backend.measureCalls == 1)
    }

    @Test func segmentTitlesAndATextFieldAreMeasuredInThePassCall() throws {
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let column = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let segments = SegmentedControl(items: ["One", "Two\nlines"])
        segments.frame = Rect(x: 0, y: 0, width: 200, height: 32)
        let field = TextField()
        field.frame = Rect(x: 0, y: 40, width: 200, height: 30)
        field.placeholder = "Name"
        column.addSubview(segments)
        column.addSubview(field)
        let window = layOut(column, backend: backend)
        _ = window.makeDisplayList()
        #expect(backend.measureCalls == 1)
        // Typing: one call per pass for the new text only.
        field.text = "Ann"
        window.setNeedsLayout()
        window.layoutIfNeeded()
        _ = window.makeDisplayList()
        #expect(backend.measureCalls == 2)
        #expect(backend.requests.last == ["Ann"])
    }

    @Test func theRunCacheKeepsAtMostItsClusterLimit() throws {
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let metrics = BackendFontMetrics(backend: backend, clusterLimit: 10)
        let font = Font.system(size: 10)
        func measure(_ texts: String...) -> [[Double]] {
            metrics.measure(runs: texts.map { TextRun($0, font: font) })
        }
        #expect(measure("abcde", "fghij") == [[7, 7, 7, 7, 7], [7, 7, 7, 7, 7]])
        #expect(metrics.cachedClusters == 10)
        _ = measure("fghij", "abcde")
        #expect(backend.measureCalls == 1)
        // "fghij" was used less recently than "abcde": it goes to make room.
        _ = measure("klm")
        #expect(backend.measureCalls == 2)
        #expect(metrics.cachedClusters == 8)
        _ = measure("abcde", "klm")
        #expect(backend.measureCalls == 2)
        _ = measure("fghij")
        #expect(backend.measureCalls == 3)
        // A run longer than the limit is measured every time and never kept.
        #expect(measure("a long run of text").first?.count == 18)
        #expect(measure("a long run of text").first?.count == 18)
        #expect(backend.measureCalls == 5)
        #expect(metrics.cachedClusters <= 10)
    }

    /// A batch of several runs that holds more clusters than the limit (a layout pass's text)
    /// is kept whole, so that laying its runs out one by one measures nothing again; a single
    /// run does not raise the bound.
    @Test func aBatchLargerThanTheLimitIsKeptWhole() throws {
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let metrics = BackendFontMetrics(backend: backend, clusterLimit: 10)
        let font = Font.system(size: 10)
        let texts = (0..<6).map { "run\($0)" }
        _ = metrics.measure(runs: texts.map { TextRun($0, font: font) })
        #expect(backend.measureCalls == 1)
        #expect(metrics.cachedClusters == 24)
        for text in texts {
            #expect(metrics.advances(of: TextRun(text, font: font)) == [7, 7, 7, 7])
        }
        #expect(backend.measureCalls == 1)
        // A single run longer than the bound is still measured without being kept.
        #expect(
            metrics.advances(of: TextRun(String(repeating: "x", count: 30), font: font)).count == 30
        )
        #expect(metrics.cachedClusters == 24)
    }

    @Test func typingIntoAFieldKeepsTheCacheBounded() throws {
        let backend = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let metrics = BackendFontMetrics(backend: backend, clusterLimit: 200)
        let font = Font.system(size: 10)
        // Every keystroke shows a text not seen before.
        let texts = (0..<300).map { "entry \($0)" }
        for text in texts {
            #expect(metrics.advances(of: TextRun(text, font: font)).count == text.count)
            #expect(metrics.cachedClusters <= 200)
        }
        #expect(metrics.cachedClusters > 180)
        #expect(backend.measureCalls == 300)
        // The latest texts stay cached; the first ones were forgotten.
        _ = metrics.advances(of: TextRun(texts[299], font: font))
        #expect(backend.measureCalls == 300)
        _ = metrics.advances(of: TextRun(texts[0], font: font))
        #expect(backend.measureCalls == 301)
    }

    @Test func aPluginBackendIsCalledOncePerLayoutPass() throws {
        let terminal = try #require(try registry().open("terminal") as? PluginBackend)
        let window = Window(size: Size(width: 300, height: 300), backend: terminal)
        let content = try populate(window)
        let opened = terminal.ffiCallCount
        window.layoutIfNeeded()
        #expect(terminal.ffiCallCount == opened + 1)
        let metrics = try #require(window.textMeasurer.metrics as? BackendFontMetrics)
        #expect(metrics.backendCalls == 1)
        invalidateLayout(window)
        window.layoutIfNeeded()
        #expect(terminal.ffiCallCount == opened + 1)
        // Terminal cells are 8 × 16 points.
        #expect(content.labels[0].frame.size == Size(width: 40, height: 16))
        _ = try window.render()
        #expect(terminal.ffiCallCount == opened + 2)
        #expect(metrics.backendCalls == 1)
    }

    @Test func switchingTheBackendMeasuresAndLaysOutAgain() throws {
        let registry = registry()
        let text = try registry.open("text")
        let terminal = try #require(try registry.open("terminal") as? PluginBackend)
        let window = Window(size: Size(width: 300, height: 300), backend: text)
        let content = try populate(window)
        window.layoutIfNeeded()

        // The text backend measures with the built-in proportional metrics, as a label outside
        // any window does.
        let proportional = ["Hello", "Trellis", "layout pass"].map { text in
            let label = Label()
            label.font = .system(size: 10)
            label.text = text
            return label.intrinsicContentSize
        }
        #expect(content.labels.map(\.frame.size) == proportional)
        let proportionalButton = content.buttons[1].frame.size

        let opened = terminal.ffiCallCount
        window.backend = terminal
        #expect(window.subtreeNeedsLayout)
        window.layoutIfNeeded()
        #expect(terminal.ffiCallCount == opened + 1)
        let cells = [5, 7, 11].map { Size(width: Double($0) * 8, height: 16) }
        #expect(content.labels.map(\.frame.size) == cells)
        #expect(content.labels.map(\.intrinsicContentSize) == cells)
        #expect(content.buttons[1].titleLabel.intrinsicContentSize == Size(width: 48, height: 16))
        #expect(content.buttons[1].frame.size != proportionalButton)

        let fixed = FixedMetricsBackend(advance: 3, ascender: 4, descender: 1)
        window.backend = fixed
        window.layoutIfNeeded()
        #expect(fixed.measureCalls == 1)
        #expect(content.labels[0].frame.size == Size(width: 15, height: 5))

        window.backend = text
        window.layoutIfNeeded()
        #expect(content.labels.map(\.frame.size) == proportional)
        #expect(content.buttons[1].frame.size == proportionalButton)
        #expect(terminal.ffiCallCount == opened + 1)
    }

    @Test func aViewMeasuredOutsideAWindowMeasuresAgainInOne() throws {
        // Built and constrained before it has a window, as seed 000's views are: the label's
        // intrinsic size comes from the default metrics until it joins the window.
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let label = Label()
        label.font = .system(size: 10)
        label.text = "Title"
        label.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(label)
        try LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            label.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        container.layoutIfNeeded()
        let outside = label.frame.size
        #expect(outside == label.intrinsicContentSize)

        let fixed = FixedMetricsBackend(advance: 7, ascender: 9, descender: 3)
        let window = Window(size: Size(width: 300, height: 300), backend: fixed)
        window.addSubview(container)
        window.layoutIfNeeded()
        #expect(label.frame.size == Size(width: 35, height: 12))
        #expect(label.frame.size != outside)

        // Back out of the window: the default metrics again.
        container.removeFromSuperview()
        container.layoutIfNeeded()
        #expect(label.frame.size == outside)
    }
}
