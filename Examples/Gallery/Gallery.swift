public import Trellis

/// The demo gallery: the components of the five seed articles on one canvas.
///
/// ```swift
/// let gallery = Gallery()
/// gallery.window.backend = try BackendRegistry().open("raster")
/// let png = try gallery.window.render()
/// ```
@MainActor
public final class Gallery {
    /// The width of the gallery in points.
    public static let width = 680.0
    /// The height of the gallery in points.
    public static let height = 1060.0

    /// The window that shows the gallery.
    public let window: Window
    /// The scroll view holding the sections, so that a small terminal can scroll through them.
    public let scrollView: ScrollView
    /// The seed 001 overlay, presented over its section.
    public let overlay: Overlay
    /// The label that reports the last event of the controls section, or the app last selected
    /// in the grid.
    public let statusLabel = Label()
    private let gridSource: ModelDataSource<SeedComponents.AppCell>
    private let gridDelegate: GridSelectionReporter

    /// Builds the gallery in a window of a size (the gallery's own size by default), drawn by a
    /// backend whose text metrics lay it out.
    public init(
        size: Size = Size(width: Gallery.width, height: Gallery.height), scale: Double = 1,
        backend: (any Backend)? = nil
    ) {
        window = Window(size: size, scale: scale, backend: backend)
        window.backgroundColor = Color(white: 0.95)
        scrollView = ScrollView(frame: Rect(size: size))
        scrollView.contentSize = Size(width: Gallery.width, height: Gallery.height)
        scrollView.accessibilityIdentifier = "gallery"
        window.addSubview(scrollView)

        var y = 10.0
        y = Gallery.addHeading(
            "SFButton — four directions, spacing and content insets (seed 004)", at: y,
            to: scrollView)
        // The buttons size themselves at layout time, with the metrics of the window's backend.
        let row = View(frame: Rect(x: 16, y: y, width: Gallery.width - 32, height: 60))
        var rowStyle = FlexStyle()
        rowStyle.flexDirection = .row
        rowStyle.alignItems = .flexStart
        rowStyle.columnGap = .points(12)
        row.flexStyle = rowStyle
        for direction in Button.Direction.allCases {
            let button = SeedComponents.sfButton(direction: direction)
            button.accessibilityIdentifier = "sf-\(direction.rawValue)"
            row.addSubview(button)
        }
        scrollView.addSubview(row)
        y += 70

        y = Gallery.addHeading(
            "RjxImageTitleView — content alignment (seed 000)", at: y, to: scrollView)
        let horizontals: [ContentHorizontalAlignment] = [.left, .center, .right]
        let verticals: [ContentVerticalAlignment] = [.top, .center, .bottom]
        for (row, vertical) in verticals.enumerated() {
            for (column, horizontal) in horizontals.enumerated() {
                let view = SeedComponents.imageTitleView(horizontal: horizontal, vertical: vertical)
                view.frame.origin = Point(x: 16 + Double(column) * 100, y: y + Double(row) * 80)
                view.accessibilityIdentifier = "rjx-\(row)-\(column)"
                scrollView.addSubview(view)
            }
        }
        let fill = SeedComponents.imageTitleView(horizontal: .fill, vertical: .fill)
        fill.frame = Rect(x: 330, y: y, width: 150, height: 230)
        fill.accessibilityIdentifier = "rjx-fill"
        scrollView.addSubview(fill)
        y += 250

        y = Gallery.addHeading("UIControl subclasses (seed 001)", at: y, to: scrollView)
        y = Gallery.addControls(at: y, to: scrollView, status: statusLabel)

        y = Gallery.addHeading(
            "MyButton — normal, highlighted, selected (seed 002)", at: y, to: scrollView)
        for (index, state) in ["normal", "highlighted", "selected"].enumerated() {
            let button = SeedComponents.myButton()
            button.frame.origin = Point(x: 16 + Double(index) * 140, y: y)
            button.accessibilityIdentifier = "mybutton-\(state)"
            if state == "highlighted" { button.isHighlighted = true }
            if state == "selected" { button.isSelected = true }
            button.addAction(
                ControlAction(identifier: "toggle") { sender in sender.isSelected.toggle() },
                for: .touchUpInside)
            scrollView.addSubview(button)
        }
        y += 60

        // Two columns side by side, each read as a unit: its heading, then its content, as
        // VoiceOver would otherwise read both headings before either column.
        let gridColumn = View(frame: Rect(x: 0, y: y, width: 340, height: 466))
        let overlayColumn = View(frame: Rect(x: 340, y: y, width: 340, height: 466))
        for column in [gridColumn, overlayColumn] {
            column.shouldGroupAccessibilityChildren = true
            scrollView.addSubview(column)
        }
        _ = Gallery.addHeading("MJAppView grid (seed 003)", at: 0, to: gridColumn, width: 320)
        _ = Gallery.addHeading(
            "ShadowView overlay (seed 001)", at: 0, to: overlayColumn, x: 10, width: 320)
        let (grid, source) = SeedComponents.appGrid()
        gridSource = source
        // A tap selects an app: the cell keeps its selected look and the status label names it.
        gridDelegate = GridSelectionReporter(source: source, status: statusLabel)
        grid.delegate = gridDelegate
        grid.frame = Rect(x: 16, y: 26, width: 320, height: 440)
        grid.backgroundColor = .white
        grid.accessibilityIdentifier = "app-grid"
        gridColumn.addSubview(grid)

        let overlayArea = View(frame: Rect(x: 10, y: 26, width: 320, height: 440))
        overlayArea.backgroundColor = .white
        overlayArea.accessibilityIdentifier = "shadow-area"
        let done = Button(image: nil, title: "完成", font: .system(size: 15))
        done.setTitleColor(.black, for: .normal)
        done.borderWidth = 1.5
        done.frame = Rect(x: 122, y: 20, width: 75, height: 45)
        done.accessibilityIdentifier = "shadow-button"
        overlayArea.addSubview(done)
        overlayColumn.addSubview(overlayArea)
        overlay = Overlay(content: SeedComponents.shadowView())
        overlay.content.accessibilityIdentifier = "shadow-view"
        overlay.present(in: overlayArea)
        // Shown at once; from here on it fades in and out as seed 001's does.
        overlay.animatesTransitions = true
        let overlay = self.overlay
        done.addAction(
            // The button is inside the area: a strong capture would keep both alive for good.
            ControlAction(identifier: "show") { [weak overlayArea] _ in
                guard let overlayArea else { return }
                overlay.present(in: overlayArea)
            },
            for: .touchUpInside)
    }

    /// Adds the switch, slider, segmented control, stepper, page control and text field, each
    /// reporting its events in the status label; returns the y below them.
    private static func addControls(
        at y: Double, to scrollView: ScrollView, status statusLabel: Label
    ) -> Double {
        let toggle = Switch(frame: Rect(x: 16, y: y, width: 51, height: 31))
        toggle.accessibilityIdentifier = "switch"
        toggle.accessibilityLabel = "Watering reminder"
        let slider = Slider(frame: Rect(x: 80, y: y, width: 160, height: 31))
        slider.value = 0.3
        slider.accessibilityIdentifier = "slider"
        slider.accessibilityLabel = "Amount of water"
        let segments = SegmentedControl(items: ["浇水", "施肥", "收获"])
        segments.frame = Rect(x: 256, y: y, width: 180, height: 32)
        segments.selectedSegmentIndex = 0
        segments.accessibilityIdentifier = "segmented"
        segments.accessibilityLabel = "Task"
        let stepper = Stepper()
        stepper.frame.origin = Point(x: 452, y: y + 1)
        stepper.accessibilityIdentifier = "stepper"
        stepper.accessibilityLabel = "Days watered"
        let pages = PageControl(frame: Rect(x: 560, y: y + 3, width: 100, height: 26))
        pages.numberOfPages = 5
        pages.accessibilityIdentifier = "pages"
        pages.accessibilityLabel = "Garden"
        let field = TextField(frame: Rect(x: 16, y: y + 44, width: 300, height: 32))
        field.placeholder = "Type here"
        field.borderStyle = .roundedRect
        field.font = .system(size: 15)
        field.accessibilityIdentifier = "text-field"
        statusLabel.frame = Rect(x: 330, y: y + 50, width: 330, height: 20)
        statusLabel.font = .system(size: 13)
        statusLabel.textColor = Color(white: 0.3)
        statusLabel.text = "Click or Tab to a control; q quits"
        statusLabel.accessibilityIdentifier = "status"
        statusLabel.accessibilityTraits = [.staticText, .updatesFrequently]
        let status = statusLabel
        func report(
            _ control: Control, _ events: ControlEvents,
            _ describe: @escaping @MainActor (Control) -> String
        ) {
            control.addAction(
                ControlAction(identifier: "status") { sender in status.text = describe(sender) },
                for: events)
        }
        report(toggle, .valueChanged) { "switch: \(($0 as? Switch)?.isOn == true ? "on" : "off")" }
        report(slider, .valueChanged) { "slider: \(Int((($0 as? Slider)?.value ?? 0) * 100))%" }
        report(segments, .valueChanged) {
            "segment: \(($0 as? SegmentedControl)?.selectedSegmentIndex ?? -1)"
        }
        report(stepper, .valueChanged) { "stepper: \(Int(($0 as? Stepper)?.value ?? 0))" }
        report(pages, .valueChanged) {
            "page: \((($0 as? PageControl)?.currentPage ?? 0) + 1) of 5"
        }
        report(field, [.editingChanged, .editingDidEndOnExit]) {
            "text: \((($0 as? TextField)?.text ?? ""))"
        }
        for control in [toggle, slider, segments, stepper, pages, field] as [View] {
            scrollView.addSubview(control)
        }
        scrollView.addSubview(statusLabel)
        return y + 96
    }

    /// Adds a section heading and returns the y below it.
    private static func addHeading(
        _ text: String, at y: Double, to view: View, x: Double = 16,
        width: Double = Gallery.width - 32
    ) -> Double {
        let label = Label(frame: Rect(x: x, y: y, width: width, height: 18))
        label.font = .system(size: 13, weight: .semibold)
        label.textColor = Color(white: 0.25)
        label.text = text
        label.accessibilityTraits = [.staticText, .header]
        view.addSubview(label)
        return y + 26
    }
}
