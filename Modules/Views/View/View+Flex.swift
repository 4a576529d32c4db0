import TrellisGeometry
import TrellisLayout

extension View {
    /// Lays the subviews out by flexbox inside the bounds, when the view has a flex style.
    ///
    /// Subviews with a flex style of their own and subviews take part as nested containers, so
    /// that their content sizes them as CSS would; every other subview is a leaf measured with
    /// ``sizeThatFits(_:)`` at the width flexbox offers, whose first baseline (for
    /// `alignItems: .baseline`) is ``firstBaselineOffsetFromTop(in:)`` at its laid-out size.
    func layoutFlexChildren() {
        guard let style = flexStyle, !subviews.isEmpty else { return }
        var containerStyle = style
        containerStyle.width = .points(bounds.width)
        containerStyle.height = .points(bounds.height)
        let root = FlexNode(style: containerStyle)
        var placed: [(View, FlexNode)] = []
        do {
            for subview in subviews {
                let node = View.flexNode(for: subview, depth: 1)
                try root.appendChild(node)
                placed.append((subview, node))
            }
            try root.calculateLayout(
                availableWidth: .definite(bounds.width), availableHeight: .definite(bounds.height),
                direction: effectiveLayoutDirection, rounding: .pixels(scale: window?.scale ?? 1))
            lastLayoutError = nil
        } catch {
            lastLayoutError = "\(error)"
            return
        }
        for (subview, node) in placed {
            let frame = node.layout.frame
            guard frame.isFinite else { continue }
            subview.frame = frame.offsetBy(dx: bounds.minX, dy: bounds.minY)
        }
    }

    private static func flexNode(for view: View, depth: Int) -> FlexNode {
        let node = FlexNode(style: view.flexStyle ?? FlexStyle())
        if view.flexStyle != nil, !view.subviews.isEmpty, depth < 200 {
            for subview in view.subviews {
                try? node.appendChild(flexNode(for: subview, depth: depth + 1))
            }
        } else {
            // The node lives only for this layout pass, so it can hold the view: a weak
            // reference would give every leaf view a side table.
            node.measure = { request in
                MainActor.assumeIsolated {
                    let width = request.knownWidth ?? request.availableWidth.definiteValue ?? 0
                    let height = request.knownHeight ?? 0
                    let size = view.sizeThatFits(Size(width: max(0, width), height: max(0, height)))
                    return Size(
                        width: size.width.isFinite ? max(0, size.width) : 0,
                        height: size.height.isFinite ? max(0, size.height) : 0)
                }
            }
            node.baseline = { size in
                MainActor.assumeIsolated {
                    guard let offset = view.firstBaselineOffsetFromTop(in: size), offset.isFinite
                    else { return size.height }
                    return offset
                }
            }
        }
        return node
    }
}
