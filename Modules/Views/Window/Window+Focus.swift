public import TrellisEvents

extension Window {
    /// Gives keyboard focus to a view (or takes it away with `nil`); returns whether the view
    /// now has focus. Views that cannot be focused, or are not in this window, are refused.
    @discardableResult
    public func focus(_ view: View?) -> Bool {
        if view === focusedView { return view != nil }
        if let view, !(view.canBecomeFocused && view.window === self) { return false }
        let previous = focusedView
        focusedView = view
        previous?.didResignFocus()
        view?.didBecomeFocused()
        // The focused view's drawing carries its focus for backends that show it in cells.
        previous?.setNeedsDisplay()
        view?.setNeedsDisplay()
        return true
    }

    /// The views that can take focus, in the order Tab visits them: the tree's order, depth
    /// first, skipping hidden subtrees.
    public var focusableViews: [View] {
        var result: [View] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.isUserInteractionEnabled else { return }
            if view !== self && view.canBecomeFocused { result.append(view) }
            for subview in view.subviews { visit(subview) }
        }
        visit(self)
        return result
    }

    /// Delivers a key: Tab and Shift-Tab move focus; other keys go to the focused view and up
    /// its superviews until one handles them.
    ///
    /// - Returns: Whether a view used the key.
    @discardableResult
    public func dispatch(key: KeyInput) -> Bool {
        switch key {
        case .tab, .backTab:
            if let focused = focusedView, focused.handleKey(key) { return true }
            let views = focusableViews
            guard !views.isEmpty else { return false }
            let current = focusedView.flatMap { view in views.firstIndex { $0 === view } }
            let step = key == .tab ? 1 : -1
            let next: Int
            if let current {
                next = (current + step + views.count) % views.count
            } else {
                next = key == .tab ? 0 : views.count - 1
            }
            return focus(views[next])
        default:
            var view = focusedView
            while let current = view {
                if current.handleKey(key) { return true }
                view = current.superview
            }
            return false
        }
    }
}
