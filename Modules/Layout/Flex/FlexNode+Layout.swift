public import TrellisGeometry

extension FlexNode {
    /// Lays out the tree rooted at this node in the given space.
    ///
    /// Only dirty nodes are recomputed; an unchanged tree is answered from the caches without
    /// measuring anything, and a repeated call on an unchanged root returns at once. Afterwards
    /// every node's ``layout`` holds its frame relative to its parent. This node's frame is at
    /// the origin, except in a right-to-left layout with a definite available width, where it
    /// sits against the right edge. A root whose width is `auto` takes its content's width, as a
    /// flex container does when it is sized to fit.
    ///
    /// ```swift
    /// try root.calculateLayout(availableWidth: 320, availableHeight: 480)
    /// try root.calculateLayout(availableWidth: 320, availableHeight: .maxContent, direction: .rightToLeft)
    /// ```
    ///
    /// - Parameters:
    ///   - availableWidth: The horizontal space: definite points, or a min- or max-content
    ///     constraint to size the tree to its content.
    ///   - availableHeight: The vertical space.
    ///   - direction: The inline direction of nodes whose style does not set one.
    ///   - rounding: How results are rounded; whole points by default.
    /// - Throws: ``FlexLayoutError`` if an available size is not finite or not positive-or-zero,
    ///   a dirty node's style holds a non-finite or out-of-range value, or the tree is more than
    ///   256 levels deep; the tree and its previous layout are then left unchanged.
    /// - Complexity: O(n) for the nodes whose layout changed, plus O(n) over the whole tree to
    ///   write the rounded results.
    public func calculateLayout(
        availableWidth: FlexAvailableSpace = .maxContent,
        availableHeight: FlexAvailableSpace = .maxContent,
        direction: LayoutDirection = .leftToRight,
        rounding: FlexRounding = .pixels(scale: 1)
    ) throws {
        try FlexValidation.validateSpace(availableWidth, name: "availableWidth")
        try FlexValidation.validateSpace(availableHeight, name: "availableHeight")
        if case .pixels(let scale) = rounding, !(scale.isFinite && scale > 0) {
            throw FlexLayoutError(
                path: "rounding",
                message: "the pixel scale \(scale) must be a finite number above zero")
        }
        let request = LayoutRequest(
            width: availableWidth, height: availableHeight, direction: direction, rounding: rounding
        )
        if !isDirty && parent == nil && lastRequest == request {
            // Nothing changed since the last layout with the same inputs.
            return
        }
        try FlexValidation.validateDirty(self, path: "root")
        lastRequest = request

        let available = Dims(availableWidth, availableHeight)
        let output = FlexCompute.layout(
            self,
            LayoutInput(
                runMode: .performLayout, sizingMode: .inherentSize, axis: .both,
                knownDimensions: .none,
                parentSize: Dims(availableWidth.definiteValue, availableHeight.definiteValue),
                availableSpace: available, direction: direction))
        // A right-to-left root sits at the right edge of definite available space.
        let rootDirection = style.direction ?? direction
        let x =
            rootDirection == .rightToLeft
            ? availableWidth.definiteValue.map { $0 - output.size.width } ?? 0 : 0
        unrounded = UnroundedLayout(x: x, y: 0, size: output.size, contentSize: output.contentSize)
        switch rounding {
        case .none: FlexRounder.copy(self)
        case .pixels(let scale):
            FlexRounder.round(self, scale: scale, cumulativeX: 0, cumulativeY: 0)
        }
    }
}

/// The inputs of a root layout call, to recognise a repeated call on an unchanged tree.
struct LayoutRequest: Equatable {
    var width: FlexAvailableSpace
    var height: FlexAvailableSpace
    var direction: LayoutDirection
    var rounding: FlexRounding
}

/// Writes the final layouts from the unrounded ones.
enum FlexRounder {
    static func copy(_ node: FlexNode) {
        let layout = node.unrounded
        node.layout = FlexLayout(
            frame: Rect(
                x: layout.x, y: layout.y, width: layout.size.width, height: layout.size.height),
            contentSize: Size(width: layout.contentSize.width, height: layout.contentSize.height))
        for child in node.children { copy(child) }
    }

    /// Rounds positions relative to the parent and sizes from the cumulative edges, so that
    /// boxes that touch before rounding still touch after.
    static func round(_ node: FlexNode, scale: Double, cumulativeX: Double, cumulativeY: Double) {
        let layout = node.unrounded
        let x = cumulativeX + layout.x
        let y = cumulativeY + layout.y
        // At scale 1 (exactly the same result) without the multiplication and the division,
        // which a node waits on ten times.
        func snap(_ value: Double) -> Double {
            scale == 1 ? (value + 0.5).rounded(.down) : (value * scale + 0.5).rounded(.down) / scale
        }
        node.layout = FlexLayout(
            frame: Rect(
                x: snap(layout.x), y: snap(layout.y), width: snap(x + layout.size.width) - snap(x),
                height: snap(y + layout.size.height) - snap(y)),
            contentSize: Size(
                width: snap(x + layout.contentSize.width) - snap(x),
                height: snap(y + layout.contentSize.height) - snap(y)))
        for child in node.children { round(child, scale: scale, cumulativeX: x, cumulativeY: y) }
    }
}
