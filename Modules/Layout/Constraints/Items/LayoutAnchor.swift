/// The kind of a ``LayoutAnchor``: which anchors it can be related to.
public protocol LayoutAnchorKind {}

/// Anchors on the horizontal axis: leading, trailing, left, right, centerX.
public enum LayoutXAxisKind: LayoutAnchorKind {}
/// Anchors on the vertical axis: top, bottom, centerY and the baselines.
public enum LayoutYAxisKind: LayoutAnchorKind {}
/// Size anchors: width and height.
public enum LayoutDimensionKind: LayoutAnchorKind {}

/// An anchor for the horizontal position of an item, as `NSLayoutXAxisAnchor`.
public typealias LayoutXAxisAnchor = LayoutAnchor<LayoutXAxisKind>
/// An anchor for the vertical position of an item, as `NSLayoutYAxisAnchor`.
public typealias LayoutYAxisAnchor = LayoutAnchor<LayoutYAxisKind>
/// An anchor for the size of an item, as `NSLayoutDimension`.
public typealias LayoutDimension = LayoutAnchor<LayoutDimensionKind>

/// One attribute of one ``LayoutItem``, from which constraints are made, as `NSLayoutAnchor`.
///
/// Anchors of different kinds cannot be related: the type system keeps an x position from
/// being constrained to a y position or to a width.
///
/// ```swift
/// title.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 8)
/// title.widthAnchor.constraint(lessThanOrEqualTo: container.widthAnchor, multiplier: 0.5)
/// save.heightAnchor.constraint(greaterThanOrEqualToConstant: 44)
/// ```
public struct LayoutAnchor<Kind: LayoutAnchorKind> {
    /// The item the anchor belongs to.
    public let item: LayoutItem
    /// The attribute of the item.
    public let attribute: LayoutAttribute

    /// Returns an inactive constraint that makes this anchor equal to another, plus a constant.
    public func constraint(equalTo anchor: LayoutAnchor<Kind>, constant: Double = 0)
        -> LayoutConstraint
    {
        make(.equal, anchor, multiplier: 1, constant: constant)
    }

    /// Returns an inactive constraint that keeps this anchor at least at another plus a constant.
    public func constraint(
        greaterThanOrEqualTo anchor: LayoutAnchor<Kind>, constant: Double = 0
    ) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    /// Returns an inactive constraint that keeps this anchor at most at another plus a constant.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<Kind>, constant: Double = 0)
        -> LayoutConstraint
    {
        make(.lessThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    func make(
        _ relation: LayoutRelation, _ anchor: LayoutAnchor<Kind>?, multiplier: Double,
        constant: Double
    ) -> LayoutConstraint {
        LayoutConstraint(
            uncheckedItem: item, attribute: attribute, relatedBy: relation,
            toItem: anchor?.item, attribute: anchor?.attribute ?? .notAnAttribute,
            multiplier: multiplier, constant: constant)
    }
}

extension LayoutAnchor where Kind == LayoutDimensionKind {
    /// Returns an inactive constraint that makes this size equal to a constant.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        make(.equal, nil, multiplier: 1, constant: constant)
    }

    /// Returns an inactive constraint that keeps this size at least a constant.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// Returns an inactive constraint that keeps this size at most a constant.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// Returns an inactive constraint that makes this size a multiple of another plus a constant.
    public func constraint(
        equalTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0
    ) -> LayoutConstraint {
        make(.equal, anchor, multiplier: multiplier, constant: constant)
    }

    /// Returns an inactive constraint that keeps this size at least a multiple of another plus a
    /// constant.
    public func constraint(
        greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0
    ) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    /// Returns an inactive constraint that keeps this size at most a multiple of another plus a
    /// constant.
    public func constraint(
        lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0
    ) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
}
