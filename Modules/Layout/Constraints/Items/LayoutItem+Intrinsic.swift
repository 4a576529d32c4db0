public import TrellisGeometry

extension LayoutItem {
    /// The value of an intrinsic dimension that means "none", as `UIView.noIntrinsicMetric`.
    public static let noIntrinsicMetric: Double = -1

    /// The size the item's content wants, supplied by its owner (a label measures its text);
    /// ``noIntrinsicMetric`` in a dimension means none.
    ///
    /// For an item placed by constraints, each intrinsic dimension becomes two optional
    /// constraints, as in UIKit: `width <= intrinsic` at the content hugging priority and
    /// `width >= intrinsic` at the compression resistance priority (and the same for height).
    /// Changing the size updates their constants in place.
    public var intrinsicContentSize: Size {
        get { storedIntrinsicContentSize }
        set {
            let clean = Size(
                width: LayoutItem.cleanIntrinsic(newValue.width),
                height: LayoutItem.cleanIntrinsic(newValue.height))
            guard clean != storedIntrinsicContentSize else { return }
            storedIntrinsicContentSize = clean
            engine?.intrinsicDidChange(self)
        }
    }

    /// Tells the engine the intrinsic size may have changed, as UIKit's method; setting
    /// ``intrinsicContentSize`` already does, so this only exists for code ported from UIKit.
    public func invalidateIntrinsicContentSize() {
        engine?.intrinsicDidChange(self)
    }

    /// A dimension below zero, NaN or infinite means "none".
    static func cleanIntrinsic(_ value: Double) -> Double {
        value.isFinite && value >= 0
            ? min(value, ConstraintSolver.maximumMagnitude) : noIntrinsicMetric
    }

    /// How strongly the item resists growing beyond its intrinsic size along an axis (250 by
    /// default).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical
    }

    /// Sets how strongly the item resists growing beyond its intrinsic size along an axis.
    ///
    /// A priority outside `1...1000` is not applied; ``lastError`` says why.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard checkPriority(priority) else { return }
        if axis == .horizontal {
            huggingPriorities.horizontal = priority
        } else {
            huggingPriorities.vertical = priority
        }
        engine?.intrinsicDidChange(self)
    }

    /// How strongly the item resists shrinking below its intrinsic size along an axis (750 by
    /// default).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical
    }

    /// Sets how strongly the item resists shrinking below its intrinsic size along an axis.
    ///
    /// A priority outside `1...1000` is not applied; ``lastError`` says why.
    public func setContentCompressionResistancePriority(
        _ priority: LayoutPriority, for axis: LayoutAxis
    ) {
        guard checkPriority(priority) else { return }
        if axis == .horizontal {
            compressionPriorities.horizontal = priority
        } else {
            compressionPriorities.vertical = priority
        }
        engine?.intrinsicDidChange(self)
    }

    private func checkPriority(_ priority: LayoutPriority) -> Bool {
        guard priority.isValid else {
            lastError = LayoutError(
                code: .invalidPriority,
                message:
                    "priority \(priority) for \(identifier ?? "an item") is outside 1...1000; "
                    + "use a value in that range")
            return false
        }
        return true
    }
}
