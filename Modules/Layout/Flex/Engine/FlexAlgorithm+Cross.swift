extension FlexAlgorithm {
    /// The hypothetical cross size of each item of a line (§9.4 step 7).
    func determineHypotheticalCrossSizes(_ lineIndex: Int, _ available: Dims<FlexAvailableSpace>) {
        let line = lines[lineIndex]
        for index in line.start..<line.end {
            determineHypotheticalCrossSize(&items[index], available)
        }
    }

    private func determineHypotheticalCrossSize(
        _ item: inout FlexItem, _ available: Dims<FlexAvailableSpace>
    ) {
        let isRow = c.isRow
        do {
            let pbCross = item.paddingBorder.crossSum(isRow)
            let knownMain = c.containerSize.main(isRow)
            let transferredMin = item.transferred(item.minSize).cross(isRow)
            let transferredMax = item.transferred(item.maxSize, isMaximum: true).cross(isRow)
            let childCross = item.ownCrossSize(isRow).clamped(
                min: transferredMin, max: transferredMax
            ).atLeast(pbCross)
            var availableCross = available.cross(isRow)
                .mapDefinite { c.dividedCrossSpace($0) }
                .clamped(min: transferredMin, max: transferredMax)
                .mapDefinite { max($0, pbCross) }
            let stretchSize = c.nodeInnerSize.cross(isRow).map {
                c.dividedCrossSpace($0) - item.margin.crossSum(isRow)
            }
            if case .measure(let space)? = SizingKeywordResolution.resolve(
                item.sizeStyle.cross(isRow), stretchSize: stretchSize)
            {
                availableCross = space
            }

            let innerCross: Double
            if let childCross {
                innerCross = childCross
            } else if !c.isWrap && c.nodeOuterSize.cross(isRow) != nil && stretchesToLine(item) {
                // A single line with a definite cross size stretches this item to the line,
                // so its hypothetical cross size is never used.
                innerCross = max(c.nodeInnerSize.cross(isRow) ?? 0, pbCross)
            } else if isRow, !c.isWrap, let line = c.ratioInnerHeight, stretchesToLine(item) {
                // The height a row container has through its ratio is definite (Chromium): a
                // single line stretches its items to it.
                innerCross = max(
                    (line - item.margin.crossSum(isRow)).clamped(
                        min: item.minSize.cross(isRow), max: item.maxSize.cross(isRow)),
                    pbCross)
            } else if let ratio = item.aspectRatio, item.node.children.isEmpty,
                !item.node.hasMeasure, let main = ratioMainSize(item)
            {
                // CSS Box Sizing level 4, Preferred Aspect Ratios: an automatic cross size comes
                // from the used main size through the aspect ratio (a box without content has
                // no larger minimum), within the item's own cross limits: the used main size
                // already went through the limits the ratio carries, and one that its padding
                // and border hold above them is not brought back.
                let ratioCross = isRow ? main / ratio : main * ratio
                innerCross = max(
                    ratioCross.clamped(
                        min: item.minSize.cross(isRow), max: item.maxSize.cross(isRow)),
                    pbCross)
            } else {
                var ratioCross: Double?
                if let ratio = item.aspectRatio, let main = ratioMainSize(item) {
                    ratioCross = isRow ? main / ratio : main * ratio
                }
                // A column of automatic width takes its items' widths before their heights
                // (Chromium's intrinsic inline sizes do not see a block size that is not the
                // item's own): an item whose children have aspect ratios is measured without
                // its flexed height.
                let widthComesFirst =
                    !isRow && c.nodeOuterSize.cross(false) == nil
                    && !item.node.style.flexWrap.isMultiLine && !item.hasOwnSize.height
                    && Self.childrenHaveAspectRatios(item.node)
                let known = Dims<Double?>.fromMainCross(
                    isRow, main: widthComesFirst ? nil : item.targetSize.main(isRow), cross: nil)
                let space = Dims<FlexAvailableSpace>.fromMainCross(
                    isRow, main: .definite(knownMain), cross: availableCross)
                let definiteness = itemDefiniteness(item)
                // An item that a multi-line row will stretch to its line is measured with its
                // height through its ratio as its items' basis too: its line's height is not
                // known yet (Chromium).
                let output = FlexCompute.layout(
                    item.node,
                    LayoutInput(
                        runMode: .computeSize, sizingMode: .contentSize,
                        axis: isRow ? .vertical : .horizontal,
                        knownDimensions: known, knownDefinite: definiteness,
                        parentSize: itemPercentBasis, availableSpace: space,
                        direction: item.direction,
                        wrapsAtKnownHeight: !isRow && definiteness.main(isRow)
                            && c.nodeOuterSize.cross(isRow) != nil,
                        heightIsRatioBasis: heightIsRatioBasis(item)
                            || (isRow && c.isWrap && item.aspectRatio != nil
                                && !item.hasOwnSize.height)
                    ))
                if let ratioCross, !item.node.hasMeasure {
                    // CSS Box Sizing level 4, Preferred Aspect Ratios: the size through the ratio
                    // is within the limits carried through it, and an automatic minimum (the
                    // content's size, within the item's own maximum only) wins over them; a
                    // minimum of the item's own replaces that content floor. (Chromium keeps
                    // measured content, text, within the carried maximum.)
                    // A column item's width through a flexed height has no content floor.
                    // Nor is there one when the cross size is a percentage that does not
                    // resolve: it behaves as `auto` for the size, not for the minimum.
                    let minStyle = isRow ? item.node.style.minHeight : item.node.style.minWidth
                    let contentFloor =
                        minStyle == .auto && item.sizeStyle.cross(isRow) == .auto
                            && (isRow || item.hasOwnSize.main(isRow))
                        ? output.size.cross(isRow).atMost(item.maxSize.cross(isRow)) : 0
                    innerCross = max(
                        ratioCross.clamped(
                            min: item.minSize.cross(isRow), max: item.maxSize.cross(isRow)),
                        contentFloor, pbCross)
                } else {
                    innerCross = max(
                        max(output.size.cross(isRow), ratioCross ?? 0).clamped(
                            min: transferredMin, max: transferredMax),
                        pbCross)
                }
            }
            item.hypotheticalInnerSize.setCross(isRow, innerCross)
            item.hypotheticalOuterSize.setCross(isRow, innerCross + item.margin.crossSum(isRow))
        }
    }

    /// The main size an item's aspect ratio turns into its hypothetical cross size, if any.
    ///
    /// An item of a column of automatic width contributes its width to that of the column before
    /// its flexed height exists (Chromium sizes it inline first): the ratio carries the item's own
    /// height there, within its height limits, and nothing from its flex basis; an item without
    /// a height of its own contributes no width through the ratio, unless it is empty (its
    /// padding and border are then its height).
    private func ratioMainSize(_ item: FlexItem) -> Double? {
        guard !c.isRow && c.nodeOuterSize.cross(false) == nil else {
            return item.targetSize.main(c.isRow)
        }
        guard item.hasOwnSize.main(false), let height = item.size.main(false) else {
            // An empty box whose height is automatic is as tall as its padding and border
            // (CSS Box Sizing level 4, Preferred Aspect Ratios), as its width is measured.
            guard item.node.children.isEmpty, !item.node.hasMeasure,
                item.sizeStyle.main(false) == .auto
            else { return nil }
            return item.paddingBorder.vertical.clamped(
                min: item.minSize.main(false), max: item.maxSize.main(false))
        }
        return height.clamped(min: item.minSize.main(false), max: item.maxSize.main(false))
    }

    /// Whether the item's used cross size is its line's cross size.
    func stretchesToLine(_ item: FlexItem) -> Bool {
        let crossStyle = item.sizeStyle.cross(c.isRow)
        return !item.marginIsAuto.crossStart(c.isRow) && !item.marginIsAuto.crossEnd(c.isRow)
            && (crossStyle == .stretch
                || (item.alignSelf.position == .stretch && crossStyle == .auto))
    }

    /// The baselines of the items that take part in baseline alignment (rows only).
    func calculateChildBaselines(_ nodeSize: Dims<Double?>, _ available: Dims<FlexAvailableSpace>) {
        let isRow = c.isRow
        if !isRow {
            // Items of a column have no baseline in the cross (inline) axis: one is synthesized
            // at the border box's start edge (§8.3, CSS Box Alignment §9.1), so the group
            // aligns its items' left border edges.
            guard !c.isRTL else { return }
            for index in items.indices where items[index].participatesInBaseline(isRow) {
                items[index].baseline = items[index].margin.left
            }
            return
        }
        for line in lines {
            var participants = 0
            for index in line.start..<line.end where items[index].participatesInBaseline(isRow) {
                participants += 1
            }
            if participants <= 1 { continue }
            for index in line.start..<line.end where items[index].participatesInBaseline(isRow) {
                let item = items[index]
                let output = FlexCompute.layout(
                    item.node,
                    LayoutInput(
                        runMode: .performLayout, sizingMode: .contentSize, axis: .both,
                        knownDimensions: Dims(
                            item.targetSize.width, item.hypotheticalInnerSize.height),
                        knownDefinite: itemDefiniteness(item), parentSize: itemPercentBasis,
                        availableSpace: Dims(
                            .definite(c.containerSize.width),
                            available.height.replaced(by: nodeSize.height)),
                        direction: item.direction, heightIsRatioBasis: heightIsRatioBasis(item)))
                let height = output.size.height
                var baseline = output.firstBaseline ?? height
                if item.overflowY.isScrollContainer { baseline = max(min(baseline, height), 0) }
                items[index].baseline = baseline + item.margin.top
            }
        }
    }

    /// The cross size of each line (§9.4 step 8).
    func calculateLineCrossSizes(_ nodeSize: Dims<Double?>) {
        let isRow = c.isRow
        let inset = c.contentBoxInset.crossSum(isRow)
        let minCross = c.sizeFloor.cross(isRow)
        let maxCross = c.sizeCeiling.cross(isRow)
        if !c.isWrap, let cross = nodeSize.cross(isRow), !lines.isEmpty {
            lines[0].crossSize = max(cross.clamped(min: minCross, max: maxCross) - inset, 0)
            return
        }
        for lineIndex in lines.indices {
            let line = lines[lineIndex]
            var maxBaseline = 0.0
            for index in line.start..<line.end {
                maxBaseline = max(maxBaseline, items[index].baseline)
            }
            var size = 0.0
            for index in line.start..<line.end {
                let item = items[index]
                let outer = item.hypotheticalOuterSize.cross(isRow)
                size = max(
                    size,
                    (isRow || c.isWrap) && item.participatesInBaseline(isRow)
                        ? maxBaseline - item.baseline + outer : outer
                )
            }
            lines[lineIndex].crossSize = size
        }
        if !c.isWrap && !lines.isEmpty {
            lines[0].crossSize = lines[0].crossSize.clamped(
                min: minCross.map { $0 - inset }, max: maxCross.map { $0 - inset })
        }
    }

    /// `align-content: stretch` (§9.4 step 9).
    func stretchLines(_ nodeSize: Dims<Double?>) {
        let isRow = c.isRow
        guard c.alignContent.position == .stretch, !lines.isEmpty else { return }
        let inset = c.contentBoxInset.crossSum(isRow)
        let minCross = c.sizeFloor.cross(isRow)
        let maxCross = c.sizeCeiling.cross(isRow)
        let innerMin = max(
            ((nodeSize.cross(isRow) ?? minCross).clamped(min: minCross, max: maxCross) ?? inset)
                - inset, 0)
        var total = sumOfGaps(c.gap.cross(isRow), count: lines.count)
        for line in lines { total += line.crossSize }
        if total < innerMin {
            let addition = (innerMin - total) / Double(lines.count)
            for index in lines.indices { lines[index].crossSize += addition }
        }
    }

    /// The used cross size of each item (§9.4 step 11).
    func determineUsedCrossSizes() {
        let isRow = c.isRow
        for line in lines {
            for index in line.start..<line.end {
                let cross: Double
                if stretchesToLine(items[index]) {
                    // A stretched box is never narrower than its padding and border.
                    cross = max(
                        (line.crossSize - items[index].margin.crossSum(isRow))
                            .clamped(
                                min: items[index].minSize.cross(isRow),
                                max: items[index].maxSize.cross(isRow)),
                        items[index].paddingBorder.crossSum(isRow))
                } else {
                    cross = items[index].hypotheticalInnerSize.cross(isRow)
                }
                items[index].targetSize.setCross(isRow, cross)
                items[index].outerTargetSize.setCross(
                    isRow, cross + items[index].margin.crossSum(isRow))
            }
        }
    }
}
