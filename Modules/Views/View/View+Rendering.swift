import TrellisCore
import TrellisGeometry
public import TrellisRender

extension View {
    /// Lays out the view's subtree and records it alone as a display list whose canvas is the
    /// view's bounds: its position in a superview and its own transform are left out.
    ///
    /// Snapshot tests use it to draw one component without a window.
    public func makeDisplayList(scale: Double = 1) -> DisplayList {
        layoutIfNeeded()
        let context = DrawingContext(size: bounds.size, scale: scale)
        render(into: context, asRoot: true)
        return context.list
    }

    /// Records the view and its subtree into a drawing context, in the superview's coordinates.
    ///
    /// The order follows Core Animation: shadow, background colour, gradient, the view's own
    /// content, subviews (clipped when ``clipsToBounds`` is set), then the border on top. A view
    /// with an alpha below 1 is drawn as a group with that opacity. Hidden and fully
    /// transparent views draw nothing.
    func render(into context: DrawingContext, asRoot: Bool = false) {
        needsDisplay = false
        let shown = presentation
        guard !isHidden, shown.alpha > 0 else { return }
        let toSuperview =
            asRoot
            ? AffineTransform(translationX: -bounds.minX, y: -bounds.minY)
            : shown.transformToSuperview
        guard toSuperview.a.isFinite, toSuperview.d.isFinite, toSuperview.tx.isFinite,
            toSuperview.ty.isFinite
        else { return }
        context.append(.save)
        if !toSuperview.isIdentity { context.append(.concatenate(toSuperview)) }
        let grouped = shown.alpha < 1
        if grouped { context.append(.beginLayer(alpha: shown.alpha)) }
        let hint = drawingHint
        if let hint { context.append(.beginSemantic(hint)) }
        renderBackground(into: context, shown)
        if clipsToBounds {
            context.append(.save)
            if shown.cornerRadius > 0 {
                context.append(
                    .clipRoundedRect(shown.bounds, radii: .uniform(shown.cornerRadius)))
            } else {
                context.append(.clipRect(shown.bounds))
            }
        }
        draw(in: context)
        context.drawSubviews(of: self)
        if clipsToBounds { context.append(.restore) }
        context.strokeInside(
            shown.bounds, color: borderColor, width: borderWidth,
            cornerRadius: shown.cornerRadius)
        if hint != nil { context.append(.endSemantic) }
        if grouped { context.append(.endLayer) }
        context.append(.restore)
    }

    /// The hint the view's drawing is recorded in: its own, or a focus ring when it has the
    /// window's keyboard focus and says nothing of itself (unless it fills the window, where a
    /// ring would mark nothing but the screen's corners).
    private var drawingHint: SemanticHint? {
        if let hint = semanticHint { return hint }
        guard let window, window.focusedView === self, bounds.isFinite,
            bounds.width < window.bounds.width || bounds.height < window.bounds.height
        else { return nil }
        return SemanticHint(frame: bounds, kind: .focusRing, state: .focused)
    }

    private func renderBackground(into context: DrawingContext, _ shown: Presentation) {
        let area = shown.bounds
        let backgroundColor = shown.backgroundColor
        let cornerRadius = shown.cornerRadius
        if let shadow, shadow.opacity > 0, backgroundColor != nil || gradient != nil {
            let color = shadow.color.withAlphaComponent(
                shadow.color.alpha * min(max(shadow.opacity, 0), 1))
            context.append(.save)
            context.append(
                .shadow(color: color, offset: shadow.offset, blur: max(0, shadow.radius)))
            context.fill(
                area, color: backgroundColor ?? gradient?.colors.first ?? .clear,
                cornerRadius: cornerRadius)
            context.append(.restore)
        }
        if let backgroundColor {
            context.fill(area, color: backgroundColor, cornerRadius: cornerRadius)
        }
        if let gradient, !gradient.colors.isEmpty, area.isFinite, !area.isEmpty {
            context.append(.save)
            if cornerRadius > 0 {
                context.append(.clipRoundedRect(area, radii: .uniform(cornerRadius)))
            } else {
                context.append(.clipRect(area))
            }
            let start = Point(
                x: area.minX + gradient.startPoint.x * area.width,
                y: area.minY + gradient.startPoint.y * area.height)
            let end = Point(
                x: area.minX + gradient.endPoint.x * area.width,
                y: area.minY + gradient.endPoint.y * area.height)
            if start.isFinite && end.isFinite {
                context.append(.linearGradient(area, start: start, end: end, stops: gradient.stops))
            }
            context.append(.restore)
        }
    }
}
