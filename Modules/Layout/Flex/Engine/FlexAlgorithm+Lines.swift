extension FlexAlgorithm {
    /// The main-axis limit that items wrap against, when the container is multi-line.
    private func wrapLimit(_ available: Dims<FlexAvailableSpace>) -> FlexAvailableSpace {
        let isRow = c.isRow
        guard let outerMax = c.maxSize.main(isRow) else { return available.main(isRow) }
        // The limits are the container's own (border-box) sizes; the lines fill its content box.
        let inset = c.contentBoxInset.mainSum(isRow)
        let maxMain = outerMax - inset
        var limit = available.main(isRow).definiteValue ?? maxMain
        if !c.hasDefiniteMainSize { limit = min(limit, maxMain) }
        return .definite(limit.atLeast(c.minSize.main(isRow).map { $0 - inset }))
    }

    /// Collects the items into flex lines (§9.3 step 5).
    func collectLines(_ available: Dims<FlexAvailableSpace>) {
        let isRow = c.isRow
        if c.isBalance {
            guard !items.isEmpty else {
                lines = []
                return
            }
            collectBalancedLines(available)
            return
        }
        let isBrowserColumn = !isRow && !c.isSpecSizing
        guard c.isWrap && (c.knownMainSizeIsDefinite || isBrowserColumn) else {
            lines = [FlexLine(start: 0, end: items.count)]
            return
        }
        var limit = wrapLimit(available)
        if isBrowserColumn && (c.nodeOuterSize.main(isRow) == nil || !c.knownMainSizeIsDefinite) {
            // A column whose height is auto is as tall as its content, as a block is: only a
            // maximum height makes it wrap (CSS Flexible Box Layout §9.3, "the flex container's
            // inner main size", which is infinite here). A height its parent gives it but that
            // is not definite (the cross size of an item of a row that does not stretch it) is
            // not one it wraps at either. Its own fixed height does, even while its content is
            // measured (Chromium's MainAxisContentExtent applies the container's height).
            let inset = c.contentBoxInset.mainSum(isRow)
            var ownHeight: Double?
            if case .points(let height) = node.style.height {
                ownHeight = height + (node.style.boxSizing == .contentBox ? inset : 0)
            }
            // So does a height through its aspect ratio from its width (Chromium), when that
            // height is the basis of its items' percentages (`ratioInnerHeight`).
            let outer =
                ownHeight?.clamped(min: c.minSize.main(isRow), max: c.maxSize.main(isRow))
                ?? (c.ratioInnerHeight ?? c.ratioLineHeight).map { $0 + inset }
                ?? c.maxSize.main(isRow)?.atLeast(c.minSize.main(isRow))
            limit = outer.map { .definite($0 - inset) } ?? .maxContent
        }
        switch limit {
        case .maxContent:
            lines = [FlexLine(start: 0, end: items.count)]
        case .minContent:
            lines = items.indices.map { FlexLine(start: $0, end: $0 + 1) }
        case .definite(let limit):
            let gap = c.gap.main(isRow)
            // Items whose sizes add up to the limit fit, though the sum and the limit were
            // rounded differently on the way (a percentage padding taken from a width, say): a
            // browser's fixed-point layout units would make them equal.
            let breakingLength = limit + max(abs(limit), 1) * 1e-9
            var start = 0
            lines = []
            while start < items.count {
                var length = 0.0
                var end = start
                while end < items.count {
                    length +=
                        items[end].hypotheticalOuterSize.main(isRow) + (end == start ? 0 : gap)
                    if length > breakingLength && end != start { break }
                    end += 1
                }
                lines.append(FlexLine(start: start, end: end))
                start = end
            }
        }
    }

    /// Collects the items into balanced lines (`flex-wrap: balance`).
    private func collectBalancedLines(_ available: Dims<FlexAvailableSpace>) {
        let isRow = c.isRow
        let limitSpace: FlexAvailableSpace =
            c.knownMainSizeIsDefinite ? wrapLimit(available) : .maxContent
        if limitSpace == .minContent {
            lines = items.indices.map { FlexLine(start: $0, end: $0 + 1) }
            return
        }
        let counts = FlexBalance.lineItemCounts(
            sizes: items.map { $0.hypotheticalOuterSize.main(isRow) },
            limit: limitSpace.definiteValue ?? .infinity, gap: c.gap.main(isRow),
            minimumLineCount: c.lineCount ?? 1)
        lines = []
        var start = 0
        for count in counts {
            lines.append(FlexLine(start: start, end: start + count))
            start += count
        }
    }

    /// The outer main size of an item for the container's definite-space sizing.
    private func itemMainLength(_ item: FlexItem) -> Double {
        let isRow = c.isRow
        let pb = item.paddingBorder.mainSum(isRow)
        return max(
            item.flexBasis.atLeast(item.minSize.main(isRow)) + item.margin.mainSum(isRow), pb)
    }

    /// The longest line's sum of outer hypothetical main sizes and gaps.
    private func longestHypotheticalLine() -> Double {
        let isRow = c.isRow
        let gap = c.gap.main(isRow)
        var longest = 0.0
        for line in lines {
            var total = sumOfGaps(gap, count: line.count)
            for index in line.start..<line.end {
                total += items[index].hypotheticalOuterSize.main(isRow)
            }
            longest = max(longest, total)
        }
        return longest
    }

    private func longestLineLength() -> Double {
        let gap = c.gap.main(c.isRow)
        var longest = 0.0
        for line in lines {
            var total = sumOfGaps(gap, count: line.count)
            for index in line.start..<line.end { total += itemMainLength(items[index]) }
            longest = max(longest, total)
        }
        return longest
    }

    /// Determines the container's main size when it is not known (§9.2 step 4, with the
    /// intrinsic sizes of §9.9.1).
    func determineContainerMainSize(_ available: Dims<FlexAvailableSpace>) {
        let isRow = c.isRow
        let inset = c.contentBoxInset.mainSum(isRow)
        var outer: Double
        if let known = c.nodeOuterSize.main(isRow) {
            outer = known
        } else if c.isSpecSizing {
            outer = specificationMainSize(available, inset: inset)
        } else if !isRow {
            // The height of a column is the height of its content: the longest line of
            // hypothetical main sizes, as for a block (§9.2 step 4 with the block layout of
            // the container's content; browsers do not use the intrinsic sizes of §9.9.1 for
            // the block axis).
            outer = longestHypotheticalLine() + inset
        } else {
            switch available.main(isRow) {
            case .definite(let space) where c.isBalance:
                let size = longestLineLength() + inset
                outer = balancedMaxContentSize(size: size, inset: inset, space: space)
            case .definite(let space):
                // CSS Box Sizing level 3, Auto Box Sizes (fit-content): the automatic width of a
                // box that does not stretch is min(max-content, max(min-content, available)).
                let minContent = browserRowContentSize(.minContent, available)
                let maxContent = browserRowContentSize(.maxContent, available)
                outer = min(maxContent, max(minContent, space)) + inset
            case .minContent, .maxContent:
                outer =
                    (c.isBalance
                        ? intrinsicMainSize(available)
                        : browserRowContentSize(available.main(isRow), available)) + inset
            }
        }
        outer = outer.clamped(min: c.sizeFloor.main(isRow), max: c.sizeCeiling.main(isRow))
        outer = max(outer, inset - c.scrollbarGutter.main(isRow))
        let inner = max(outer - inset, 0)
        c.containerSize.setMain(isRow, outer)
        c.innerContainerSize.setMain(isRow, inner)
        c.nodeInnerSize.setMain(isRow, inner)
    }

    /// The outer main size §9.9.1 gives (with §9.2 step 4 in definite space): the longest
    /// line of flex base sizes, or all the space when there are several lines, and under a
    /// min- or max-content constraint the items' contributions through their flex factors.
    private func specificationMainSize(_ available: Dims<FlexAvailableSpace>, inset: Double)
        -> Double
    {
        switch available.main(c.isRow) {
        case .definite(let space):
            let size = longestLineLength() + inset
            if c.isBalance {
                return balancedMaxContentSize(size: size, inset: inset, space: space)
            }
            return lines.count > 1 ? max(size, space) : size
        case .minContent where c.isWrap:
            return longestLineLength() + inset
        case .minContent, .maxContent:
            return specificationIntrinsicMainSize(available) + inset
        }
    }

    /// The min- or max-content main size of §9.9.1: in each line, every item gets its flex
    /// base size plus its flex factor times the line's largest desired flex fraction, within
    /// its minimum and maximum; the container is the longest line.
    private func specificationIntrinsicMainSize(_ available: Dims<FlexAvailableSpace>) -> Double {
        let isRow = c.isRow
        var mainSize = 0.0
        for line in lines {
            var chosen = -Double.infinity
            var sumGrow = 0.0
            var sumShrink = 0.0
            for index in line.start..<line.end {
                if contributionNeedsMinimum(items[index], available) {
                    resolveDeferredMinimum(index)
                }
                let item = items[index]
                let outerBasis = item.flexBasis + item.margin.mainSum(isRow)
                let difference = contentContribution(index, available) - outerBasis
                var fraction = 0.0
                if difference > 0 {
                    fraction =
                        item.flexGrow >= 1
                        ? difference / item.flexGrow : difference * item.flexGrow
                } else if difference < 0 {
                    let scaledShrink = item.flexShrink * item.innerFlexBasis
                    fraction = scaledShrink > 0 ? difference / scaledShrink : -.infinity
                }
                chosen = max(chosen, fraction)
                sumGrow += item.flexGrow
                sumShrink += item.flexShrink
            }
            if !chosen.isFinite { chosen = 0 }
            if chosen > 0 && sumGrow < 1 && sumGrow > 0 { chosen /= sumGrow }
            if chosen < 0 && sumShrink < 1 { chosen *= sumShrink }
            var sum = sumOfGaps(c.gap.main(isRow), count: line.count)
            for index in line.start..<line.end {
                let item = items[index]
                let flexed =
                    chosen > 0
                    ? item.flexGrow * chosen : item.flexShrink * item.innerFlexBasis * chosen
                let minimum = max(
                    item.resolvedMinimumMainSize, item.paddingBorder.mainSum(isRow))
                let size = (item.flexBasis + flexed).clamped(
                    min: nil, max: item.maxSize.main(isRow)
                ).atLeast(minimum)
                sum += size + item.margin.mainSum(isRow)
            }
            mainSize = max(mainSize, sum)
        }
        return mainSize
    }

    private func balancedMaxContentSize(size: Double, inset: Double, space: Double) -> Double {
        let isRow = c.isRow
        let gap = c.gap.main(isRow)
        let lengths = items.map(itemMainLength)
        if lengths.isEmpty { return size }
        let counts = FlexBalance.lineItemCounts(
            sizes: lengths, limit: .infinity, gap: gap, minimumLineCount: c.lineCount ?? 1)
        var widest = 0.0
        var start = 0
        for count in counts {
            widest = max(
                widest, lengths[start..<start + count].reduce(0, +) + sumOfGaps(gap, count: count))
            start += count
        }
        return max(size, min(widest + inset, space))
    }

    /// A row's min- or max-content width as browsers compute it, whatever the lines the
    /// available space made (Chromium's `ComputeMinMaxSizeOfRowContainerV3`, which follows
    /// §9.9.1 only partly).
    ///
    /// A single-line row sums its items' outer contributions and the gaps. A multi-line row's
    /// min-content width is its largest outer min-content contribution, and its max-content
    /// width the sum of the outer max-content contributions and the gaps, but never less than
    /// its min-content width. An item whose flex basis is definite and who cannot flex toward
    /// its contribution contributes its hypothetical main size instead (§9.9.3).
    private func browserRowContentSize(
        _ constraint: FlexAvailableSpace, _ available: Dims<FlexAvailableSpace>
    ) -> Double {
        let measured = available.withMain(c.isRow, constraint)
        if c.isWrap {
            let minMeasured = available.withMain(c.isRow, .minContent)
            var largestMinimum = 0.0
            for index in items.indices {
                largestMinimum = max(
                    largestMinimum,
                    browserContribution(index, minMeasured, ignoringFlexFactors: true))
            }
            if constraint == .minContent { return largestMinimum }
            var sum = sumOfGaps(c.gap.main(c.isRow), count: items.count)
            for index in items.indices { sum += browserContribution(index, measured) }
            return max(sum, largestMinimum)
        }
        var sum = sumOfGaps(c.gap.main(c.isRow), count: items.count)
        for index in items.indices { sum += browserContribution(index, measured) }
        return sum
    }

    /// The largest line's sum of item contributions under a min- or max-content constraint.
    private func intrinsicMainSize(_ available: Dims<FlexAvailableSpace>) -> Double {
        let isRow = c.isRow
        var mainSize = 0.0
        for line in lines {
            var sum = 0.0
            for index in line.start..<line.end {
                if isRow && !c.isSpecSizing {
                    // Browsers size a row by its items' min- or max-content contributions
                    // (their preferred or content widths within their minimum and maximum),
                    // without the flex base sizes and flex factors of §9.9.1.
                    sum += browserContribution(index, available)
                    continue
                }
                if contributionNeedsMinimum(items[index], available) {
                    resolveDeferredMinimum(index)
                }
                let contribution = contentContribution(index, available)
                var item = items[index]
                let difference = contribution - item.flexBasis
                let fraction: Double
                if difference > 0 {
                    fraction = difference / max(1, item.flexGrow)
                } else if difference < 0 {
                    fraction = difference / max(1, item.flexShrink * item.innerFlexBasis)
                } else {
                    fraction = 0
                }
                var flexContribution = 0.0
                if fraction > 0 {
                    flexContribution = max(1, item.flexGrow) * fraction
                } else if fraction < 0 {
                    flexContribution = max(1, item.flexShrink) * item.innerFlexBasis * fraction
                }
                let size = item.flexBasis + flexContribution
                item.outerTargetSize.setMain(isRow, size)
                item.targetSize.setMain(isRow, size)
                items[index] = item
                sum += size
            }
            mainSize = max(mainSize, sum + sumOfGaps(c.gap.main(isRow), count: line.count))
        }
        return mainSize
    }

    /// Whether an item's content contribution can depend on its deferred automatic minimum,
    /// which is at most its flex basis.
    private func contributionNeedsMinimum(_ item: FlexItem, _ available: Dims<FlexAvailableSpace>)
        -> Bool
    {
        guard item.minimumIsDeferred else { return false }
        let isRow = c.isRow
        // Without size styles, the max-content contribution is the flex basis itself, which
        // is what the bound stands in for.
        if available.main(isRow) == .maxContent && !item.node.style.hasSizeConstraints {
            return false
        }
        let preferred = item.size.main(isRow)
        let clampingBasis = item.flexBasis.atLeast(preferred)
        let basisMin: Double? = item.flexShrink == 0 ? clampingBasis : nil
        let basisMax: Double? = item.flexGrow == 0 ? clampingBasis : nil
        let maxMain = (item.maxSize.main(isRow).atMost(basisMax) ?? basisMax) ?? .infinity
        let lowerBound = max(
            (item.minSize.main(isRow).atLeast(basisMin) ?? basisMin) ?? item.flexBasis,
            item.flexBasis)
        return maxMain <= lowerBound || (preferred.map { maxMain <= $0 } ?? false)
    }

    /// An item's outer min- or max-content contribution as browsers compute it: the preferred
    /// main size, or else the content size, within the minimum (`auto` being zero) and the
    /// maximum, and at least the padding and border.
    ///
    /// Unless `ignoringFlexFactors` is set (a multi-line row's min-content width), an item with
    /// a definite flex basis that cannot grow to a larger contribution (`flex-grow: 0`) or
    /// shrink to a smaller one (`flex-shrink: 0`) contributes its hypothetical main size
    /// instead (§9.9.3; Chromium's `cant_move`, which skips an indefinite used flex basis).
    private func browserContribution(
        _ index: Int, _ available: Dims<FlexAvailableSpace>, ignoringFlexFactors: Bool = false
    ) -> Double {
        let isRow = c.isRow
        let item = items[index]
        let marginSum = item.margin.mainSum(isRow)
        var inner: Double
        if let preferred = item.size.main(isRow) {
            inner = preferred
            if item.aspectRatio != nil, !item.hasOwnSize.main(isRow), !item.isScrollContainer,
                item.minSize.main(isRow) == nil
            {
                // CSS Box Sizing level 4, Automatic Minimum Size: a width that comes through
                // the ratio is at least the item's automatic minimum (its min-content width).
                resolveDeferredMinimum(index)
                inner = max(inner, items[index].resolvedMinimumMainSize)
            }
        } else {
            inner = contentContribution(index, available, isBrowser: true) - marginSum
        }
        inner = max(
            inner.clamped(min: item.minSize.main(isRow), max: item.maxSize.main(isRow)),
            item.paddingBorder.mainSum(isRow))
        // Chromium sizes the container before resolving a percentage basis, which then stands
        // for the preferred size (§7.2.3 makes it `content` only for the layout).
        var basisIsDefinite = item.flexBasisIsDefinite
        if case .percent = item.node.style.flexBasis, c.nodeInnerSize.main(isRow) == nil {
            basisIsDefinite = false
        }
        if !ignoringFlexFactors && basisIsDefinite {
            let basis = item.flexBasis
            let cannotMove =
                (inner > basis && item.flexGrow == 0) || (inner < basis && item.flexShrink == 0)
            if cannotMove {
                resolveDeferredMinimum(index)
                let resolved = items[index]
                inner = resolved.flexBasis.clamped(
                    min: max(
                        resolved.resolvedMinimumMainSize, resolved.paddingBorder.mainSum(isRow)),
                    max: resolved.maxSize.main(isRow))
            }
        }
        return inner + marginSum
    }

    /// An item's min- or max-content contribution to the container's main size.
    private func contentContribution(
        _ index: Int, _ available: Dims<FlexAvailableSpace>, isBrowser: Bool = false
    ) -> Double {
        let isRow = c.isRow
        let item = items[index]
        let styleMin = item.minSize.main(isRow)
        let stylePreferred = item.size.main(isRow)
        let styleMax = item.maxSize.main(isRow)
        let clampingBasis = item.flexBasis.atLeast(stylePreferred)
        let basisMin: Double? = item.flexShrink == 0 ? clampingBasis : nil
        let basisMax: Double? = item.flexGrow == 0 ? clampingBasis : nil
        let minMain = max(
            (styleMin.atLeast(basisMin) ?? basisMin) ?? item.resolvedMinimumMainSize,
            item.resolvedMinimumMainSize)
        let maxMain = (styleMax.atMost(basisMax) ?? basisMax) ?? .infinity
        let marginSum = item.margin.mainSum(isRow)

        if let preferred = stylePreferred, !isBrowser, maxMain <= minMain || maxMain <= preferred {
            return max(min(preferred, maxMain), minMain) + marginSum
        }
        if !isBrowser {
            if maxMain <= minMain { return minMain + marginSum }
            if item.isScrollContainer { return item.flexBasis + marginSum }
        }

        let crossParentSize = c.nodeInnerSize.cross(isRow)
        let crossMarginSum = item.margin.crossSum(isRow)
        let childMinCross = item.minSize.cross(isRow).map { $0 + crossMarginSum }
        let childMaxCross = item.maxSize.cross(isRow).map { $0 + crossMarginSum }
        let crossAvailable = available.cross(isRow)
            .mapDefinite { c.dividedCrossSpace(crossParentSize ?? $0) }
            .clamped(min: childMinCross, max: childMaxCross)
        let childAvailable = available.withCross(isRow, crossAvailable)
        var childKnown = item.size.withMain(isRow, nil)
        // An item is measured stretched only to a definite cross size (a single line of a
        // definite cross size): the space a container of indefinite cross size is given is
        // not its line's size (it would give an item with an aspect ratio a main size, and
        // make a wrapping column break its lines there); no item of a multi-line container is
        // measured at its line's cross size, which is known only once the lines are.
        let stretchIsDefinite = !c.isWrap && c.hasDefiniteCrossSize
        if item.alignSelf.position == .stretch && !item.marginIsAuto.crossStart(isRow)
            && !item.marginIsAuto.crossEnd(isRow) && childKnown.cross(isRow) == nil
            && stretchIsDefinite
        {
            childKnown.setCross(
                isRow, crossAvailable.definiteValue.map { $0 - item.margin.crossSum(isRow) })
        }
        var contentMain =
            FlexCompute.measureSize(
                item.node, known: childKnown, parentSize: itemPercentBasis,
                available: childAvailable,
                sizingMode: .inherentSize, horizontal: isRow, direction: item.direction) + marginSum
        if isBrowser, let ratio = item.aspectRatio, item.size.cross(isRow) == nil,
            let cross = childKnown.cross(isRow)
        {
            // CSS Box Sizing level 4, Preferred Aspect Ratios: an item with an aspect ratio
            // stretched to a definite cross size contributes that size through the ratio.
            contentMain = max(contentMain, (isRow ? cross * ratio : cross / ratio) + marginSum)
        }
        if isBrowser {
            // The limits bound the item's own size, not its margins.
            return (contentMain - marginSum).clamped(min: styleMin, max: styleMax) + marginSum
        }
        if isRow {
            return contentMain.clamped(min: styleMin, max: styleMax)
        }
        return max(contentMain, item.flexBasis).clamped(min: styleMin, max: styleMax)
    }
}
