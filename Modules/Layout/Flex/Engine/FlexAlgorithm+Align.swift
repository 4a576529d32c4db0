extension FlexAlgorithm {
    /// Distributes the remaining free space of each line to auto margins or per
    /// `justify-content` (§9.5 step 12).
    func distributeFreeSpace() {
        let isRow = c.isRow
        let gap = c.gap.main(isRow)
        for line in lines {
            var used = sumOfGaps(gap, count: line.count)
            var autoMargins = 0
            for index in line.start..<line.end {
                let item = items[index]
                used += item.outerTargetSize.main(isRow)
                if item.marginIsAuto.mainStart(isRow) { autoMargins += 1 }
                if item.marginIsAuto.mainEnd(isRow) { autoMargins += 1 }
            }
            var freeSpace = c.innerContainerSize.main(isRow) - used
            if freeSpace > 0 && autoMargins > 0 {
                let margin = freeSpace / Double(autoMargins)
                for index in line.start..<line.end {
                    if items[index].marginIsAuto.mainStart(isRow) {
                        if isRow {
                            items[index].margin.left = margin
                        } else {
                            items[index].margin.top = margin
                        }
                    }
                    if items[index].marginIsAuto.mainEnd(isRow) {
                        if isRow {
                            items[index].margin.right = margin
                        } else {
                            items[index].margin.bottom = margin
                        }
                    }
                }
                freeSpace = 0
            }
            let position = FlexAlignmentMath.fallback(
                c.justifyContent, freeSpace: freeSpace, count: line.count)
            for order in 0..<line.count {
                let index = c.isReverse ? line.end - 1 - order : line.start + order
                items[index].offsetMain = FlexAlignmentMath.offset(
                    freeSpace: freeSpace, count: line.count, gap: gap, position: position,
                    isReversed: c.isReverse, isFirst: order == 0)
            }
        }
    }

    /// Resolves cross-axis auto margins and aligns the other items in their lines (§9.6
    /// steps 13 and 14).
    func resolveCrossAxisAutoMargins() {
        let isRow = c.isRow
        for line in lines {
            var maxBaseline = 0.0
            var maxBelowBaseline = 0.0
            for index in line.start..<line.end {
                let item = items[index]
                maxBaseline = max(maxBaseline, item.baseline)
                if item.participatesInBaseline(isRow) {
                    maxBelowBaseline = max(
                        maxBelowBaseline, item.outerTargetSize.cross(isRow) - item.baseline)
                }
            }
            for index in line.start..<line.end {
                let item = items[index]
                let freeSpace = line.crossSize - item.outerTargetSize.cross(isRow)
                let autoStart = item.marginIsAuto.crossStart(isRow)
                let autoEnd = item.marginIsAuto.crossEnd(isRow)
                if freeSpace < 0 && (autoStart || autoEnd) {
                    // §9.6 step 13: an item that overflows its line sets its block- or
                    // inline-start auto margin to zero and the opposite margin takes the rest,
                    // so it starts at the line's start edge — the right one in a right-to-left
                    // column.
                    if isRow {
                        if autoStart { items[index].margin.top = 0 }
                        if autoEnd { items[index].margin.bottom = freeSpace }
                    } else if c.isRTL {
                        if autoEnd { items[index].margin.right = 0 }
                        items[index].margin.left = (autoStart ? 0 : item.margin.left) + freeSpace
                    } else {
                        if autoStart { items[index].margin.left = 0 }
                        if autoEnd { items[index].margin.right = freeSpace }
                    }
                } else if autoStart && autoEnd {
                    if isRow {
                        items[index].margin.top = freeSpace / 2
                        items[index].margin.bottom = freeSpace / 2
                    } else {
                        items[index].margin.left = freeSpace / 2
                        items[index].margin.right = freeSpace / 2
                    }
                } else if autoStart {
                    if isRow {
                        items[index].margin.top = freeSpace
                    } else {
                        items[index].margin.left = freeSpace
                    }
                } else if autoEnd {
                    if isRow {
                        items[index].margin.bottom = freeSpace
                    } else {
                        items[index].margin.right = freeSpace
                    }
                } else {
                    items[index].offsetCross = crossAlignmentOffset(
                        item, freeSpace: freeSpace, maxBaseline: maxBaseline,
                        maxBelowBaseline: maxBelowBaseline)
                }
            }
        }
    }

    private func crossAlignmentOffset(
        _ item: FlexItem, freeSpace: Double, maxBaseline: Double, maxBelowBaseline: Double
    ) -> Double {
        let reverseCross = c.isColumn && c.isRTL
        let startsAtEnd = c.isWrapReverse != reverseCross
        let position: FlexItemAlignment.Position =
            item.alignSelf.isSafe && freeSpace < 0 ? .start : item.alignSelf.position
        switch position {
        case .start, .selfStart: return reverseCross ? freeSpace : 0
        case .end, .selfEnd: return reverseCross ? 0 : freeSpace
        case .flexStart, .stretch: return startsAtEnd ? freeSpace : 0
        case .flexEnd: return startsAtEnd ? 0 : freeSpace
        case .center: return freeSpace / 2
        case .baseline:
            if c.isRow || !c.isRTL {
                if c.isWrapReverse {
                    let lineCross = freeSpace + item.outerTargetSize.cross(c.isRow)
                    return lineCross - maxBelowBaseline - item.baseline
                }
                return maxBaseline - item.baseline
            }
            return c.isWrap ? 0 : freeSpace
        }
    }

    /// The container's used cross size (§9.6 step 15); returns the sum of the line cross sizes.
    func determineContainerCrossSize(_ nodeSize: Dims<Double?>) -> Double {
        let isRow = c.isRow
        let totalGap = sumOfGaps(c.gap.cross(isRow), count: lines.count)
        var totalLines = 0.0
        for line in lines { totalLines += line.crossSize }
        let inset = c.contentBoxInset.crossSum(isRow)
        var content = totalLines + totalGap
        let style = node.style
        let minContentWidth = itemSpace.cross(isRow) == .minContent
        let isBrowserWrappingColumn = !isRow && c.isWrap && !c.isBalance && !c.isSpecSizing
        if isBrowserWrappingColumn
            && ((style.height.isAuto && style.maxHeight.isAuto && style.aspectRatio == nil
                && !c.wrapsAtKnownHeight)
                || minContentWidth)
        {
            // Browsers size a wrapping column of automatic width whose own style sets no height
            // or maximum height as if its items were in one line: its width is its widest item,
            // and lines that a height given from outside (a flex basis, stretching) makes
            // overflow it. Its min-content width is its widest item whatever its height. Only
            // a height its parent fixes while measuring it counts (see `LayoutInput`): its lines
            // then wrap there, and its width is the sum of theirs.
            content = widestItem(alignedByBaseline: !minContentWidth)
        } else if isBrowserWrappingColumn, case .definite(let space) = itemSpace.cross(isRow) {
            // CSS Box Sizing level 3, Auto Box Sizes: a width that is not stretched is
            // min(max-content, max(min-content, available)). The min-content width of a
            // wrapping column is its widest item, whatever its lines.
            content = min(content, max(widestItem(alignedByBaseline: false), space))
        }
        let outer = max(
            (nodeSize.cross(isRow) ?? content + inset)
                .clamped(min: c.sizeFloor.cross(isRow), max: c.sizeCeiling.cross(isRow)),
            inset - c.scrollbarGutter.cross(isRow))
        c.containerSize.setCross(isRow, outer)
        c.innerContainerSize.setCross(isRow, max(outer - inset, 0))
        return totalLines
    }

    /// The largest outer hypothetical cross size of an item; with `alignedByBaseline`, that of
    /// all the items in one line, with the offsets of baseline alignment.
    private func widestItem(alignedByBaseline: Bool) -> Double {
        let isRow = c.isRow
        var maxBaseline = 0.0
        for item in items where alignedByBaseline && item.participatesInBaseline(isRow) {
            maxBaseline = max(maxBaseline, item.baseline)
        }
        var widest = 0.0
        for item in items {
            let outer = item.hypotheticalOuterSize.cross(isRow)
            widest = max(
                widest,
                alignedByBaseline && item.participatesInBaseline(isRow)
                    ? maxBaseline - item.baseline + outer : outer)
        }
        return widest
    }

    /// Aligns the lines per `align-content` (§9.6 step 16).
    func alignLines(_ totalLineCross: Double) {
        let isRow = c.isRow
        let count = lines.count
        let gap = c.gap.cross(isRow)
        let freeSpace =
            c.innerContainerSize.cross(isRow) - totalLineCross - sumOfGaps(gap, count: count)
        let position = FlexAlignmentMath.fallback(
            c.alignContent, freeSpace: freeSpace, count: count)
        for order in 0..<count {
            let index = c.isWrapReverse ? count - 1 - order : order
            lines[index].offsetCross = FlexAlignmentMath.offset(
                freeSpace: freeSpace, count: count, gap: gap, position: position,
                isReversed: c.isWrapReverse, isFirst: order == 0)
        }
    }
}
