public import TrellisCore
public import TrellisEvents
public import TrellisGeometry
@_spi(ObjectList) public import TrellisLayout
public import TrellisText

/// A rectangular area of the interface and the root of every visible thing, as UIKit's `UIView`.
///
/// A view has a position in its superview (``center`` and ``transform``), its own coordinate
/// space (``bounds``), subviews drawn in front of it, and an appearance: a background colour,
/// rounded corners, a border, a gradient, a shadow. Views never draw directly; rendering turns
/// the tree into a display list that a backend draws.
///
/// Subclass it to make components, as UIKit code does:
///
/// ```swift
/// final class Badge: View {
///     override func layoutSubviews() { /* place subviews */ }
///     override var intrinsicContentSize: Size { Size(width: 24, height: 24) }
/// }
/// let badge = Badge(frame: Rect(x: 10, y: 10, width: 24, height: 24))
/// badge.backgroundColor = .red
/// badge.cornerRadius = 12
/// ```
@MainActor
open class View {
    // Stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`): the
    // layout code never overlaps two accesses to one, and the checks cost about a sixth of
    // the instructions of activating a constraint or building a view tree.
    /// The view's centre in its superview's coordinates.
    public var center: Point {
        get { centerStorage }
        set { setGeometry(center: newValue, bounds: boundsStorage) }
    }

    /// The view's own coordinate space: its origin is what appears at the top-left corner (a
    /// scroll offset) and its size is the view's size.
    public var bounds: Rect {
        get { boundsStorage }
        set { setGeometry(center: centerStorage, bounds: newValue) }
    }

    /// The stored centre and bounds, changed through ``setGeometry(center:bounds:)``.
    @exclusivity(unchecked) private var centerStorage: Point
    @exclusivity(unchecked) private var boundsStorage: Rect

    /// Sets the centre and the bounds at once (a new frame changes both) and tells the view's
    /// layout item, its layout and its drawing once for the two.
    func setGeometry(center newCenter: Point, bounds newBounds: Rect) {
        let oldCenter = centerStorage
        let oldBounds = boundsStorage
        centerStorage = newCenter
        boundsStorage = newBounds
        let centerChanged = newCenter != oldCenter
        let sizeChanged = newBounds.size != oldBounds.size
        let boundsChanged = newBounds != oldBounds
        guard centerChanged || boundsChanged else { return }
        if centerChanged || sizeChanged { syncLayoutItemFrame() }
        if sizeChanged { setNeedsLayout() }
        setNeedsDisplay()
        if centerChanged {
            recordAnimatedChange(.center, from: .point(oldCenter), to: .point(newCenter))
        }
        if boundsChanged {
            recordAnimatedChange(.bounds, from: .rect(oldBounds), to: .rect(newBounds))
        }
    }

    /// The transform applied around the centre, as `UIView.transform`.
    public var transform: AffineTransform {
        get { extras?.transform ?? .identity }
        set {
            let oldValue = transform
            // Most views keep the identity: setting it makes no extras.
            if !newValue.isIdentity || extras != nil { madeExtras.transform = newValue }
            setNeedsDisplay()
            recordAnimatedChange(.transform, from: .transform(oldValue), to: .transform(newValue))
        }
    }

    /// How far the view's own drawing has moved from its previous state to its current one,
    /// in `0...1` (1 when nothing is changing): controls animate it when their value changes and
    /// mix the two states by its presentation value.
    @exclusivity(unchecked) var contentTransition: Double = 1 {
        didSet {
            setNeedsDisplay()
            recordAnimatedChange(
                .contentTransition, from: .number(oldValue), to: .number(contentTransition))
        }
    }

    /// The animations of this view's properties in flight, by property.
    @exclusivity(unchecked) var animations: [AnimatedProperty: PropertyAnimation] = [:]

    /// The superview, if the view is in a hierarchy.
    ///
    /// Not counted: the superview holds this view in its ``subviews``, and clears it in the
    /// subviews it still has when it goes away, as UIKit's views do. (A weak reference would give
    /// every view a side table, which makes every retain and release of it several times slower.)
    public internal(set) nonisolated var superview: View? {
        get { superviewStorage?.takeUnretainedValue() }
        set { superviewStorage = newValue.map(Unmanaged.passUnretained) }
    }
    /// The superview, unretained: walks up the hierarchy read and compare through it without
    /// taking a reference to each ancestor, which costs more than the walk.
    @exclusivity(unchecked) nonisolated(unsafe) var superviewStorage: Unmanaged<View>?

    /// The subviews, back to front.
    ///
    /// - Complexity: O(1), or O(n) once after subviews were removed.
    public var subviews: [View] { subviewList.elements }

    /// Whether the view has subviews, without reading them.
    ///
    /// - Complexity: O(1).
    package var hasSubviews: Bool { !subviewList.isEmpty }

    /// The subviews, with their positions for removal in O(1); changed only on the main actor,
    /// and read by the deinitialiser, which is not isolated.
    @exclusivity(unchecked) nonisolated(unsafe) var subviewList = ObjectList<SubviewPosition>()
    /// The view's position in its superview's ``subviews``, changed only on the main actor.
    @exclusivity(unchecked) nonisolated(unsafe) var positionInSuperview = -1

    // The state below is the views' bookkeeping, kept here with the other pointers and counts:
    // stored properties are laid out in the order they are declared, and the one-byte flags
    // (``needsDisplay``, ``needsLayout`` and the like) come last, together, so that a view
    // has no padding between fields.

    /// Storage for the constraint-layout item, created on first use; changed only on the main
    /// actor, and read by the deinitialiser, which is not isolated.
    @exclusivity(unchecked) nonisolated(unsafe) var layoutItemStorage: LayoutItem?

    /// The view's drawing as a window keeps it for backends that retain segments.
    @exclusivity(unchecked) var segment: ViewSegment?
    /// The subviews whose drawing, or drawing below them, changed since the last retained
    /// frame, in the order they were marked.
    @exclusivity(unchecked) var subviewsNeedingDisplay: [View] = []

    /// The flexbox style, out of line: most views have none, and a style is large. Layout
    /// reads it in place rather than through ``flexStyle``, which copies it whole, and makes
    /// its flex nodes share it.
    @exclusivity(unchecked) package private(set) var flexStyleStorage: FlexStyleStorage?

    /// The flex tree of the view's last flexbox layout of its subviews, kept for the next one,
    /// which readies its nodes again rather than making them anew while the subviews below
    /// are the same views in the same order. A view leaving this view, or a view below it,
    /// discards it: its nodes hold their views.
    @exclusivity(unchecked) package internal(set) var flexTree: FlexNode?

    /// The subviews that need layout or have a view below them that does, in the order they
    /// were marked.
    @exclusivity(unchecked) var subviewsNeedingLayout: [View] = []

    /// Creates a view with a frame in its future superview's coordinates.
    public init(frame: Rect = .zero) {
        let standard = frame.isNull ? Rect.zero : frame.standardized
        centerStorage = Point(x: standard.midX, y: standard.midY)
        boundsStorage = Rect(size: standard.size)
        layoutItemStorage = nil
    }

    deinit {
        subviewList.visitElements { $0.superview = nil }
        // The item may outlive the view (its parent item holds it); its callback must not.
        layoutItemStorage?.constraintsDidChange = nil
    }

    // MARK: Appearance

    /// The opacity of the view and its subviews, in `0...1`; below 0.01 the view is not hit.
    @exclusivity(unchecked) public var alpha: Double = 1 {
        didSet {
            let clamped = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
            if clamped != alpha { alpha = clamped }
            setNeedsDisplay()
            recordAnimatedChange(.alpha, from: .number(oldValue), to: .number(alpha))
        }
    }

    /// The radius of the corners of the background, border and (with ``clipsToBounds``) the
    /// clip.
    @exclusivity(unchecked) public var cornerRadius: Double = 0 {
        didSet {
            setNeedsDisplay()
            recordAnimatedChange(.cornerRadius, from: .number(oldValue), to: .number(cornerRadius))
        }
    }

    /// The colour filling the bounds, behind the content and subviews.
    @exclusivity(unchecked) public var backgroundColor: Color? {
        didSet {
            setNeedsDisplay()
            recordAnimatedChange(
                .backgroundColor, from: .color(oldValue), to: .color(backgroundColor))
            backgroundColorDidChange()
        }
    }

    /// Called after ``backgroundColor`` is assigned; controls that drive it from their state
    /// override it to tell the user's colour from their own.
    func backgroundColorDidChange() {}

    // Declared after the background colour, whose optional leaves room after its flag for
    // this flag and ``clipsToBounds``.
    /// Whether the view and its subviews are hidden: not drawn and not hit.
    @exclusivity(unchecked) public var isHidden = false {
        didSet { if isHidden != oldValue { setNeedsDisplay() } }
    }

    /// The width of the border drawn inside the bounds.
    public var borderWidth: Double {
        get { extras?.borderWidth ?? 0 }
        set {
            madeExtras.borderWidth = newValue
            setNeedsDisplay()
        }
    }

    /// The colour of the border.
    public var borderColor: Color {
        get { extras?.borderColor ?? .black }
        set {
            madeExtras.borderColor = newValue
            setNeedsDisplay()
        }
    }

    /// Whether subviews and content are clipped to the bounds (rounded by the corner radius), as
    /// `clipsToBounds` / `layer.masksToBounds`.
    @exclusivity(unchecked) public var clipsToBounds = false {
        didSet { setNeedsDisplay() }
    }

    /// A gradient drawn over the background colour, as a `CAGradientLayer` at index 0.
    public var gradient: Gradient? {
        get { extras?.gradient }
        set {
            madeExtras.gradient = newValue
            setNeedsDisplay()
        }
    }

    /// The shadow cast by the view's background.
    public var shadow: Shadow? {
        get { extras?.shadow }
        set {
            madeExtras.shadow = newValue
            setNeedsDisplay()
        }
    }

    /// The tint colour; `nil` inherits the superview's, and the window's default is blue.
    public var tintColor: Color? {
        get { extras?.tintColor }
        set {
            madeExtras.tintColor = newValue
            tintColorDidChange()
        }
    }

    /// What most views leave unset (a transform, a border, a gradient, a shadow, a tint, a tag,
    /// a layout error), kept out of line so that a plain view is small: with its flags packed
    /// (see its bookkeeping), a view of a large scene takes 256 bytes of memory instead of
    /// 416.
    @exclusivity(unchecked) private var extras: ViewExtras?

    /// The view's extras, made on first use.
    private var madeExtras: ViewExtras {
        if let extras { return extras }
        let created = ViewExtras()
        extras = created
        return created
    }

    /// The tint colour in effect: this view's, else the nearest ancestor's, else system blue.
    public var effectiveTintColor: Color {
        var view: View? = self
        while let current = view {
            if let tint = current.tintColor { return tint }
            view = current.superview
        }
        return View.systemTint
    }

    /// The default tint, UIKit's system blue.
    public static let systemTint = Color(red: 0, green: 122.0 / 255, blue: 1)

    /// Called when the effective tint colour may have changed.
    open func tintColorDidChange() {
        setNeedsDisplay()
        for subview in subviews where subview.tintColor == nil { subview.tintColorDidChange() }
    }

    /// A number to find the view by, as `UIView.tag`.
    public var tag: Int {
        get { extras?.tag ?? 0 }
        set { madeExtras.tag = newValue }
    }

    /// An identifier for tests and automation; never read aloud.
    @exclusivity(unchecked) public var accessibilityIdentifier: String?

    // MARK: Accessibility (see Accessibility/View+Accessibility.swift)

    /// The accessibility settings assigned to the view, out of line: most views have none.
    @exclusivity(unchecked) package var accessibilityStorage: AccessibilityStorage?

    /// Whether assistive technologies treat the view as one element, whose subviews they then
    /// ignore; `false` by default, `true` for labels with text and for controls, as in UIKit.
    ///
    /// A view that is not an element is a container: its subviews' elements are read instead.
    open var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? false }
        set { accessibilitySettings.isElement = newValue }
    }

    /// What the element is, in a few words ("Save"); a control's default comes from its
    /// content, as a button's title. Assigning a value replaces the default, `nil` restores it.
    open var accessibilityLabel: String? {
        get { accessibilityStorage?.label }
        set { accessibilitySettings.label = newValue }
    }

    /// What activating the element does ("Saves the document"), read after the traits.
    open var accessibilityHint: String? {
        get { accessibilityStorage?.hint }
        set { accessibilitySettings.hint = newValue }
    }

    /// The element's current value ("30%"); value controls give their own by default.
    open var accessibilityValue: String? {
        get { accessibilityStorage?.value }
        set { accessibilitySettings.value = newValue }
    }

    /// What the element is and how it behaves; controls give UIKit's traits by default, and
    /// an assigned value replaces them whole.
    open var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? [] }
        set { accessibilitySettings.traits = newValue }
    }

    /// The element's rectangle in window coordinates: by default the bounds converted to the
    /// window (the root of the hierarchy); an assigned rectangle stays where it was put.
    ///
    /// - Complexity: O(depth) for the default.
    open var accessibilityFrame: Rect {
        get { accessibilityStorage?.frame ?? convert(bounds, to: nil) }
        set { accessibilitySettings.frame = newValue }
    }

    /// The elements of this container in reading order, replacing its subviews' elements:
    /// views and ``AccessibilityElement``s; `nil` (the default) reads the subviews.
    open var accessibilityElements: [any Accessible]? {
        get { accessibilityStorage?.elements }
        set { accessibilitySettings.elements = newValue }
    }

    /// Whether the elements in this view and below it are hidden from assistive technologies,
    /// though they are drawn and hit.
    open var accessibilityElementsHidden: Bool {
        get { accessibilityStorage?.elementsHidden ?? false }
        set { accessibilitySettings.elementsHidden = newValue }
    }

    /// Whether this container's elements are read together, in their own order, rather than
    /// mixed with the elements around them by position.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityStorage?.groupsChildren ?? false }
        set { accessibilitySettings.groupsChildren = newValue }
    }

    /// What kind of container the view is to assistive technologies, as UIKit's
    /// `accessibilityContainerType`: ``AccessibilityContainerType/none`` by default; a view that
    /// lists items (TrellisGrid's `CollectionView`) says ``AccessibilityContainerType/list``.
    /// A bridge to a platform's accessibility API gives the container and its items roles by
    /// it (AT-SPI's `list` and `list item`).
    open var accessibilityContainerType: AccessibilityContainerType {
        get { accessibilityStorage?.containerType ?? .none }
        set { accessibilitySettings.containerType = newValue }
    }

    /// Whether the view is modal: while it is shown, assistive technologies ignore the
    /// elements of its siblings, as VoiceOver does; an ``Overlay`` marks its content so.
    open var accessibilityViewIsModal: Bool {
        get { accessibilityStorage?.isModal ?? false }
        set { accessibilitySettings.isModal = newValue }
    }

    /// The actions offered on the element besides activation, such as "Delete".
    open var accessibilityCustomActions: [AccessibilityCustomAction] {
        get { accessibilityStorage?.customActions ?? [] }
        set { accessibilitySettings.customActions = newValue }
    }

    /// Activates the element, as a double tap with VoiceOver; returns whether it did anything.
    /// The default does nothing and returns `false`; controls act as a tap would.
    open func accessibilityActivate() -> Bool { false }

    /// Steps an adjustable element's value up; the default does nothing.
    open func accessibilityIncrement() {}

    /// Steps an adjustable element's value down; the default does nothing.
    open func accessibilityDecrement() {}

    /// Whether the view and its subviews receive touches.
    @exclusivity(unchecked) public var isUserInteractionEnabled = true

    /// The layout direction of this view, or `nil` to inherit its superview's (the window's by
    /// default).
    @exclusivity(unchecked) public var layoutDirection: LayoutDirection? {
        didSet {
            guard layoutDirection != oldValue else { return }
            existingLayoutItem?.layoutDirection = layoutDirection
            setNeedsLayout()
            setSubtreeNeedsDisplay()
        }
    }

    /// The layout direction in effect for this view.
    public var effectiveLayoutDirection: LayoutDirection {
        var view: View? = self
        while let current = view {
            if let direction = current.layoutDirection { return direction }
            view = current.superview
        }
        return .leftToRight
    }

    /// The semantic content attribute as last set (``layoutDirection`` holds its effect).
    @exclusivity(unchecked) var semanticContentAttributeStorage: SemanticContentAttribute =
        .unspecified

    /// Whether a redraw was requested since the last render, for this view or one below it.
    @exclusivity(unchecked) public internal(set) var needsDisplay = true

    /// Whether the view is in its superview's ``subviewsNeedingDisplay``.
    @exclusivity(unchecked) var isListedForDisplay = false

    /// Whether the superview's drawing depends on this view's geometry and content (a button's
    /// hint says where its title label and image view are), so that a change to this view
    /// records the superview again too.
    @exclusivity(unchecked) var invalidatesSuperviewDrawing = false

    /// Marks the view's drawing as changed, and its window as needing a new frame.
    ///
    /// - Complexity: O(depth).
    public func setNeedsDisplay() {
        segment?.isValid = false
        if invalidatesSuperviewDrawing { superview?.segment?.isValid = false }
        needsDisplay = true
        // Uncounted: the walk holds each ancestor only while its subview holds it.
        unowned(unsafe) var child = self
        while let next = child.superviewStorage {
            unowned(unsafe) let parent = next.takeUnretainedValue()
            if !child.isListedForDisplay {
                child.isListedForDisplay = true
                parent.listForDisplay(child)
            }
            parent.needsDisplay = true
            child = parent
        }
    }

    /// Marks the drawing of the view and of every view below it as changed: for a change that
    /// descendants inherit, such as the layout direction that aligns their natural text.
    ///
    /// - Complexity: O(depth + subtree size).
    func setSubtreeNeedsDisplay() {
        setNeedsDisplay()
        var pending = [self]
        while let parent = pending.popLast() {
            for child in parent.subviews {
                child.segment?.isValid = false
                child.needsDisplay = true
                if !child.isListedForDisplay {
                    child.isListedForDisplay = true
                    parent.listForDisplay(child)
                }
                pending.append(child)
            }
        }
    }

    /// Lists a subview as changed. A list starts with room for the subviews of a small
    /// view at once: when one subview changes, its siblings often follow (a layout pass
    /// moves them all), and growing one at a time would allocate at each doubling.
    func listForDisplay(_ subview: View) {
        if subviewsNeedingDisplay.isEmpty {
            subviewsNeedingDisplay.reserveCapacity(min(subviewList.count, 16))
        }
        subviewsNeedingDisplay.append(subview)
    }

    /// Lists a subview as needing layout, with room made as ``listForDisplay(_:)`` makes it.
    func listForLayout(_ subview: View) {
        if subviewsNeedingLayout.isEmpty {
            subviewsNeedingLayout.reserveCapacity(min(subviewList.count, 16))
        }
        subviewsNeedingLayout.append(subview)
    }

    /// Takes the subviews listed as changed since the last retained frame and clears the list.
    func takeSubviewsNeedingDisplay() -> [View] {
        var listed = subviewsNeedingDisplay
        subviewsNeedingDisplay = []
        for view in listed { view.isListedForDisplay = false }
        listed.removeAll { $0.superview !== self }
        return listed
    }

    /// The view's flexbox style, as CSS gives an element: with a style, the view lays its
    /// subviews out by flexbox (its own style is the container's) and its properties as a flex
    /// item (grow, shrink, basis, margins, alignment) apply inside a superview that has one.
    public var flexStyle: FlexStyle? {
        get { flexStyleStorage?.style }
        set { setFlexStyle(storage: newValue.map(SharedFlexStyles.storage(for:))) }
    }

    /// Sets the flexbox style to a stored one, which other views may share as it never changes.
    package func setFlexStyle(storage: FlexStyleStorage?) {
        flexStyleStorage = storage
        setNeedsLayout()
        superview?.setNeedsLayoutForContent()
    }

    /// The message of the last layout that failed (a flex tree too deep, say), or `nil`.
    public internal(set) var lastLayoutError: String? {
        get { extras?.lastLayoutError }
        set {
            // Every flex layout that succeeds clears it: that makes no extras.
            guard newValue != nil || extras != nil else { return }
            madeExtras.lastLayoutError = newValue
        }
    }

    // MARK: Layout state

    /// Whether ``layoutSubviews()`` should run at the next layout pass.
    @exclusivity(unchecked) public internal(set) var needsLayout = true

    /// Whether the view is in its superview's ``subviewsNeedingLayout``.
    @exclusivity(unchecked) var isListedForLayout = false

    // MARK: Hierarchy hooks

    /// Called before the view moves to a new superview (`nil` when it is removed).
    open func willMove(toSuperview newSuperview: View?) {}

    /// Called after the view moved to a new superview or was removed.
    open func didMoveToSuperview() {}

    /// Called after the view's window changed.
    open func didMoveToWindow() {}

    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}

    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Layout

    /// Lays out the view and its subtree now if any of it needs layout: the view itself first,
    /// then each subview, as `UIView.layoutIfNeeded()`.
    ///
    /// - Complexity: O(the views that need layout and their ancestors below this view), plus
    ///   what their ``layoutSubviews()`` does.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        guard !subviewsNeedingLayout.isEmpty else { return }
        for subview in takeSubviewsNeedingLayout() where subview.subtreeNeedsLayout {
            subview.layoutIfNeeded()
        }
    }

    /// The runs of text this view will measure at the next layout, so that a window can measure
    /// a whole pass's text in one batch. The default is none.
    open var textRunsToMeasure: [TextRun] { [] }

    /// Called when the window's text metrics change (its backend switched): views with text
    /// measure again. The default passes the call to the subviews.
    open func textMetricsDidChange() {
        for subview in subviews { subview.textMetricsDidChange() }
    }

    /// Lays out subviews; the default lays out children by flexbox when `flexStyle` is set
    /// and applies constraints otherwise. Override it to place subviews by hand, as UIKit code
    /// does.
    open func layoutSubviews() {
        performAutomaticLayout()
    }

    /// Returns the size that best fits the given size; the default returns the current size,
    /// as UIKit's does.
    open func sizeThatFits(_ size: Size) -> Size {
        bounds.size
    }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
    open func sizeToFit() {
        let fitting = sizeThatFits(bounds.size)
        guard fitting.isFinite else { return }
        frame = Rect(
            origin: frame.origin,
            size: Size(width: max(0, fitting.width), height: max(0, fitting.height)))
    }

    /// The distances from the top edge to the first and last baselines of the view's text, for
    /// baseline constraints; `nil` (the default) puts a baseline at the bottom edge.
    open var baselineOffsetsFromTop: (first: Double?, last: Double?) { (nil, nil) }

    /// The distance from the top edge to the first baseline of the view's text when the view
    /// is `size` big, for flexbox baseline alignment (`alignItems: .baseline`); `nil` puts the
    /// baseline at the bottom edge. The default answers the first of
    /// ``baselineOffsetsFromTop``; a view whose text moves with its size (a label centres its
    /// text vertically) answers for the size.
    open func firstBaselineOffsetFromTop(in size: Size) -> Double? {
        baselineOffsetsFromTop.first
    }

    /// The natural size of the view's content; ``View/noIntrinsicMetric`` in a dimension
    /// without one.
    open var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// The value of a dimension of ``intrinsicContentSize`` that has no natural size (-1).
    public static let noIntrinsicMetric = -1.0

    // MARK: Drawing

    /// Draws the view's own content in its coordinates, after its background and before its
    /// subviews. The default draws nothing.
    open func draw(in context: DrawingContext) {}

    /// What the view shows, for backends that draw controls for character cells: the
    /// controls describe themselves (a switch and whether it is on, a slider and its value),
    /// a label its text's frame and truncation. The default is `nil`.
    ///
    /// When it is set, the view's drawing (background, content, subviews and border) is
    /// recorded between `DisplayCommand.beginSemantic(_:)` and
    /// `DisplayCommand.endSemantic`. Pixel backends draw exactly what they drew without it;
    /// the terminal backend draws the control with cell glyphs inside the hint's frame.
    open var semanticHint: SemanticHint? { nil }

    // MARK: Hit testing

    /// Returns the farthest descendant (or this view) that contains a point in this view's
    /// coordinates, skipping hidden, transparent (alpha below 0.01) and non-interactive views,
    /// as `UIView.hitTest(_:with:)`.
    open func hitTest(_ point: Point) -> View? {
        // As in UIKit, hit-testing uses the model values, and a view animated by a block that
        // did not allow user interaction takes no touches until its animation ends.
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, !isAnimatingWithoutInteraction,
            self.point(inside: point)
        else {
            return nil
        }
        for subview in subviews.reversed() {
            let local = point.applying(subview.transformToSuperview.inverted() ?? .identity)
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }

    /// Handles a touch in this view's coordinates; returns whether the view takes it.
    ///
    /// A view that takes a touch's `began` phase receives the rest of that touch. The default
    /// takes nothing, so the touch goes to the superview.
    open func handleTouch(_ touch: Touch) -> Bool {
        false
    }

    // MARK: Keyboard

    /// Whether the view can take keyboard focus (Tab moves between such views). The default is
    /// `false`; enabled controls and text fields can.
    open var canBecomeFocused: Bool { false }

    /// Handles a key while the view has focus, or while a subview that did not handle it has;
    /// returns whether the key was used. The default uses none.
    open func handleKey(_ key: KeyInput) -> Bool {
        false
    }

    /// Called after the view gained keyboard focus.
    open func didBecomeFocused() {}

    /// Called after the view lost keyboard focus.
    open func didResignFocus() {}

    /// Whether a point in this view's coordinates is inside the view: within the bounds.
    open func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }

    // MARK: Description

    /// The attributes a hierarchy description shows for this view after its type and frame,
    /// such as `hidden` or `label="Save"`. Subclasses add their own (state, title, text) to
    /// the superclass's.
    open var debugAttributes: [String] {
        var attributes: [String] = []
        if isHidden { attributes.append("hidden") }
        if alpha < 1 { attributes.append("alpha=\(alpha)") }
        if let accessibilityIdentifier { attributes.append("id=\(accessibilityIdentifier)") }
        if let label = accessibilityStorage?.label { attributes.append("label=\"\(label)\"") }
        return attributes
    }
}

/// What a view rarely sets: its transform, border, gradient, shadow, tint, tag and last layout
/// error.
private final class ViewExtras {
    var transform = AffineTransform.identity
    var borderWidth = 0.0
    var borderColor = Color.black
    var gradient: Gradient?
    var shadow: Shadow?
    var tintColor: Color?
    var tag = 0
    var lastLayoutError: String?
}
