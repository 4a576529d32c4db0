import TrellisGeometry

/// Dispatches layout calls to leaves and containers through each node's cache.
enum FlexCompute {
    /// Lays out or measures a node, answering from its cache when the inputs match.
    static func layout(_ node: FlexNode, _ input: LayoutInput) -> LayoutOutput {
        if input.runMode == .performHiddenLayout {
            hide(node)
            return .hidden
        }
        if node.cacheDirection != input.direction {
            node.cache.clear()
            node.cacheDirection = input.direction
        }
        if node.children.isEmpty && input.runMode == .performLayout
            && input.knownDimensions.width != nil && input.knownDimensions.height != nil
        {
            // A leaf of fixed size is cheaper to lay out than to look up.
            var leafInput = input
            if let own = node.style.direction { leafInput.direction = own }
            let isHidden = node.style.display == .none
            let output = isHidden ? LayoutOutput.hidden : FlexLeaf.compute(node, leafInput)
            if isHidden { hide(node) }
            node.markClean()
            return output
        }
        // A node whose own percentages resolve against the parent's size only reuses results
        // computed against the same size (a zero percentage is zero against any size).
        let cacheParentSize =
            node.styleUsesNonzeroPercentages ? input.parentSize : nil
        // Percentages inside the node resolve against its own size: a result measured without
        // that size does not answer a call that gives it.
        let bySize =
            (!node.children.isEmpty && FlexAlgorithm.contentUsesPercentages(node))
            ? Dims(false, false)
            // A wrapping column with an aspect ratio breaks its lines at the height its width
            // gives it through the ratio: a width it found itself is not the same input.
            : node.style.flexWrap.isMultiLine
                ? Dims(
                    !node.style.flexDirection.isRow && node.style.aspectRatio == nil,
                    node.style.flexDirection.isRow)
                : Dims(true, true)
        if let cached = node.cache.get(
            input.knownDimensions, input.availableSpace, input.runMode, input.sizingMode,
            bySize: bySize, parentSize: cacheParentSize)
        {
            return cached
        }
        var input = input
        if let own = node.style.direction { input.direction = own }
        if input.isSpeculative && input.runMode == .computeSize && !node.children.isEmpty
            && node.style.display != .none
        {
            var perform = input
            perform.runMode = .performLayout
            let output = FlexAlgorithm.compute(node, perform)
            let sizingMode: SizingMode? = node.style.hasSizeConstraints ? input.sizingMode : nil
            node.cache.store(
                input.knownDimensions, input.availableSpace, .computeSize, sizingMode, output,
                parentSize: cacheParentSize)
            node.cache.store(
                output.size.optional, input.availableSpace, .performLayout, sizingMode, output,
                parentSize: cacheParentSize)
            node.markClean()
            return output
        }
        let output: LayoutOutput
        if node.style.display == .none {
            hide(node)
            output = .hidden
        } else if node.children.isEmpty {
            output = FlexLeaf.compute(node, input)
        } else {
            output = FlexAlgorithm.compute(node, input)
        }
        node.cache.store(
            input.knownDimensions, input.availableSpace, input.runMode,
            node.style.hasSizeConstraints ? input.sizingMode : nil, output,
            parentSize: cacheParentSize)
        node.markClean()
        return output
    }

    /// One dimension of a node's size under the given inputs (`knownDefinite`: whether each
    /// known size resolves the percentages inside the node, `LayoutInput.knownDefinite`).
    static func measureSize(
        _ node: FlexNode, known: Dims<Double?>, parentSize: Dims<Double?>,
        available: Dims<FlexAvailableSpace>,
        sizingMode: SizingMode, horizontal: Bool, direction: LayoutDirection,
        knownDefinite: Dims<Bool> = Dims(true, true)
    ) -> Double {
        let output = layout(
            node,
            LayoutInput(
                runMode: .computeSize, sizingMode: sizingMode,
                axis: horizontal ? .horizontal : .vertical,
                knownDimensions: known, knownDefinite: knownDefinite, parentSize: parentSize,
                availableSpace: available, direction: direction))
        return horizontal ? output.size.width : output.size.height
    }

    /// Lays out a `display: none` subtree at zero size.
    static func hide(_ node: FlexNode) {
        node.cache.clear()
        node.unrounded = UnroundedLayout()
        node.markClean()
        for child in node.children { hide(child) }
    }

    /// Extends a content size by a child's box (and its overflowing content when visible).
    static func addContentContribution(
        _ content: inout Dims<Double>, x: Double, y: Double, size: Dims<Double>,
        contentSize: Dims<Double>,
        overflowX: FlexOverflow, overflowY: FlexOverflow
    ) {
        let width = overflowX == .visible ? max(size.width, contentSize.width) : size.width
        let height = overflowY == .visible ? max(size.height, contentSize.height) : size.height
        guard width > 0 && height > 0 else { return }
        content.width = max(content.width, x + width)
        content.height = max(content.height, y + height)
    }
}

/// Sizes a node without children from its style and its measure function.
enum FlexLeaf {
    static func compute(_ node: FlexNode, _ input: LayoutInput) -> LayoutOutput {
        let style = node.style
        let known = input.knownDimensions
        let parentSize = input.parentSize
        let padding = style.padding.resolveOrZero(parentSize.width)
        let border = style.border.resolveOrZero(parentSize.width)
        let pbSum = (padding + border).sums
        let boxAdjustment = style.boxSizing == .contentBox ? pbSum : .zero

        var nodeSize = known
        var minSize = Dims<Double?>.none
        var maxSize = Dims<Double?>.none
        var aspect: Double?
        if input.sizingMode == .inherentSize {
            aspect = style.aspectRatio
            let ownMin = Dims(
                style.minWidth.resolve(parentSize.width), style.minHeight.resolve(parentSize.height)
            )
            let ownMax = Dims(
                style.maxWidth.resolve(parentSize.width), style.maxHeight.resolve(parentSize.height)
            )
            let styleSize = Dims(
                style.width.resolve(parentSize.width), style.height.resolve(parentSize.height)
            )
            .applyingAspectRatio(
                aspect, floor: style.boxSizing == .borderBox ? pbSum : .zero, min: ownMin,
                max: ownMax
            ).plus(boxAdjustment)
            minSize = ownMin.applyingAspectRatio(aspect).plus(boxAdjustment)
            maxSize = ownMax.plus(boxAdjustment)
            // A size given in one axis gives the other through the ratio.
            nodeSize = known.or(styleSize).applyingAspectRatio(
                aspect, floor: style.boxSizing == .borderBox ? pbSum : .zero)
        }

        let gutter = Dims(
            style.overflowY == .scroll ? style.scrollbarWidth : 0,
            style.overflowX == .scroll ? style.scrollbarWidth : 0)
        var inset = padding + border
        inset.right += gutter.width
        inset.bottom += gutter.height

        if input.runMode == .computeSize, let width = nodeSize.width, let height = nodeSize.height {
            return LayoutOutput(
                size: Dims(width, height).clamped(min: minSize, max: maxSize).atLeast(
                    pbSum.optional))
        }

        let measured: Dims<Double>
        if let width = known.width, let height = known.height {
            measured = Dims(max(width - inset.horizontal, 0), max(height - inset.vertical, 0))
        } else if node.hasMeasure {
            // The space the content may take: worked out only for a leaf that is measured.
            func space(
                _ known: Double?, _ outer: FlexAvailableSpace, _ marginSum: Double,
                _ nodeSize: Double?, _ min: Double?, _ max: Double?, _ insetSum: Double
            ) -> FlexAvailableSpace {
                (known.map { .definite($0) } ?? outer).subtracting(marginSum).replaced(by: known)
                    .replaced(by: nodeSize)
                    .replaced(by: max).mapDefinite { $0.clamped(min: min, max: max) - insetSum }
            }
            let margin = style.margin.resolveOrZero(parentSize.width)
            let available = Dims(
                space(
                    known.width, input.availableSpace.width, margin.horizontal, nodeSize.width,
                    minSize.width, maxSize.width, inset.horizontal),
                space(
                    known.height, input.availableSpace.height, margin.vertical, nodeSize.height,
                    minSize.height, maxSize.height, inset.vertical))
            let answer =
                node.measureContent(
                    FlexMeasureRequest(
                        knownWidth: known.width.map { max($0 - inset.horizontal, 0) },
                        knownHeight: known.height.map { max($0 - inset.vertical, 0) },
                        availableWidth: available.width, availableHeight: available.height))
                ?? .zero
            measured = Dims(sanitized(answer.width), sanitized(answer.height))
        } else {
            measured = .zero
        }
        var automatic = measured + inset.sums
        var ratio = aspect
        if let boxRatio = style.aspectRatio, !node.hasMeasure, style.boxSizing == .borderBox,
            known.width == nil, known.height == nil, nodeSize.width == nil,
            nodeSize.height == nil, style.width.resolve(parentSize.width) == nil,
            style.height.resolve(parentSize.height) == nil
        {
            // CSS Box Sizing level 4, Preferred Aspect Ratios: an empty box whose width and
            // height are both automatic is as tall as its padding and border (within its
            // minimum and maximum heights), and as wide as that height through the ratio.
            // (A maximum below the padding and border does not make it shorter.)
            let block = max(
                pbSum.height.clamped(
                    min: style.minHeight.resolve(parentSize.height),
                    max: style.maxHeight.resolve(parentSize.height)), pbSum.height)
            automatic = Dims(max(pbSum.width, block * boxRatio), max(block, pbSum.height))
            ratio = boxRatio
        }
        let clamped = known.or(nodeSize).unwrap(or: automatic).clamped(min: minSize, max: maxSize)
        var size = Dims(clamped.width, max(clamped.height, ratio.map { clamped.width / $0 } ?? 0))
        size = size.atLeast(pbSum.optional)
        let baseline = node.firstBaseline(in: Size(width: size.width, height: size.height))
        return LayoutOutput(
            size: size, contentSize: measured + padding.sums, firstBaseline: baseline.map(sanitized)
        )
    }

    /// A measured length, with non-finite and negative answers as zero.
    private static func sanitized(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }
}
