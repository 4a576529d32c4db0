extension FlexAlgorithm {
    /// Lays out every item at its final size and position; returns the in-flow content size.
    func placeItems() -> Dims<Double> {
        let isRow = c.isRow
        var totalOffsetCross =
            c.isColumn && c.isRTL
            ? c.containerSize.width - c.contentBoxInset.crossEnd(isRow)
            : c.contentBoxInset.crossStart(isRow)
        var content = Dims<Double>.zero
        for order in lines.indices {
            let lineIndex = c.isWrapReverse ? lines.count - 1 - order : order
            placeLine(lineIndex, &totalOffsetCross, &content)
        }
        if c.isScrollContainer {
            content.width +=
                c.isRTL
                ? c.contentBoxInset.left - c.border.left - c.scrollbarGutter.width
                : c.contentBoxInset.right - c.border.right - c.scrollbarGutter.width
            content.height += c.contentBoxInset.bottom - c.border.bottom - c.scrollbarGutter.height
        }
        return content
    }

    private func placeLine(
        _ lineIndex: Int, _ totalOffsetCross: inout Double, _ content: inout Dims<Double>
    ) {
        let isRow = c.isRow
        let line = lines[lineIndex]
        var totalOffsetMain =
            c.isRTL && isRow
            ? c.containerSize.width - c.contentBoxInset.mainEnd(isRow)
            : c.contentBoxInset.mainStart(isRow)
        let isRTLColumn = c.isRTL && c.isColumn
        if isRTLColumn { totalOffsetCross -= line.offsetCross + line.crossSize }
        for order in 0..<line.count {
            let index = c.isReverse ? line.end - 1 - order : line.start + order
            placeItem(index, &totalOffsetMain, totalOffsetCross, line.offsetCross, &content)
        }
        if !isRTLColumn { totalOffsetCross += line.offsetCross + line.crossSize }
    }

    private func placeItem(
        _ index: Int, _ totalOffsetMain: inout Double, _ totalOffsetCross: Double,
        _ lineOffsetCross: Double,
        _ content: inout Dims<Double>
    ) {
        let isRow = c.isRow
        let item = items[index]
        let output = FlexCompute.layout(
            item.node,
            LayoutInput(
                runMode: .performLayout, sizingMode: .contentSize, axis: .both,
                knownDimensions: item.targetSize.optional, knownDefinite: itemDefiniteness(item),
                parentSize: itemPercentBasis,
                availableSpace: c.containerSize.map { .definite($0) },
                direction: item.direction, heightIsRatioBasis: heightIsRatioBasis(item)))
        let size = output.size
        let isRTLRow = isRow && c.isRTL
        let isRTLColumn = c.isColumn && c.isRTL
        var inner = itemPercentBasis
        // Percentage insets of a ratio item's children resolve against its height through the
        // ratio, as their sizes do (`LayoutInput.heightIsRatioBasis`).
        if let height = c.ratioInnerHeight { inner.height = height }
        let style = item.node.style
        let inset = Sides(
            left: style.left.resolve(inner.width), right: style.right.resolve(inner.width),
            top: style.top.resolve(inner.height), bottom: style.bottom.resolve(inner.height))
        let mainInset: Double
        if isRTLRow {
            mainInset = inset.mainEnd(isRow) ?? inset.mainStart(isRow).map { -$0 } ?? 0
        } else {
            mainInset = inset.mainStart(isRow) ?? inset.mainEnd(isRow).map { -$0 } ?? 0
        }
        let crossInset: Double
        if isRTLColumn {
            crossInset = inset.crossEnd(isRow).map { -$0 } ?? inset.crossStart(isRow) ?? 0
        } else {
            crossInset = inset.crossStart(isRow) ?? inset.crossEnd(isRow).map { -$0 } ?? 0
        }
        let lineOffset = isRTLColumn ? 0 : lineOffsetCross
        let offsetMain =
            isRTLRow
            ? totalOffsetMain - item.offsetMain - item.margin.mainEnd(isRow) - mainInset
                - size.width
            : totalOffsetMain + item.offsetMain + item.margin.mainStart(isRow) + mainInset
        let offsetCross =
            totalOffsetCross + item.offsetCross + lineOffset + item.margin.crossStart(isRow)
            + crossInset

        if isRow {
            let baselineOffset =
                totalOffsetCross + item.offsetCross + lineOffset + item.margin.crossStart(isRow)
            var inner = output.firstBaseline ?? size.height
            if item.overflowY.isScrollContainer { inner = max(min(inner, size.height), 0) }
            items[index].baseline = baselineOffset + inner
        } else {
            let baselineOffset = totalOffsetMain + item.offsetMain + item.margin.mainStart(isRow)
            items[index].baseline = baselineOffset + (output.firstBaseline ?? size.height)
        }

        let x = isRow ? offsetMain : offsetCross
        let y = isRow ? offsetCross : offsetMain
        item.node.unrounded = UnroundedLayout(
            x: x, y: y, size: size, contentSize: output.contentSize)

        let step = item.offsetMain + item.margin.mainSum(isRow) + size.main(isRow)
        totalOffsetMain += isRTLRow ? -step : step

        let contributionX =
            c.isRTL ? c.containerSize.width - (x + size.width) - c.border.right : x - c.border.left
        FlexCompute.addContentContribution(
            &content, x: contributionX, y: y - c.border.top, size: size,
            contentSize: output.contentSize,
            overflowX: item.overflowX, overflowY: item.overflowY)
    }
}
