/// Where a view or element is, written for people: the path an audit issue names.
@MainActor
enum AccessibilityPath {
    /// The views from `root` down to the source (from the top of its hierarchy when it is not
    /// below `root`), joined by `/`; an element that is not a view adds `element[i]`, its
    /// index in its container's elements.
    static func path(of source: any Accessible, from root: View) -> String {
        if let view = source as? View { return path(of: view, from: root) }
        guard let element = source as? AccessibilityElement,
            let container = element.accessibilityContainer
        else { return "element" }
        let index = container.accessibilityElements?.firstIndex { $0 === element }
        return path(of: container, from: root) + "/element" + (index.map { "[\($0)]" } ?? "")
    }

    /// The views from `root` (or the top of the hierarchy) down to `view`, joined by `/`.
    static func path(of view: View, from root: View) -> String {
        var components: [String] = []
        var current: View? = view
        while let step = current {
            let isLast = step === root || step.superview == nil
            components.append(isLast ? name(of: step) : component(of: step))
            if isLast { break }
            current = step.superview
        }
        return components.reversed().joined(separator: "/")
    }

    /// A view as `Type#identifier`, or `Type[index]` among its superview's subviews.
    static func component(of view: View) -> String {
        if view.accessibilityIdentifier != nil { return name(of: view) }
        guard let superview = view.superview,
            let index = superview.subviews.firstIndex(where: { $0 === view })
        else { return name(of: view) }
        return name(of: view) + "[\(index)]"
    }

    /// A view's type, with `#` and its accessibility identifier when it has one.
    static func name(of view: View) -> String {
        let type = String(describing: Swift.type(of: view))
        guard let identifier = view.accessibilityIdentifier else { return type }
        return type + "#" + identifier
    }
}
