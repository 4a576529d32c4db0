public import TrellisGeometry

extension View {
    /// The view's rectangle in its superview's coordinates.
    ///
    /// With an identity transform it is the bounds' size placed around the centre. With another
    /// transform it is the bounding box of the transformed bounds, and setting it, as in UIKit,
    /// only makes sense with the identity transform: it sets the centre and the bounds' size.
    public var frame: Rect {
        get { View.frame(bounds: bounds, center: center, transform: transform) }
        set {
            let standard = newValue.isNull ? Rect.zero : newValue.standardized
            var newBounds = bounds
            newBounds.size = standard.size
            setGeometry(center: Point(x: standard.midX, y: standard.midY), bounds: newBounds)
        }
    }

    /// The transform from this view's coordinates to its superview's.
    public var transformToSuperview: AffineTransform {
        View.transformToSuperview(bounds: bounds, center: center, transform: transform)
    }

    /// The rectangle a view of these bounds, centre and transform covers in its superview.
    nonisolated static func frame(bounds: Rect, center: Point, transform: AffineTransform) -> Rect {
        let local = Rect(
            x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width,
            height: bounds.height)
        let placed = transform.isIdentity ? local : local.applying(transform)
        return placed.offsetBy(dx: center.x, dy: center.y)
    }

    /// The transform from a view's coordinates to its superview's, for these bounds, centre
    /// and transform.
    nonisolated static func transformToSuperview(
        bounds: Rect, center: Point, transform: AffineTransform
    )
        -> AffineTransform
    {
        AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// The transform from this view's coordinates to the coordinates of the root of its
    /// hierarchy (the window).
    public var transformToRoot: AffineTransform {
        var result = AffineTransform.identity
        var view: View? = self
        while let current = view, let parent = current.superview {
            result = result.concatenating(current.transformToSuperview)
            view = parent
        }
        return result
    }

    /// Converts a point from this view's coordinates to another view's (`nil`: the root's).
    public func convert(_ point: Point, to view: View?) -> Point {
        let root = point.applying(transformToRoot)
        guard let view else { return root }
        return root.applying(view.transformToRoot.inverted() ?? .identity)
    }

    /// Converts a point from another view's coordinates (`nil`: the root's) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let root = view.map { point.applying($0.transformToRoot) } ?? point
        return root.applying(transformToRoot.inverted() ?? .identity)
    }

    /// Converts a rectangle from this view's coordinates to another view's (`nil`: the root's);
    /// with rotation the result is the bounding box.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        var t = transformToRoot
        if let view { t = t.concatenating(view.transformToRoot.inverted() ?? .identity) }
        return rect.applying(t)
    }

    /// Converts a rectangle from another view's coordinates (`nil`: the root's) to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        var t = view?.transformToRoot ?? .identity
        t = t.concatenating(transformToRoot.inverted() ?? .identity)
        return rect.applying(t)
    }
}
