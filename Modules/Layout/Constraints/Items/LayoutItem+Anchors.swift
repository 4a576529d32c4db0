extension LayoutItem {
    /// The leading edge: left in a left-to-right layout, right in a right-to-left one.
    public var leadingAnchor: LayoutXAxisAnchor {
        LayoutXAxisAnchor(item: self, attribute: .leading)
    }
    /// The trailing edge: right in a left-to-right layout, left in a right-to-left one.
    public var trailingAnchor: LayoutXAxisAnchor {
        LayoutXAxisAnchor(item: self, attribute: .trailing)
    }
    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .right) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor {
        LayoutXAxisAnchor(item: self, attribute: .centerX)
    }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor {
        LayoutYAxisAnchor(item: self, attribute: .centerY)
    }
    /// The baseline of the first line of text; see ``firstBaselineOffsetFromTop``.
    public var firstBaselineAnchor: LayoutYAxisAnchor {
        LayoutYAxisAnchor(item: self, attribute: .firstBaseline)
    }
    /// The baseline of the last line of text; see ``lastBaselineOffsetFromTop``.
    public var lastBaselineAnchor: LayoutYAxisAnchor {
        LayoutYAxisAnchor(item: self, attribute: .lastBaseline)
    }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .height) }

    /// The distance from the top edge to the first baseline, supplied by the item's owner (a
    /// label knows its font); `nil`, the default, puts the baseline at the bottom edge, as for
    /// a view without text.
    public var firstBaselineOffsetFromTop: Double? {
        get { baselineOffsets.first }
        set {
            guard newValue != baselineOffsets.first else { return }
            baselineOffsets.first = newValue
            engine?.baselineDidChange(self)
        }
    }

    /// The distance from the top edge to the last baseline; `nil` puts it at the bottom edge.
    public var lastBaselineOffsetFromTop: Double? {
        get { baselineOffsets.last }
        set {
            guard newValue != baselineOffsets.last else { return }
            baselineOffsets.last = newValue
            engine?.baselineDidChange(self)
        }
    }
}
