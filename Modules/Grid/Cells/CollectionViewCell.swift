public import TrellisEvents
public import TrellisGeometry
public import TrellisViews

/// A cell of a collection view, as UIKit's `UICollectionViewCell`: a content view for the
/// item's subviews, optional background views, and the highlighted and selected states with
/// the control-state look.
///
/// The collection view highlights a cell while a touch is down on it and selects it when the
/// touch ends there. The look follows the state: ``selectedBackgroundView`` shows while the cell
/// is highlighted or selected, per-state background colours (``setBackgroundColor(_:for:)``)
/// follow UIKit's per-state lookup, image views in the content view show their highlighted
/// image, and ``stateDidChange()`` lets a subclass restyle itself.
///
/// ```swift
/// cell.setBackgroundColor(.white, for: .normal)
/// cell.setBackgroundColor(Color(white: 0.85), for: .highlighted)
/// cell.setBackgroundColor(.systemBlue, for: .selected)
/// ```
@MainActor
open class CollectionViewCell: CollectionReusableView {
    /// The view to add the item's subviews to; it fills the cell, in front of the backgrounds.
    public let contentView = View()

    /// A view behind the content, filling the cell.
    public var backgroundView: View? {
        didSet { replace(oldValue, with: backgroundView, at: 0) }
    }

    /// A view shown behind the content while the cell is highlighted or selected.
    public var selectedBackgroundView: View? {
        didSet {
            replace(oldValue, with: selectedBackgroundView, at: backgroundView == nil ? 0 : 1)
            applyState()
        }
    }

    /// Whether the cell is selected; the collection view sets it.
    open var isSelected = false {
        didSet { if isSelected != oldValue { applyState() } }
    }

    /// Whether the cell is highlighted, as while a touch is down on it; the collection view sets
    /// it.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { applyState() } }
    }

    private var backgroundColors = StateValues<Color>()

    /// Creates a cell.
    public required init(frame: Rect = .zero) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    /// The cell's state: `.highlighted`, `.selected`, both, or `.normal`.
    public var state: ControlState {
        var state = ControlState.normal
        if isHighlighted { state.insert(.highlighted) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Sets the background colour for a state; the cell shows the colour for its exact state,
    /// else the normal one, as a button's per-state values.
    public func setBackgroundColor(_ color: Color?, for state: ControlState) {
        backgroundColors[state] = color
        applyState()
    }

    /// The background colour set for a state, with the normal fallback.
    public func backgroundColor(for state: ControlState) -> Color? {
        backgroundColors.value(for: state)
    }

    /// Called after ``isHighlighted`` or ``isSelected`` changed, once the look was updated;
    /// override it to restyle the cell. The default does nothing.
    open func stateDidChange() {}

    /// Clears the highlighted and selected states; the collection view sets them again for the
    /// new item.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isHighlighted = false
        isSelected = false
    }

    /// Makes the content and background views fill the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }

    /// The view's attributes plus the cell's state when it is not normal.
    open override var debugAttributes: [String] {
        var attributes = super.debugAttributes
        if state != .normal { attributes.append("state=\(state)") }
        return attributes
    }

    // MARK: Accessibility

    /// A cell is one accessibility element unless one was assigned otherwise: its content is
    /// read together, as UIKit reads a table cell.
    open override var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    /// The assigned label, else the labels and values of the elements in the content view, in
    /// reading order, joined by ", ".
    open override var accessibilityLabel: String? {
        get { accessibilityStorage?.label ?? contentView.combinedAccessibilityLabel }
        set { super.accessibilityLabel = newValue }
    }

    /// The assigned traits, else `AccessibilityTraits.selected` while the cell is selected.
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? (isSelected ? .selected : []) }
        set { super.accessibilityTraits = newValue }
    }

    /// Taps the cell at its activation point through its window, as VoiceOver does: the
    /// collection view selects its item.
    ///
    /// - Returns: Whether the cell was in a window that took the tap.
    open override func accessibilityActivate() -> Bool {
        performAccessibilityTap()
    }

    private func replace(_ old: View?, with new: View?, at index: Int) {
        if let old, old !== new { old.removeFromSuperview() }
        if let new {
            new.frame = bounds
            insertSubview(new, at: index)
        }
    }

    private func applyState() {
        let shows = isHighlighted || isSelected
        selectedBackgroundView?.isHidden = !shows
        if !backgroundColors.isEmpty { backgroundColor = backgroundColors.value(for: state) }
        highlightImages(in: contentView, shows)
        setNeedsDisplay()
        stateDidChange()
    }

    private func highlightImages(in view: View, _ highlighted: Bool) {
        for subview in view.subviews {
            (subview as? ImageView)?.isHighlighted = highlighted
            highlightImages(in: subview, highlighted)
        }
    }
}
