import Trellis
import TrellisTextRenderer

/// Prepares views for snapshots: lays them out and records them alone.
@MainActor
enum SnapshotHost {
    /// Lays out the view's subtree.
    static func prepare(_ view: View) {
        view.layoutIfNeeded()
    }

    /// Runs `body` with the view laid out by a backend's text metrics: a window switches to the
    /// backend; any other view moves for the duration into a window of its size that uses it,
    /// and then goes back where it was.
    static func withBackend<T>(_ backend: any Backend, _ view: View, _ body: () -> T) -> T {
        if let window = view as? Window {
            let previous = window.backend
            window.backend = backend
            defer { window.backend = previous }
            return body()
        }
        let superview = view.superview
        let index = superview?.subviews.firstIndex { $0 === view }
        let frame = view.frame
        let host = Window(size: view.bounds.size, backend: backend)
        host.addSubview(view)
        view.frame = Rect(origin: .zero, size: frame.size)
        defer {
            view.removeFromSuperview()
            if let superview, let index { superview.insertSubview(view, at: index) }
            view.frame = frame
            view.textMetricsDidChange()
        }
        return body()
    }

    /// The view's display list at a scale; a window uses its own scale when `scale` is nil.
    static func displayList(of view: View, scale: Double? = nil) -> DisplayList {
        if let window = view as? Window, scale == nil { return window.makeDisplayList() }
        return view.makeDisplayList(scale: scale ?? 1)
    }
}

/// The recursive description behind ``Snapshotting/hierarchy``.
@MainActor
enum HierarchyDescription {
    /// One line per view, indented two spaces per level.
    static func describe(_ view: View) -> String {
        var lines: [String] = []
        append(view, depth: 0, to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func append(_ view: View, depth: Int, to lines: inout [String]) {
        let frame = view.frame
        let numbers = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
            .map(TextFormat.number).joined(separator: " ")
        var line = String(repeating: "  ", count: depth) + "\(type(of: view)) (\(numbers))"
        let attributes = view.debugAttributes
        if !attributes.isEmpty { line += " " + attributes.joined(separator: " ") }
        lines.append(line)
        for subview in view.subviews { append(subview, depth: depth + 1, to: &lines) }
    }
}
