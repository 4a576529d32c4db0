import TrellisGeometry

extension FlexAlgorithm {
    /// Lays out the absolutely positioned children against the container's padding box;
    /// returns their content size contribution.
    func layoutAbsoluteChildren() -> Dims<Double> {
        var content = Dims<Double>.zero
        for (order, child) in node.children.enumerated() {
            let style = child.style
            guard style.display != .none, style.position == .absolute else { continue }
            layoutAbsoluteChild(child, order: order, &content)
        }
        return content
    }

    /// Where an absolutely positioned box sits in an axis in which both its insets are `auto`:
    /// its static position, as the container's only item would sit (CSS Flexible Box §4.1),
    /// at the start (the left or top edge of the content box), the centre or the end.
    private enum StaticEdge { case start, center, end }

    /// The static position in the main axis, from `justify-content`.
    private var mainStaticEdge: StaticEdge {
        let isRTL = c.isRow && c.isRTL
        let reversed = c.isReverse != isRTL
        switch c.justifyContent.position {
        case .start: return isRTL ? .end : .start
        case .end: return isRTL ? .start : .end
        case .flexStart, .stretch, .spaceBetween: return reversed ? .end : .start
        case .flexEnd: return reversed ? .start : .end
        case .center, .spaceAround, .spaceEvenly: return .center
        }
    }

    /// The static position in the cross axis, from the box's `align-self`.
    private func crossStaticEdge(_ position: FlexItemAlignment.Position) -> StaticEdge {
        let isRTL = !c.isRow && c.isRTL
        let reversed = c.isWrapReverse != isRTL
        switch position {
        case .start, .selfStart, .baseline: return isRTL ? .end : .start
        case .end, .selfEnd: return isRTL ? .start : .end
        case .flexStart, .stretch: return reversed ? .end : .start
        case .flexEnd: return reversed ? .start : .end
        case .center: return .center
        }
    }

    /// The width of an absolutely positioned box's inset-modified containing block, which an
    /// automatic width fits (CSS Positioned Layout §4.1, as Chromium computes it): the padding
    /// box (`area` wide) less the horizontal insets that are set, or, with both of them
    /// `auto`, the part of it that the static position grows into: from the content box's
    /// start to the padding box's end, from its end to the padding box's start, or from its
    /// centre equally both ways until one edge.
    private func insetModifiedWidth(
        area: Double, left: Double?, right: Double?, alignSelf: FlexItemAlignment
    ) -> Double {
        if left != nil || right != nil { return max(area - (left ?? 0) - (right ?? 0), 0) }
        let paddingLeft = c.contentBoxInset.left - c.border.left
        let paddingRight = c.contentBoxInset.right - c.border.right
        switch c.isRow ? mainStaticEdge : crossStaticEdge(alignSelf.position) {
        case .start: return max(area - paddingLeft, 0)
        case .end: return max(area - paddingRight, 0)
        case .center:
            let offset = paddingLeft + (area - paddingLeft - paddingRight) / 2
            return max(2 * min(offset, area - offset), 0)
        }
    }

    private func layoutAbsoluteChild(_ child: FlexNode, order: Int, _ content: inout Dims<Double>) {
        let isRow = c.isRow
        let style = child.style
        let container = c.containerSize
        let area = Dims(
            container.width - c.border.horizontal - c.scrollbarGutter.width,
            container.height - c.border.vertical - c.scrollbarGutter.height)
        let childDirection = style.direction ?? c.direction
        let alignSelf = FlexAlignmentMath.resolveSelfRelative(
            style.alignSelf ?? c.alignItems, item: childDirection, container: c.direction,
            crossIsInline: c.isColumn)
        let aspect = style.aspectRatio
        let margin = Sides<Double?>(
            left: style.margin.left.resolve(area.width),
            right: style.margin.right.resolve(area.width),
            top: style.margin.top.resolve(area.width),
            bottom: style.margin.bottom.resolve(area.width))
        let padding = style.padding.resolveOrZero(area.width)
        let border = style.border.resolveOrZero(area.width)
        let pbSum = (padding + border).sums
        let boxAdjustment = style.boxSizing == .contentBox ? pbSum : .zero
        let left = style.left.resolve(area.width)
        let right = style.right.resolve(area.width)
        let top = style.top.resolve(area.height)
        let bottom = style.bottom.resolve(area.height)

        let ownSize = Dims(style.width.resolve(area.width), style.height.resolve(area.height))
        // Limits carry through the ratio only into an axis without a size of its own.
        func carried(_ limits: Dims<Double?>) -> Dims<Double?> {
            var result = limits.applyingAspectRatio(aspect)
            if ownSize.width != nil { result.width = limits.width }
            if ownSize.height != nil { result.height = limits.height }
            return result
        }
        let ownMax = Dims(style.maxWidth.resolve(area.width), style.maxHeight.resolve(area.height))
        // A minimum carried through the ratio is capped by the axis's own maximum.
        let ownMin = Dims(style.minWidth.resolve(area.width), style.minHeight.resolve(area.height))
        var carriedMin = carried(ownMin)
        if ownMin.width == nil { carriedMin.width = carriedMin.width.atMost(ownMax.width) }
        if ownMin.height == nil { carriedMin.height = carriedMin.height.atMost(ownMax.height) }
        var minSize = carriedMin.plus(boxAdjustment).or(pbSum.optional).atLeast(pbSum)
        if let aspect, style.boxSizing == .borderBox {
            // A border box is never smaller than its padding and border: through the ratio,
            // neither is an axis without a size of its own (Chromium).
            if ownSize.width == nil {
                minSize.width = max(minSize.width ?? 0, pbSum.height * aspect)
            }
            if ownSize.height == nil {
                minSize.height = max(minSize.height ?? 0, pbSum.width / aspect)
            }
        }
        let maxSize = carried(ownMax).plus(boxAdjustment)
        // A size of the box's own is within its own limits before it goes through the ratio
        // into the other axis (Chromium).
        var known = ownSize.plus(boxAdjustment).clamped(min: minSize, max: maxSize)
        if aspect != nil {
            known = known.minus(boxAdjustment).applyingAspectRatio(aspect).plus(boxAdjustment)
                .clamped(min: minSize, max: maxSize)
        }

        if style.width.isSizingKeyword || style.height.isSizingKeyword {
            resolveAbsoluteKeywords(
                child, &known, style: style, area: area,
                inset: Sides(left: left, right: right, top: top, bottom: bottom),
                margin: margin, direction: childDirection)
            known = known.applyingAspectRatio(aspect).clamped(min: minSize, max: maxSize)
        }
        // CSS Box Alignment §6.1: with both vertical insets set, a box that does not stretch
        // there is sized to its content and aligned within the space they leave. `align-self`
        // aligns only in the block (vertical) axis, whatever the flex direction (the cross
        // axis of a row, the main axis of a column); the inline axis is `justify-self: normal`,
        // which stretches. The container's `align-items` does not apply: `align-self: auto` of
        // an absolutely positioned box is `normal`.
        let blockStretches = style.alignSelf == nil || alignSelf.position == .stretch
        // A size the insets give is within the box's own limits before it goes through the
        // ratio into the other axis.
        if known.width == nil, let left, let right {
            known.width = max(area.width.minus(margin.left).minus(margin.right) - left - right, 0)
                .clamped(min: minSize.width, max: maxSize.width)
            known = known.applyingAspectRatio(aspect).clamped(min: minSize, max: maxSize)
        }
        let heightIsFromInsets =
            known.height == nil && top != nil && bottom != nil && blockStretches
        if known.height == nil, let top, let bottom, blockStretches {
            known.height = max(area.height.minus(margin.top).minus(margin.bottom) - top - bottom, 0)
                .clamped(min: minSize.height, max: maxSize.height)
            known = known.applyingAspectRatio(aspect).clamped(min: minSize, max: maxSize)
        }
        let available = Dims<FlexAvailableSpace>(
            .definite(
                insetModifiedWidth(area: area.width, left: left, right: right, alignSelf: alignSelf)
                    .clamped(min: minSize.width, max: maxSize.width)),
            .definite(container.height.clamped(min: minSize.height, max: maxSize.height)))
        var widthIsContentFloor = false
        if let aspect, style.minWidth.isAuto, !style.isScrollContainer,
            ownSize.height != nil || (top != nil && bottom != nil), let width = known.width
        {
            // CSS Box Sizing level 4, Automatic Minimum Size, as Chromium applies it to an
            // absolutely positioned box: with an aspect ratio and a height that does not come
            // through the ratio (its own, or its insets'), `min-width: auto` is the box's
            // min-content width, whether its width is its own or comes through the ratio. A
            // height that comes through the ratio follows the width.
            let minContent = FlexCompute.layout(
                child,
                LayoutInput(
                    runMode: .computeSize, sizingMode: .contentSize, axis: .horizontal,
                    knownDimensions: .none, parentSize: area.optional,
                    availableSpace: Dims(.minContent, .maxContent), direction: childDirection)
            ).size.width
            // Capped by the box's own maximum width, not by one carried through the ratio.
            let floor = max(minContent, pbSum.width).atMost(
                ownMax.width.map { $0 + boxAdjustment.width })
            if floor > width {
                known.width = floor
                widthIsContentFloor = true
                minSize.width = max(minSize.width ?? 0, floor)
                if ownSize.height == nil {
                    known.height = (floor / aspect).clamped(
                        min: minSize.height, max: maxSize.height)
                }
            }
        }
        if aspect != nil, !child.children.isEmpty || child.hasMeasure,
            !style.isScrollContainer,
            ownSize.width != nil || widthIsContentFloor || (left != nil && right != nil),
            ownSize.height == nil, style.minHeight.isAuto, let width = known.width,
            let height = known.height
        {
            // CSS Box Sizing level 4, Automatic Minimum Size: a height that comes only from the
            // width through the ratio is at least the content's height at that width (with
            // insets at both ends too: the ratio, not the insets, sizes an automatic height).
            let content = FlexCompute.layout(
                child,
                LayoutInput(
                    runMode: .computeSize, sizingMode: .contentSize, axis: .both,
                    knownDimensions: Dims(width, nil), parentSize: area.optional,
                    availableSpace: available, direction: childDirection,
                    heightIsRatioBasis: true)
            ).size
            known.height = max(height, content.height).atMost(maxSize.height)
        }
        var finalSize: Dims<Double>
        if let width = known.width, let height = known.height {
            finalSize = Dims(width, height)
        } else {
            let measured = FlexCompute.layout(
                child,
                LayoutInput(
                    runMode: .computeSize, sizingMode: .inherentSize, axis: .both,
                    knownDimensions: known,
                    parentSize: area.optional, availableSpace: available,
                    direction: childDirection)
            ).size
            finalSize = known.unwrap(or: measured)
            if let aspect, known.width == nil, known.height == nil, !child.children.isEmpty {
                // CSS Box Sizing level 4: with both sizes automatic, the height is the width
                // (from the content) through the ratio, and at least the content's height while
                // the minimum height is automatic.
                // That content height is measured at the width, with the height through the
                // ratio as the basis of the items' percentages and lines (Chromium).
                let ratioHeight = finalSize.width / aspect
                if style.minHeight.isAuto {
                    let content = FlexCompute.layout(
                        child,
                        LayoutInput(
                            runMode: .computeSize, sizingMode: .contentSize, axis: .vertical,
                            knownDimensions: Dims(finalSize.width, nil),
                            parentSize: area.optional, availableSpace: available,
                            direction: childDirection, heightIsRatioBasis: true)
                    ).size
                    finalSize.height = max(ratioHeight, content.height)
                } else {
                    finalSize.height = ratioHeight
                }
            }
        }
        finalSize = finalSize.clamped(min: minSize, max: maxSize)
        let output = FlexCompute.layout(
            child,
            LayoutInput(
                runMode: .performLayout, sizingMode: .inherentSize, axis: .both,
                knownDimensions: finalSize.optional,
                // A height from the box's content is not definite for its own children's
                // percentages (a width is, as the inline size of a block is).
                knownDefinite: Dims(true, known.height != nil),
                parentSize: area.optional, availableSpace: available, direction: childDirection,
                // A height through the ratio from the width is (Chromium), even when the
                // content makes the box taller.
                heightIsRatioBasis: aspect != nil && ownSize.height == nil && !heightIsFromInsets))

        // CSS Positioned Layout §4.1 and §4.4 (CSS 2 §10.3.7, §10.6.4): with both insets of an
        // axis set, auto margins take the space the inset-modified containing block (the
        // padding box less the insets, at least empty) leaves around the box. That space may be
        // negative: one auto margin takes all of it, and two share it, except in the inline
        // (horizontal) axis, where a negative space leaves the start margin at zero.
        let nonAuto = margin.map { $0 ?? 0 }
        let autoWidthCount = (margin.left == nil ? 1 : 0) + (margin.right == nil ? 1 : 0)
        let autoHeightCount = (margin.top == nil ? 1 : 0) + (margin.bottom == nil ? 1 : 0)
        var autoLeft = 0.0
        var autoRight = 0.0
        var autoTop = 0.0
        var autoBottom = 0.0
        if autoWidthCount > 0, let left, let right {
            let free = max(area.width - left - right, 0) - finalSize.width - nonAuto.horizontal
            if autoWidthCount == 1 {
                autoLeft = free
                autoRight = free
            } else if free >= 0 {
                autoLeft = free / 2
                autoRight = free / 2
            } else if c.isRTL {
                autoLeft = free
            } else {
                autoRight = free
            }
        }
        if autoHeightCount > 0, let top, let bottom {
            let free = max(area.height - top - bottom, 0) - finalSize.height - nonAuto.vertical
            autoTop = free / Double(autoHeightCount)
            autoBottom = autoTop
        }
        let resolvedMargin = Sides(
            left: margin.left ?? autoLeft, right: margin.right ?? autoRight,
            top: margin.top ?? autoTop, bottom: margin.bottom ?? autoBottom)

        let startMain = isRow ? left : top
        let endMain = isRow ? right : bottom
        let startCross = isRow ? top : left
        let endCross = isRow ? bottom : right
        let mainIsRTL = isRow && c.isRTL
        let crossIsRTL = !isRow && c.isRTL
        let gutterMain = c.scrollbarGutter.main(isRow)
        let gutterCross = c.scrollbarGutter.cross(isRow)
        let mainStartGutter = mainIsRTL ? gutterMain : 0
        let mainEndGutter = mainIsRTL ? 0 : gutterMain
        let crossStartGutter = crossIsRTL ? gutterCross : 0
        let crossEndGutter = crossIsRTL ? 0 : gutterCross
        let inset = c.contentBoxInset
        let mainSize = finalSize.main(isRow)
        let crossSize = finalSize.cross(isRow)
        let containerMain = container.main(isRow)
        let containerCross = container.cross(isRow)

        let mainAtStart = inset.mainStart(isRow) + resolvedMargin.mainStart(isRow)
        let mainAtEnd =
            containerMain - inset.mainEnd(isRow) - mainSize - resolvedMargin.mainEnd(isRow)
        /// The box's start in the block (vertical) axis when it is aligned there between both
        /// of its vertical insets, as CSS Positioned Layout §4.1 and §4.4 describe and Chromium
        /// implements them. The inset-modified containing block is the padding box less the
        /// insets; when the insets overlap, it is empty at its start (the bottom inset gives
        /// way). The box is aligned in it; when it overflows, the default overflow alignment
        /// keeps it within that block, or, when it cannot fit there, within the union of that
        /// block and the padding box, its start edge winning. `safe` alignment puts an
        /// overflowing box at the block's start.
        func alignedBetweenVerticalInsets(_ startInset: Double, _ endInset: Double) -> Double {
            let blockSize = container.height - c.border.vertical - c.scrollbarGutter.height
            let outer = finalSize.height + resolvedMargin.vertical
            let blockStart = startInset
            var blockEnd = endInset
            if blockSize - blockStart - blockEnd < 0 { blockEnd = blockSize - blockStart }
            var start = blockStart
            var end = blockEnd
            var free = blockSize - start - end - outer
            var position = alignSelf.position
            let safeApplies = alignSelf.isSafe && free < 0
            if safeApplies {
                free = 0
                position = .start
            }
            switch position {
            case .center:
                start += free / 2
                end += free / 2
            case .end, .selfEnd, .flexEnd: start += free
            case .start, .selfStart, .baseline, .flexStart, .stretch: end += free
            }
            if !safeApplies {
                let fitsBlock = outer <= blockSize - blockStart - blockEnd
                let safeEnd = fitsBlock ? blockEnd : min(blockEnd, 0)
                if end < safeEnd {
                    start += end - safeEnd
                    end = safeEnd
                }
                let safeStart = fitsBlock ? blockStart : min(blockStart, 0)
                if start < safeStart {
                    end += start - safeStart
                    start = safeStart
                }
            }
            return c.border.top + start + resolvedMargin.top
        }
        let offsetMain: Double
        if !isRow, let top, let bottom, !blockStretches {
            offsetMain = alignedBetweenVerticalInsets(top, bottom)
        } else if startMain != nil || endMain != nil {
            if let end = endMain, mainIsRTL || startMain == nil {
                offsetMain =
                    containerMain - c.border.mainEnd(isRow) - mainEndGutter - mainSize - end
                    - resolvedMargin.mainEnd(isRow)
            } else {
                offsetMain =
                    (startMain ?? 0) + c.border.mainStart(isRow) + mainStartGutter
                    + resolvedMargin.mainStart(isRow)
            }
        } else {
            switch mainStaticEdge {
            case .start: offsetMain = mainAtStart
            case .end: offsetMain = mainAtEnd
            case .center:
                offsetMain =
                    (containerMain + inset.mainStart(isRow) - inset.mainEnd(isRow) - mainSize
                        + resolvedMargin.mainStart(isRow) - resolvedMargin.mainEnd(isRow)) / 2
            }
        }

        let crossAtStart = inset.crossStart(isRow) + resolvedMargin.crossStart(isRow)
        let crossAtEnd =
            containerCross - inset.crossEnd(isRow) - crossSize - resolvedMargin.crossEnd(isRow)
        let offsetCross: Double
        if isRow, let top, let bottom, !blockStretches {
            // The box is aligned in the block axis, whose start is the top (a wrap-reverse
            // container's flex-start included).
            offsetCross = alignedBetweenVerticalInsets(top, bottom)
        } else if startCross != nil || endCross != nil {
            if let end = endCross, crossIsRTL || startCross == nil {
                offsetCross =
                    containerCross - c.border.crossEnd(isRow) - crossEndGutter - crossSize - end
                    - resolvedMargin.crossEnd(isRow)
            } else {
                offsetCross =
                    (startCross ?? 0) + c.border.crossStart(isRow) + crossStartGutter
                    + resolvedMargin.crossStart(isRow)
            }
        } else {
            let overflows =
                crossSize + resolvedMargin.crossSum(isRow) > containerCross - inset.crossSum(isRow)
            let position: FlexItemAlignment.Position =
                alignSelf.isSafe && overflows ? .start : alignSelf.position
            switch crossStaticEdge(position) {
            case .start: offsetCross = crossAtStart
            case .end: offsetCross = crossAtEnd
            case .center:
                offsetCross =
                    (containerCross + inset.crossStart(isRow) - inset.crossEnd(isRow) - crossSize
                        + resolvedMargin.crossStart(isRow) - resolvedMargin.crossEnd(isRow)) / 2
            }
        }

        let x = isRow ? offsetMain : offsetCross
        let y = isRow ? offsetCross : offsetMain
        child.unrounded = UnroundedLayout(
            x: x, y: y, size: finalSize, contentSize: output.contentSize)
        let relativeX =
            c.isRTL ? area.width - (x - c.border.left - c.scrollbarGutter.width) : x - c.border.left
        if c.isRTL {
            let extra = max(output.contentSize.width - finalSize.width, 0)
            content.width = max(content.width, max(relativeX, 0) + extra)
            content.height = max(
                content.height, y - c.border.top + max(finalSize.height, output.contentSize.height))
        } else {
            FlexCompute.addContentContribution(
                &content, x: relativeX, y: y - c.border.top, size: finalSize,
                contentSize: output.contentSize,
                overflowX: style.overflowX, overflowY: style.overflowY)
        }
    }

    /// Fills the known size of an absolutely positioned child from sizing keywords.
    private func resolveAbsoluteKeywords(
        _ child: FlexNode, _ known: inout Dims<Double?>, style: FlexStyle, area: Dims<Double>,
        inset: Sides<Double?>,
        margin: Sides<Double?>, direction: LayoutDirection
    ) {
        let stretch = Dims(
            max(
                area.width - (inset.left ?? 0) - (inset.right ?? 0) - (margin.left ?? 0)
                    - (margin.right ?? 0), 0),
            max(
                area.height - (inset.top ?? 0) - (inset.bottom ?? 0) - (margin.top ?? 0)
                    - (margin.bottom ?? 0), 0))
        let widthKeyword =
            known.width == nil
            ? SizingKeywordResolution.resolve(style.width, stretchSize: stretch.width) : nil
        let heightKeyword =
            known.height == nil
            ? SizingKeywordResolution.resolve(style.height, stretchSize: stretch.height) : nil
        func measure(_ known: Dims<Double?>, _ space: Dims<FlexAvailableSpace>) -> Dims<Double> {
            FlexCompute.layout(
                child,
                LayoutInput(
                    runMode: .computeSize, sizingMode: .inherentSize, axis: .both,
                    knownDimensions: known,
                    parentSize: area.optional, availableSpace: space, direction: direction)
            ).size
        }
        if case .measure(let width)? = widthKeyword, case .measure(let height)? = heightKeyword {
            known = measure(.none, Dims(width, height)).optional
            return
        }
        if let widthKeyword {
            switch widthKeyword {
            case .exact(let width): known.width = width
            case .measure(let space):
                known.width = measure(known, Dims(space, .definite(stretch.height))).width
            }
        }
        if let heightKeyword {
            switch heightKeyword {
            case .exact(let height): known.height = height
            case .measure(let space):
                known.height =
                    measure(known, Dims(.definite(known.width ?? stretch.width), space)).height
            }
        }
    }
}
