/// How a sizing keyword resolves.
enum SizingKeywordResolution {
    /// Measure the item under this constraint.
    case measure(FlexAvailableSpace)
    /// An exact size.
    case exact(Double)

    /// Resolves a size that is a sizing keyword, given the size the item would stretch to;
    /// `nil` when it is not a keyword or cannot be resolved here (it then behaves as `auto`).
    static func resolve(_ length: FlexLength, stretchSize: Double?) -> SizingKeywordResolution? {
        switch length {
        case .minContent: return .measure(.minContent)
        case .maxContent: return .measure(.maxContent)
        case .fitContent: return stretchSize.map { .measure(.definite($0)) }
        case .stretch: return stretchSize.map { .exact($0) }
        default: return nil
        }
    }
}

extension FlexAlgorithm {
    /// Measures an item's automatic minimum main size (CSS Flexible Box Layout §4.5).
    func automaticMinimum(_ item: FlexItem) -> Double {
        let isRow = c.isRow
        let inputs = baseSizeInputs(item)
        let childAvailable = Dims<FlexAvailableSpace>.fromMainCross(
            isRow, main: .minContent, cross: inputs.crossSpace)
        // A stretched cross size that is not definite resolves no percentages inside the item.
        let minContent = FlexCompute.measureSize(
            item.node, known: inputs.known, parentSize: inputs.parentSize,
            available: childAvailable,
            sizingMode: .contentSize, horizontal: isRow, direction: item.direction,
            knownDefinite: Dims.fromMainCross(
                isRow, main: true, cross: inputs.crossIsDefinite || !isRow))
        let pbMain = item.paddingBorder.mainSum(isRow)
        // §4.5: the content size suggestion is clamped by the cross limits converted through
        // the aspect ratio; the specified size suggestion is the item's own main size only.
        var contentSuggestion = minContent
        if !isRow, let ratio = item.aspectRatio, inputs.known.width == nil,
            !item.node.hasMeasure
        {
            // A column lays out an item's width before its height: the min-content height of
            // an item with an aspect ratio and no definite width is at least its fit-content
            // width through the ratio, as its content basis is.
            let width = FlexCompute.measureSize(
                item.node, known: .none, parentSize: inputs.parentSize,
                available: Dims(inputs.crossSpace, .maxContent), sizingMode: .inherentSize,
                horizontal: true, direction: item.direction)
            let ratioHeight = max(width, item.paddingBorder.horizontal) / ratio
            contentSuggestion = max(contentSuggestion, ratioHeight)
        } else if !isRow, let ratio = item.aspectRatio, !item.node.hasMeasure,
            item.hasOwnSize.height, !item.hasOwnSize.width, !item.node.children.isEmpty
        {
            // A width that comes only from the item's own height through the ratio is not
            // its min-content width: the min-content height is its content's width through the
            // ratio (Chromium), within its own width limits.
            let width = FlexCompute.measureSize(
                item.node, known: .none, parentSize: inputs.parentSize,
                available: Dims(inputs.crossSpace, .maxContent), sizingMode: .contentSize,
                horizontal: true, direction: item.direction
            ).clamped(min: item.minSize.width, max: item.maxSize.width)
            contentSuggestion = max(
                contentSuggestion, max(width, item.paddingBorder.horizontal) / ratio)
        }
        // A row item with a height of its own is not clamped so (Chromium): its min-content
        // width is its content's.
        // Nor is one stretched to a definite cross size (Chromium): the line, not its limits,
        // gives it that size.
        let isStretchedDefinite =
            isRow && !item.hasOwnSize.cross(isRow) && !c.isWrap && c.hasDefiniteCrossSize
            && stretchesToLine(item)
        if let ratio = item.aspectRatio, !(isRow && item.hasOwnSize.cross(isRow)),
            !isStretchedDefinite
        {
            func converted(_ cross: Double?) -> Double? {
                cross.map { isRow ? $0 * ratio : $0 / ratio }
            }
            contentSuggestion = contentSuggestion.clamped(
                min: converted(item.minSize.cross(isRow)),
                max: converted(
                    item.maxSize.cross(isRow).atLeast(item.paddingBorder.crossSum(isRow))))
        }
        if let ratio = item.aspectRatio, inputs.crossIsDefinite,
            item.hasOwnSize.cross(isRow) || item.size.cross(isRow) == nil,
            let cross = inputs.known.cross(isRow)
        {
            // CSS Box Sizing level 4, Preferred Aspect Ratios: the min-content size of a box
            // with an aspect ratio and a definite cross size is at least that size through the
            // ratio (its own, or the line's when it is stretched).
            contentSuggestion = max(contentSuggestion, isRow ? cross * ratio : cross / ratio)
        }
        if let ratio = item.aspectRatio, !item.hasOwnSize.cross(isRow),
            item.size.cross(isRow) != nil, !c.isWrap, c.hasDefiniteCrossSize,
            stretchesToLine(item), let line = c.nodeInnerSize.cross(isRow)
        {
            // A cross size carried from the item's own main size through the ratio gives way to
            // the stretched one of its single line: that is the definite cross size the
            // min-content size goes through the ratio from (Chromium).
            let cross = max(
                (line - item.margin.crossSum(isRow)).clamped(
                    min: item.minSize.cross(isRow), max: item.maxSize.cross(isRow)),
                item.paddingBorder.crossSum(isRow))
            contentSuggestion = max(contentSuggestion, isRow ? cross * ratio : cross / ratio)
        }
        if let ratio = item.aspectRatio {
            // A box is never smaller than its padding and border, nor, through the ratio, is
            // its other axis (the min-content size of an empty ratio box, Chromium).
            let pbCross = item.paddingBorder.crossSum(isRow)
            contentSuggestion = max(contentSuggestion, isRow ? pbCross * ratio : pbCross / ratio)
        }
        let specified = item.hasOwnSize.main(isRow) ? item.size.main(isRow) : nil
        return contentSuggestion.atMost(specified).atMost(item.maxSize.main(isRow)).atLeast(pbMain)
    }

    /// Measures a deferred automatic minimum now that it is needed.
    func resolveDeferredMinimum(_ index: Int) {
        guard items[index].minimumIsDeferred else { return }
        items[index].resolvedMinimumMainSize = automaticMinimum(items[index])
        items[index].minimumIsDeferred = false
    }

    /// The sizes and space an item is measured with for its base size and automatic minimum.
    @inline(__always)
    func baseSizeInputs(_ item: FlexItem) -> (
        known: Dims<Double?>, parentSize: Dims<Double?>, crossSpace: FlexAvailableSpace,
        crossIsDefinite: Bool
    ) {
        let isRow = c.isRow
        let available = itemSpace
        // A row whose height comes through its aspect ratio measures its items in that height
        // (Chromium measures them so before its content can make it taller, and keeps that
        // measurement when its line stretches it to the height its content gave it).
        let crossParentSize = (isRow ? c.ratioInnerHeight : nil) ?? c.nodeInnerSize.cross(isRow)
        // The item's percentages (its padding and margins included) resolve against the
        // container's definite main size when its content is measured, as in its layout.
        let childParentSize = Dims<Double?>.fromMainCross(
            isRow, main: c.knownMainSizeIsDefinite ? c.nodeInnerSize.main(isRow) : nil,
            cross: itemPercentBasis.cross(isRow))
        let crossMarginSum = c.margin.crossSum(isRow)
        let transferredMin = item.transferred(item.minSize)
        let transferredMax = item.transferred(item.maxSize, isMaximum: true)
        let childMinCross = transferredMin.cross(isRow).map { $0 + crossMarginSum }
        let childMaxCross = transferredMax.cross(isRow).map { $0 + crossMarginSum }

        let crossAvailable: FlexAvailableSpace
        switch available.cross(isRow) {
        case .definite(let value):
            crossAvailable = .definite(
                c.dividedCrossSpace(crossParentSize ?? value).clamped(
                    min: childMinCross, max: childMaxCross))
        case .minContent:
            crossAvailable = childMinCross.map { .definite($0) } ?? .minContent
        case .maxContent:
            crossAvailable = childMaxCross.map { .definite($0) } ?? .maxContent
        }

        // A column item's used width when its line does not give it one: its fit-content
        // width within its own width limits, and at least its padding and border.
        func usedWidth() -> Double {
            let width = FlexCompute.measureSize(
                item.node, known: .none, parentSize: childParentSize,
                available: Dims(crossAvailable, .maxContent), sizingMode: .inherentSize,
                horizontal: true, direction: item.direction)
            return max(
                width.clamped(min: transferredMin.width, max: transferredMax.width),
                item.paddingBorder.horizontal)
        }

        var crossIsDefinite = item.size.cross(isRow) != nil
        var childKnown = item.size.withMain(isRow, nil)
        childKnown.setCross(
            isRow,
            childKnown.cross(isRow).clamped(
                min: transferredMin.cross(isRow), max: transferredMax.cross(isRow)
            ).atLeast(item.paddingBorder.crossSum(isRow)))
        // An item stretches to a cross space the container has, not to a limit of its own that
        // stands in for an unknown one.
        if item.alignSelf.position == .stretch && !item.marginIsAuto.crossStart(isRow)
            && !item.marginIsAuto.crossEnd(isRow) && childKnown.cross(isRow) == nil
            && available.cross(isRow).definiteValue != nil
        {
            // The line less the item's margins, within the item's own cross limits (limits
            // carried through an aspect ratio from the main axis do not clamp a stretched size).
            childKnown.setCross(
                isRow,
                available.cross(isRow).definiteValue.map {
                    max(
                        (c.dividedCrossSpace(crossParentSize ?? $0) - item.margin.crossSum(isRow))
                            .clamped(
                                min: item.minSize.cross(isRow), max: item.maxSize.cross(isRow)),
                        item.paddingBorder.crossSum(isRow))
                })
            crossIsDefinite = !c.isWrap && c.hasDefiniteCrossSize && crossParentSize != nil
            // Through its aspect ratio, a cross size that is not definite would size the item's
            // main axis: the item is measured without it. So is an item of a wrapping row, whose
            // line's height is known only once the lines are.
            if (item.aspectRatio != nil || (c.isWrap && isRow)) && !crossIsDefinite {
                childKnown.setCross(isRow, nil)
            } else if c.isWrap && !isRow && !crossIsDefinite {
                // Nor is an item of a wrapping column measured at the width its line gives it
                // only once the lines are known: a browser lays its content out at its
                // fit-content width, within its own width limits.
                childKnown.width = usedWidth()
            }
        }
        if !isRow, childKnown.width == nil, item.aspectRatio == nil,
            transferredMin.width != nil || transferredMax.width != nil
        {
            // A column lays an item out at its used width: its fit-content width within its
            // own width limits (a measurement at its content size would leave them out).
            childKnown.width = usedWidth()
        }
        return (childKnown, childParentSize, crossAvailable, crossIsDefinite)
    }

    /// The flex base size and hypothetical main size of each item (§9.2 step 3).
    func determineFlexBaseSizes(_ available: Dims<FlexAvailableSpace>) {
        itemSpace = available
        for index in items.indices { determineFlexBaseSize(&items[index], available) }
    }

    private func determineFlexBaseSize(
        _ item: inout FlexItem, _ available: Dims<FlexAvailableSpace>
    ) {
        let isRow = c.isRow
        do {
            let (childKnown, childParentSize, crossAvailable, crossIsDefinite) = baseSizeInputs(
                item)
            let node = item.node
            let mainBoxAdjustment =
                node.style.boxSizing == .contentBox ? item.paddingBorder.mainSum(isRow) : 0
            let percentMain =
                (isRow ? nil : c.ratioInnerHeight)
                ?? (c.knownMainSizeIsDefinite ? c.nodeInnerSize.main(isRow) : nil)
            let basisStyle = node.style.flexBasis
            let mainStretchSize = percentMain.map { $0 - item.margin.mainSum(isRow) }

            var basis: Double?
            var basisMeasuredAtMaxContent = false
            var basisIsMeasured = false
            var keywordAvailable: FlexAvailableSpace?
            var basisIsIndefinitePercentage = false
            if case .percent = basisStyle, percentMain == nil {
                basisIsIndefinitePercentage = true
            }
            if basisStyle == .content || basisIsIndefinitePercentage {
                // §7.2.3: a percentage of an indefinite main size makes the basis `content`.
                keywordAvailable = nil
            } else if basisStyle.isSizingKeyword {
                switch SizingKeywordResolution.resolve(basisStyle, stretchSize: mainStretchSize) {
                case .exact(let size)?:
                    item.flexBasisIsDefinite = true
                    basis = size
                case .measure(let space)?: keywordAvailable = space
                case nil: keywordAvailable = nil
                }
            } else if let definite = basisStyle.resolve(percentMain).map({ $0 + mainBoxAdjustment })
                ?? item.size.main(isRow)
            {
                item.flexBasisIsDefinite = true
                basis = definite
            } else {
                switch SizingKeywordResolution.resolve(
                    item.sizeStyle.main(isRow), stretchSize: mainStretchSize)
                {
                case .exact(let size)?:
                    item.flexBasisIsDefinite = true
                    basis = size
                case .measure(let space)?: keywordAvailable = space
                case nil: keywordAvailable = nil
                }
            }

            if basis == nil, keywordAvailable == nil, let ratio = item.aspectRatio,
                crossIsDefinite, let cross = childKnown.cross(isRow)
            {
                // §9.2.3 B: a content basis of an item with an aspect ratio and a definite
                // cross size is that cross size through the ratio.
                item.flexBasisIsDefinite = true
                basis = isRow ? cross * ratio : cross / ratio
            }
            if basis == nil, keywordAvailable == nil, !isRow, let ratio = item.aspectRatio,
                childKnown.width == nil
            {
                // A column lays out an item's width before its height: an item with an aspect
                // ratio that is not stretched has its fit-content width, and its content basis
                // is that width through the ratio.
                let width = FlexCompute.measureSize(
                    node, known: .none, parentSize: childParentSize,
                    available: Dims(crossAvailable, .maxContent), sizingMode: .inherentSize,
                    horizontal: true, direction: item.direction)
                item.flexBasisIsDefinite = true
                basis = max(width, item.paddingBorder.horizontal) / ratio
            }
            if basis == nil {
                let mainAvailable: FlexAvailableSpace =
                    keywordAvailable
                    ?? (available.main(isRow) == .minContent ? .minContent : .maxContent)
                let childAvailable = Dims<FlexAvailableSpace>.fromMainCross(
                    isRow, main: mainAvailable, cross: crossAvailable)
                // The final layout of a stretched (or fixed-cross) item of a single line that does
                // not flex will be this measurement's own result: compute it completely now.
                // Not when percentages inside it (sizes, or insets that offset its children)
                // would resolve against the size it gets.
                let isSpeculative =
                    !c.isWrap && c.hasDefiniteCrossSize && !c.hasDefiniteMainSize
                    && childKnown.cross(isRow) != nil && mainAvailable == .maxContent
                    && item.flexGrow == 0 && !item.node.children.isEmpty
                    && !item.node.styleUsesPercentages
                    && !Self.contentUsesPercentages(item.node)
                    && !Self.childrenHavePercentageInsets(item.node)
                    && !Self.childrenHaveAspectRatios(item.node)
                let output = FlexCompute.layout(
                    item.node,
                    LayoutInput(
                        runMode: .computeSize, sizingMode: .contentSize,
                        axis: isRow ? .horizontal : .vertical,
                        knownDimensions: childKnown,
                        knownDefinite: Dims.fromMainCross(
                            isRow, main: true, cross: crossIsDefinite || !isRow),
                        parentSize: childParentSize,
                        availableSpace: childAvailable,
                        direction: item.direction, isSpeculative: isSpeculative,
                        wrapsAtKnownHeight: isRow && crossIsDefinite && stretchesToLine(item)))
                basis = output.size.main(isRow)
                basisMeasuredAtMaxContent = mainAvailable == .maxContent
                basisIsMeasured = true
            }

            if basisIsMeasured, let ratio = item.aspectRatio {
                // A content size of a box with an aspect ratio is within its cross limits
                // through the ratio (CSS Box Sizing level 4, Aspect-ratio Size Transfers); its
                // own main limits do not clamp a flex base size (§9.2 step 3).
                func carried(_ cross: Double?) -> Double? {
                    cross.map { isRow ? $0 * ratio : $0 / ratio }
                }
                // A border box is never smaller than its padding and border: neither is the
                // cross maximum carried through the ratio.
                let pbCross = item.paddingBorder.crossSum(isRow)
                basis = basis.map {
                    $0.clamped(
                        min: carried(item.minSize.cross(isRow)),
                        max: carried(item.maxSize.cross(isRow).atLeast(pbCross)))
                }
            }
            let pbMain = item.paddingBorder.mainSum(isRow)
            item.flexBasis = max(basis ?? 0, pbMain)
            item.innerFlexBasis = item.flexBasis - pbMain

            // The automatic minimum applies to `min-width: auto` of an item that is not a scroll
            // container only; a percentage minimum of an indefinite size is zero (CSS Box Sizing
            // level 3, §5.2.1: cyclic percentages of minimum sizes resolve against zero).
            var minimumIsPercentage = false
            if case .percent = isRow ? node.style.minWidth : node.style.minHeight {
                minimumIsPercentage = true
            }
            let automaticMin: Double? =
                (isRow ? item.overflowX : item.overflowY).isScrollContainer || minimumIsPercentage
                ? 0 : nil
            if let styleMin = item.minSize.main(isRow) ?? automaticMin {
                item.resolvedMinimumMainSize = styleMin
            } else {
                let maxMain = item.maxSize.main(isRow)
                // The automatic minimum is at most the max-content size and at most the main
                // size, so it cannot exceed a flex basis that is at least one of them.
                let basisBoundsMinimum =
                    basisMeasuredAtMaxContent
                    || (item.hasOwnSize.main(isRow)
                        && item.size.main(isRow).map { $0 <= item.flexBasis } == true)
                if basisBoundsMinimum
                    && (maxMain == nil || maxMain.map { $0 >= item.flexBasis } == true)
                {
                    item.minimumIsDeferred = true
                    item.resolvedMinimumMainSize = item.flexBasis
                } else {
                    item.resolvedMinimumMainSize = automaticMinimum(item)
                }
            }

            let hypotheticalMin = item.resolvedMinimumMainSize.atLeast(pbMain)
            let hypothetical = item.flexBasis.clamped(
                min: hypotheticalMin, max: item.maxSize.main(isRow))
            item.hypotheticalInnerSize.setMain(isRow, hypothetical)
            item.hypotheticalOuterSize.setMain(isRow, hypothetical + item.margin.mainSum(isRow))
        }
    }

    /// Whether some child of a container has an aspect ratio: in a column whose width is not
    /// known yet, such a child takes its width from its flexed height only once that width is.
    static func childrenHaveAspectRatios(_ node: FlexNode) -> Bool {
        node.children.contains { $0.style.aspectRatio != nil }
    }

    /// Whether some child of a container is offset by a percentage inset, which resolves
    /// against the container's size only once that size is definite.
    static func childrenHavePercentageInsets(_ node: FlexNode) -> Bool {
        node.children.contains { child in
            let style = child.style
            return style.top.isNonzeroPercentage || style.bottom.isNonzeroPercentage
                || style.left.isNonzeroPercentage || style.right.isNonzeroPercentage
        }
    }

    /// Whether a container's gaps or its children's sizes, limits or box properties are
    /// percentages (other than zero, which is zero against any size), which resolve against
    /// the container's own size.
    static func contentUsesPercentages(_ node: FlexNode) -> Bool {
        if node.style.columnGap.isNonzeroPercentage || node.style.rowGap.isNonzeroPercentage {
            return true
        }
        for child in node.children {
            let style = child.style
            if style.width.isNonzeroPercentage || style.height.isNonzeroPercentage
                || style.flexBasis.isNonzeroPercentage
                || child.styleUsesNonzeroPercentages
            {
                return true
            }
        }
        return false
    }
}

extension FlexLength {
    fileprivate var isNonzeroPercentage: Bool {
        if case .percent(let value) = self { return value != 0 }
        return false
    }
}
