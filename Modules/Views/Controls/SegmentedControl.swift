public import TrellisCore
public import TrellisEvents
public import TrellisGeometry
public import TrellisText

/// A horizontal row of segments, one of which is selected, as UIKit's `UISegmentedControl`.
///
/// ``selectedSegmentIndex`` is ``noSegment`` (-1) until a segment is chosen; setting an index
/// outside the segments is ignored. A tap that goes down and up in the same enabled segment
/// selects it and sends `valueChanged` if the selection changed. A momentary control
/// (``isMomentary``) sends `valueChanged` on every tap with ``selectedSegmentIndex`` set to the
/// tapped segment, then returns it to ``noSegment`` and never shows a segment selected. Setting
/// the selection in code sends nothing.
@MainActor
open class SegmentedControl: Control {
    /// The index meaning no segment is selected.
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: Image?
        var isEnabled = true
        var width: Double = 0
    }

    private var segments: [Segment] = []
    private var touchedSegment: Int?
    /// The segment selected before a user's choice, which the selection slides from.
    private var previousSelection = SegmentedControl.noSegment

    /// The selected segment, or ``noSegment``.
    public var selectedSegmentIndex = SegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex != oldValue,
                selectedSegmentIndex != SegmentedControl.noSegment,
                !segments.indices.contains(selectedSegmentIndex)
            {
                selectedSegmentIndex = oldValue
            }
            setNeedsDisplay()
        }
    }

    /// Whether a tap does not keep a selection.
    public var isMomentary = false

    /// Whether segments are as wide as their content (otherwise all share the widest's width).
    public var apportionsSegmentWidthsByContent = false {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// The font of the titles.
    public var titleFont: Font = .system(size: 13) {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// The colour of the selected segment's background.
    public var selectedSegmentTintColor: Color? {
        didSet { setNeedsDisplay() }
    }

    /// The height of a segmented control, as UIKit's.
    public static let naturalHeight = 32.0
    /// The padding on each side of a segment's content.
    public static let segmentPadding = 12.0

    /// Creates a control with titled segments.
    public convenience init(items: [String]) {
        self.init(frame: .zero)
        for (index, title) in items.enumerated() { insertSegment(withTitle: title, at: index) }
        frame = Rect(origin: .zero, size: intrinsicContentSize)
    }

    /// The number of segments.
    public var numberOfSegments: Int { segments.count }

    /// A segmented control with its titles (empty for image segments) and selection.
    open override var semanticHint: SemanticHint? {
        let selected = selectedSegmentIndex
        return SemanticHint(
            frame: bounds,
            kind: .segmentedControl(
                titles: segments.map { $0.title ?? "" },
                selectedIndex: segments.indices.contains(selected) ? selected : nil),
            state: semanticState)
    }

    /// Inserts a titled segment at an index (clamped to the valid range).
    public func insertSegment(withTitle title: String?, at index: Int, animated: Bool = false) {
        insert(Segment(title: title), at: index)
    }

    /// Inserts an image segment at an index (clamped to the valid range).
    public func insertSegment(with image: Image?, at index: Int, animated: Bool = false) {
        insert(Segment(image: image), at: index)
    }

    private func insert(_ segment: Segment, at index: Int) {
        let position = min(max(index, 0), segments.count)
        segments.insert(segment, at: position)
        if selectedSegmentIndex >= position { selectedSegmentIndex += 1 }
        invalidateIntrinsicContentSize()
    }

    /// Removes the segment at an index; an out-of-range index is ignored.
    public func removeSegment(at index: Int, animated: Bool = false) {
        guard segments.indices.contains(index) else { return }
        segments.remove(at: index)
        if selectedSegmentIndex == index {
            selectedSegmentIndex = SegmentedControl.noSegment
        } else if selectedSegmentIndex > index {
            selectedSegmentIndex -= 1
        }
        invalidateIntrinsicContentSize()
    }

    /// Removes every segment.
    public func removeAllSegments() {
        segments.removeAll()
        selectedSegmentIndex = SegmentedControl.noSegment
        invalidateIntrinsicContentSize()
    }

    /// Sets a segment's title.
    public func setTitle(_ title: String?, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].title = title
        invalidateIntrinsicContentSize()
    }

    /// A segment's title.
    public func titleForSegment(at index: Int) -> String? {
        segments.indices.contains(index) ? segments[index].title : nil
    }

    /// Sets a segment's image.
    public func setImage(_ image: Image?, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].image = image
        invalidateIntrinsicContentSize()
    }

    /// A segment's image.
    public func imageForSegment(at index: Int) -> Image? {
        segments.indices.contains(index) ? segments[index].image : nil
    }

    /// Enables or disables one segment.
    public func setEnabled(_ enabled: Bool, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].isEnabled = enabled
        setNeedsDisplay()
    }

    /// Whether a segment is enabled.
    public func isEnabledForSegment(at index: Int) -> Bool {
        segments.indices.contains(index) ? segments[index].isEnabled : false
    }

    /// Sets a segment's fixed width; 0 sizes it automatically.
    public func setWidth(_ width: Double, forSegmentAt index: Int) {
        guard segments.indices.contains(index), width >= 0, width.isFinite else { return }
        segments[index].width = width
        invalidateIntrinsicContentSize()
    }

    /// A segment's fixed width, 0 when automatic.
    public func widthForSegment(at index: Int) -> Double {
        segments.indices.contains(index) ? segments[index].width : 0
    }

    private func contentWidth(_ segment: Segment) -> Double {
        if let title = segment.title, !title.isEmpty {
            return textMeasurer.metrics.width(of: title, font: titleFont).rounded(.up)
        }
        return segment.image?.size.width ?? 0
    }

    /// The natural width of each segment.
    private var naturalWidths: [Double] {
        let content = segments.map { contentWidth($0) + 2 * SegmentedControl.segmentPadding }
        let widest = content.max() ?? 0
        return zip(segments, content).map { segment, width in
            segment.width > 0 ? segment.width : (apportionsSegmentWidthsByContent ? width : widest)
        }
    }

    /// The segments' frames in the bounds: fixed widths kept, the rest sharing what remains;
    /// the first segment at the leading edge (the right one in a right-to-left layout).
    public var segmentFrames: [Rect] {
        guard !segments.isEmpty else { return [] }
        let natural = naturalWidths
        let fixed = zip(segments, natural).filter { $0.0.width > 0 }.reduce(0) { $0 + $1.1 }
        let flexible = natural.enumerated().filter { segments[$0.offset].width == 0 }.map(\.element)
        let flexibleTotal = flexible.reduce(0, +)
        let remaining = max(0, bounds.width - fixed)
        let rightToLeft = effectiveLayoutDirection == .rightToLeft
        var x = rightToLeft ? bounds.maxX : bounds.minX
        return zip(segments, natural).map { segment, width in
            var w = width
            if segment.width == 0 {
                w =
                    flexibleTotal > 0
                    ? remaining * width / flexibleTotal : remaining / Double(flexible.count)
            }
            if rightToLeft {
                x -= w
                return Rect(x: x, y: bounds.minY, width: w, height: bounds.height)
            }
            defer { x += w }
            return Rect(x: x, y: bounds.minY, width: w, height: bounds.height)
        }
    }

    /// The sum of the segment widths, 32 points high.
    open override var intrinsicContentSize: Size {
        Size(width: naturalWidths.reduce(0, +), height: SegmentedControl.naturalHeight)
    }

    /// The segments' titles, measured in the window's batch: each whole title (its natural
    /// width) and the runs its drawn layout measures.
    open override var textRunsToMeasure: [TextRun] {
        let style = SegmentedControl.titleStyle(font: titleFont)
        return segments.compactMap { $0.title }.filter { !$0.isEmpty }.flatMap { title in
            [TextRun(title, font: titleFont)] + TextMeasurer.runsToMeasure(title, style: style)
        }
    }

    /// The style a title is drawn in: one line, centred, truncated at the tail.
    private static func titleStyle(font: Font) -> TextStyle {
        TextStyle(
            font: font, lineBreakMode: .byTruncatingTail, alignment: .center, numberOfLines: 1)
    }

    /// The segment under a point, if any.
    public func segment(at point: Point) -> Int? {
        segmentFrames.firstIndex { $0.contains(point) }
    }

    /// Remembers the segment the touch went down in; disabled segments do not track.
    open override func beginTracking(_ touch: Touch) -> Bool {
        guard let index = segment(at: touch.location), segments[index].isEnabled else {
            return false
        }
        touchedSegment = index
        return true
    }

    /// Selects the segment when the touch goes up in the one it went down in.
    open override func endTracking(_ touch: Touch?) {
        defer { touchedSegment = nil }
        guard let touch, let index = touchedSegment, segment(at: touch.location) == index else {
            return
        }
        choose(index)
    }

    private func choose(_ index: Int) {
        if isMomentary {
            // As UIKit: the handler reads the touched segment; no selection stays afterwards.
            selectedSegmentIndex = index
            sendActions(for: .valueChanged)
            selectedSegmentIndex = SegmentedControl.noSegment
            return
        }
        guard index != selectedSegmentIndex else { return }
        // As UIKit's, a user's choice slides the selection from the segment it leaves.
        previousSelection = selectedSegmentIndex
        selectedSegmentIndex = index
        animateContentTransition()
        sendActions(for: .valueChanged)
    }

    /// The left and right arrows move a focused control's selection to the next enabled
    /// segment.
    open override func handleKey(_ key: KeyInput) -> Bool {
        guard isEnabled, key == .left || key == .right, !segments.isEmpty else { return false }
        let step = key == .left ? -1 : 1
        var index =
            selectedSegmentIndex == SegmentedControl.noSegment
            ? (step > 0 ? -1 : segments.count) : selectedSegmentIndex
        repeat {
            index += step
        } while segments.indices.contains(index) && !segments[index].isEnabled
        if segments.indices.contains(index) { choose(index) }
        return true
    }

    /// Draws the track, the selected segment, dividers and the contents.
    open override func draw(in context: DrawingContext) {
        context.fill(bounds, color: Color(white: 0.93), cornerRadius: 8)
        let frames = segmentFrames
        if !isMomentary, frames.indices.contains(selectedSegmentIndex) {
            var selected = frames[selectedSegmentIndex]
            let progress = min(max(presentation.contentTransition, 0), 1)
            if progress < 1, frames.indices.contains(previousSelection) {
                let from = frames[previousSelection]
                selected = Rect(
                    x: from.minX + (selected.minX - from.minX) * progress, y: selected.minY,
                    width: from.width + (selected.width - from.width) * progress,
                    height: selected.height)
            }
            context.fill(
                selected.insetBy(dx: 2, dy: 2), color: selectedSegmentTintColor ?? .white,
                cornerRadius: 7)
        }
        // A divider sits where a segment meets the one before it: at its leading edge.
        let rightToLeft = effectiveLayoutDirection == .rightToLeft
        for index in frames.indices.dropFirst()
        where index != selectedSegmentIndex && index - 1 != selectedSegmentIndex {
            context.fill(
                Rect(
                    x: (rightToLeft ? frames[index].maxX : frames[index].minX) - 0.5,
                    y: bounds.minY + 8, width: 1,
                    height: max(0, bounds.height - 16)),
                color: Color(white: 0.8))
        }
        for (segment, frame) in zip(segments, frames) {
            let ink = (isEnabled && segment.isEnabled) ? Color.black : Color(white: 0.6)
            if let title = segment.title, !title.isEmpty {
                let style = SegmentedControl.titleStyle(font: titleFont)
                let inner = frame.insetBy(dx: 4, dy: 0)
                guard !inner.isNull else { continue }
                let layout = textMeasurer.layout(title, style: style, in: inner.size)
                let top = inner.minY + (inner.height - layout.size.height) / 2
                context.draw(layout, at: Point(x: inner.minX, y: top), font: titleFont, color: ink)
            } else if let image = segment.image {
                context.draw(
                    image, in: ContentMode.center.frame(for: image.size, in: frame), tint: ink)
            }
        }
    }

    // MARK: Accessibility

    /// The assigned elements, else one button element per segment, as UIKit's: its title (or
    /// its image's accessibility label), ``AccessibilityTraits/selected`` on the selected
    /// segment and ``AccessibilityTraits/notEnabled`` on a disabled one; activating one
    /// chooses it as a tap does.
    open override var accessibilityElements: [any Accessible]? {
        get {
            if let elements = accessibilityStorage?.elements { return elements }
            while segmentElements.count < segments.count {
                segmentElements.append(
                    ControlPartElement(
                        container: self, index: segmentElements.count,
                        describe: { [weak self] index in self?.describeSegment(index) },
                        activate: { [weak self] index in self?.activateSegment(index) ?? false })
                )
            }
            return Array(segmentElements.prefix(segments.count))
        }
        set { super.accessibilityElements = newValue }
    }

    /// The segments' elements, made as segments were added and kept for the control's life.
    private var segmentElements: [ControlPartElement] = []

    private func describeSegment(_ index: Int) -> ControlPartElement.Part? {
        let frames = segmentFrames
        guard segments.indices.contains(index), frames.indices.contains(index) else { return nil }
        let segment = segments[index]
        var traits: AccessibilityTraits = .button
        if !isMomentary && index == selectedSegmentIndex { traits.insert(.selected) }
        if !isEnabled || !segment.isEnabled { traits.insert(.notEnabled) }
        let title = segment.title.flatMap { $0.isEmpty ? nil : $0 }
        return ControlPartElement.Part(
            label: title ?? segment.image?.accessibilityLabel, value: nil, traits: traits,
            frame: frames[index])
    }

    private func activateSegment(_ index: Int) -> Bool {
        guard isEnabled, segments.indices.contains(index), segments[index].isEnabled else {
            return false
        }
        choose(index)
        return true
    }

    /// The control's attributes plus the selection.
    open override var debugAttributes: [String] {
        super.debugAttributes + ["selected=\(selectedSegmentIndex)"]
    }
}
