@_spi(ObjectList) import TrellisLayout

extension View {
    /// The window the view is in, if any.
    public var window: Window? { View.window(above: Unmanaged.passUnretained(self)) }

    /// The window holding a view, found without taking a reference to each ancestor (and out
    /// of the main actor's isolation, which would check the executor at each step).
    private nonisolated static func window(above view: Unmanaged<View>) -> Window? {
        var next: Unmanaged<View>? = view
        while let current = next {
            let (window, parent) = current._withUnsafeGuaranteedRef {
                ($0 as? Window, $0.superviewStorage)
            }
            if let window { return window }
            next = parent
        }
        return nil
    }

    /// Adds a view at the front, removing it from its current superview first.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view at an index of ``subviews`` (clamped to the valid range), removing it from
    /// its current superview first.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        // A view without subviews is nobody's ancestor.
        precondition(
            !view.hasSubviews || !isDescendant(of: view),
            "adding an ancestor as a subview would make a cycle")
        if view.superview === self, subviewList.contains(view) {
            subviewList.remove(view)
            subviewList.insert(view, at: index)
            // Flexbox places subviews in this order.
            if flexStyleStorage != nil { setNeedsLayoutForContent() }
            setNeedsDisplay()
            return
        }
        // The window and text measurer before and after are read once each: a view's
        // measurer is its window's, and most views added have no superview, so no window
        // unless they are one.
        let oldWindow = view.superview == nil ? view as? Window : view.window
        let oldMeasurer = View.textMeasurer(in: oldWindow)
        view.willMove(toSuperview: self)
        view.detach()
        if index >= subviewList.count {
            subviewList.append(view)
        } else {
            subviewList.insert(view, at: index)
        }
        view.superview = self
        view.attachLayoutItem()
        view.didMoveToSuperview()
        let newWindow = view.window
        if newWindow !== oldWindow {
            view.propagateWindowChange()
            if View.textMeasurer(in: newWindow) !== oldMeasurer { view.textMetricsDidChange() }
        }
        didAddSubview(view)
        setNeedsLayoutForContent()
        if view.subtreeNeedsLayout { view.noteLayoutNeededBelowAncestors() }
        setNeedsDisplay()
    }

    /// Inserts a view just above (in front of) a sibling.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        insertSubview(view, relativeTo: sibling, offset: 1)
    }

    /// Inserts a view just below (behind) a sibling.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        insertSubview(view, relativeTo: sibling, offset: 0)
    }

    private func insertSubview(_ view: View, relativeTo sibling: View, offset: Int) {
        guard view !== sibling else { return }
        // The sibling's index once the view is out of the array, so that a reorder lands
        // next to the sibling.
        let others = subviews.filter { $0 !== view }
        let index = others.firstIndex { $0 === sibling }.map { $0 + offset } ?? subviews.count
        insertSubview(view, at: index)
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        let oldMeasurer = textMeasurer
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        detach()
        didMoveToSuperview()
        if oldWindow != nil { propagateWindowChange() }
        if textMeasurer !== oldMeasurer { textMetricsDidChange() }
        parent.setNeedsLayoutForContent()
        parent.setNeedsDisplay()
    }

    private func detach() {
        // The old superview's list may still name the view (it skips views that left), or the
        // old superview may be gone, having left the flag set.
        isListedForLayout = false
        isListedForDisplay = false
        guard let parent = superview else { return }
        parent.subviewList.remove(self)
        parent.discardFlexTreesAbove()
        superview = nil
        // The old superview no longer draws the view, and lays out without it.
        parent.setNeedsLayoutForContent()
        parent.setNeedsDisplay()
        removeConstraintsCrossing(from: parent)
    }

    /// Moves a subview to the front.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves a subview to the back.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Whether the view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        View.isDescendant(Unmanaged.passUnretained(self), of: Unmanaged.passUnretained(view))
    }

    /// Whether `ancestor` is `view` or one of its ancestors, found as ``window(above:)`` finds
    /// the window.
    private nonisolated static func isDescendant(
        _ view: Unmanaged<View>, of ancestor: Unmanaged<View>
    ) -> Bool {
        var next: Unmanaged<View>? = view
        while let current = next {
            if current.toOpaque() == ancestor.toOpaque() { return true }
            next = current._withUnsafeGuaranteedRef { $0.superviewStorage }
        }
        return false
    }

    /// The first view in this subtree (depth first, including this view) with a tag.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// The first view in this subtree with an accessibility identifier.
    public func view(withIdentifier identifier: String) -> View? {
        if accessibilityIdentifier == identifier { return self }
        for subview in subviews {
            if let found = subview.view(withIdentifier: identifier) { return found }
        }
        return nil
    }

    private func propagateWindowChange() {
        didMoveToWindow()
        for subview in subviews { subview.propagateWindowChange() }
    }
}

/// A view's position among its superview's subviews.
///
/// Lists of subviews are only changed on the main actor, like the views in them.
enum SubviewPosition: ObjectListPosition {
    static func position(of element: View) -> Int { element.positionInSuperview }
    static func setPosition(_ position: Int, of element: View) {
        element.positionInSuperview = position
    }
    static let placeholder: View = MainActor.assumeIsolated { View() }
}
