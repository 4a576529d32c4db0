import TrellisGeometry

/// The per-item state of the flexbox algorithm (CSS Flexible Box Layout §9).
struct FlexItem {
    // The eight-byte fields come first, and each optional size is followed by small fields
    // that fit in the room its flag leaves, so that the item has no padding between fields
    // (304 bytes): a container holds one item per child while it is laid out.
    unowned(unsafe) let node: FlexNode
    var flexGrow: Double
    var flexShrink: Double
    /// The used minimum main size, including the automatic minimum.
    var resolvedMinimumMainSize = 0.0
    var margin: Sides<Double>
    /// Padding plus border.
    var paddingBorder: Sides<Double>
    var flexBasis = 0.0
    var innerFlexBasis = 0.0
    var violation = 0.0
    var hypotheticalInnerSize = Dims<Double>.zero
    var hypotheticalOuterSize = Dims<Double>.zero
    var targetSize = Dims<Double>.zero
    var outerTargetSize = Dims<Double>.zero
    var baseline = 0.0
    var offsetMain = 0.0
    var offsetCross = 0.0
    /// The preferred size, resolved (and with the aspect ratio and box sizing applied).
    var size: Dims<Double?>
    var direction: LayoutDirection
    /// Whether `width` and `height` resolve by themselves (not through the aspect ratio).
    var hasOwnSize: Dims<Bool>
    var minSize: Dims<Double?>
    var alignSelf: FlexItemAlignment
    var marginIsAuto: Sides<Bool>
    var maxSize: Dims<Double?>
    var flexBasisIsDefinite = false
    /// Whether the automatic minimum is not measured yet: it is only needed when the item may
    /// end up smaller than a flex basis that was measured at max-content (and so bounds it).
    var minimumIsDeferred = false
    var frozen = false

    var isScrollContainer: Bool { overflowX.isScrollContainer || overflowY.isScrollContainer }
    /// The `width` and `height` styles, read from the node (not stored: they are rarely needed).
    var sizeStyle: Dims<FlexLength> { Dims(node.style.width, node.style.height) }
    var aspectRatio: Double? { node.style.aspectRatio }
    var overflowX: FlexOverflow { node.style.overflowX }
    var overflowY: FlexOverflow { node.style.overflowY }

    /// Minimum (or with `isMaximum`, maximum) sizes with those of one axis carried into the
    /// other through the aspect ratio, where the other axis has no size of its own (CSS Box
    /// Sizing level 4, Aspect-ratio Size Transfers: limits transfer only into a ratio-dependent
    /// axis, and combine with its own limit).
    @inline(__always)
    func transferred(_ limits: Dims<Double?>, isMaximum: Bool = false) -> Dims<Double?> {
        guard let ratio = aspectRatio else { return limits }
        // A carried limit yields to the axis's own opposite limit (a carried minimum is at most
        // its maximum, a carried maximum at least its minimum).
        let opposite = isMaximum ? minSize : maxSize
        func combined(_ own: Double?, _ carried: Double?, _ bound: Double?) -> Double? {
            var carried = carried
            if let value = carried, let bound {
                carried = isMaximum ? max(value, bound) : min(value, bound)
            }
            guard let own, let carried else { return own ?? carried }
            return isMaximum ? min(own, carried) : max(own, carried)
        }
        var result = limits
        if !hasOwnSize.width {
            result.width = combined(
                limits.width, limits.height.map { $0 * ratio }, opposite.width)
        }
        if !hasOwnSize.height {
            result.height = combined(
                limits.height, limits.width.map { $0 / ratio }, opposite.height)
        }
        return result
    }

    /// The preferred cross size, unless it only comes from the main size through the aspect
    /// ratio: that one follows the flexed main size instead.
    @inline(__always)
    func ownCrossSize(_ isRow: Bool) -> Double? {
        aspectRatio != nil && !hasOwnSize.cross(isRow) ? nil : size.cross(isRow)
    }

    /// Whether the item takes part in baseline alignment: `baseline` alignment and no `auto`
    /// cross-axis margin.
    func participatesInBaseline(_ isRow: Bool) -> Bool {
        alignSelf.position == .baseline && !marginIsAuto.crossStart(isRow)
            && !marginIsAuto.crossEnd(isRow)
    }
}

/// A flex line: a run of consecutive items.
struct FlexLine {
    var start: Int
    var end: Int
    var crossSize = 0.0
    var offsetCross = 0.0

    var count: Int { end - start }
}

/// Values fixed for one run of the algorithm on a container.
struct FlexConstants {
    var isRow: Bool
    var isReverse: Bool
    var direction: LayoutDirection
    var isWrap: Bool
    var isWrapReverse: Bool
    var isBalance: Bool
    /// Whether an automatic main size follows §9.9.1 rather than browsers.
    var isSpecSizing: Bool
    var lineCount: Int?
    var minSize: Dims<Double?>
    var maxSize: Dims<Double?>
    var margin: Sides<Double>
    var border: Sides<Double>
    /// Padding, border and scrollbar gutters.
    var contentBoxInset: Sides<Double>
    /// Space reserved for scrollbars: `width` for a vertical scrollbar, `height` for a
    /// horizontal one.
    var scrollbarGutter: Dims<Double>
    var isScrollContainer: Bool
    /// `width` is the column gap, `height` the row gap.
    var gap: Dims<Double>
    var alignItems: FlexItemAlignment
    var alignContent: FlexContentAlignment
    var justifyContent: FlexContentAlignment
    var nodeOuterSize: Dims<Double?>
    var nodeInnerSize: Dims<Double?>
    var knownMainSizeIsDefinite: Bool
    var hasDefiniteMainSize: Bool
    var hasDefiniteCrossSize: Bool
    /// Whether the container's own minimum and maximum sizes clamp the size it computes. A
    /// measurement of its content size (a flex base size, a content contribution) leaves them
    /// to the caller, as a browser's intrinsic size does.
    var clampsOwnSize = true
    /// Whether a wrapping column breaks its lines at its known height (`LayoutInput`).
    var wrapsAtKnownHeight = false
    /// The inner height a container of automatic height has through its aspect ratio from its
    /// width: its items' percentage heights resolve against it, even when its content makes it
    /// taller (Chromium).
    var ratioInnerHeight: Double?
    /// The inner height a wrapping column of automatic height has through its aspect ratio
    /// from its definite width, when that is not `ratioInnerHeight`: it breaks its lines there
    /// (Chromium), though its items' percentages do not resolve against it.
    var ratioLineHeight: Double?

    /// The minimum size the container's own size is clamped to.
    var sizeFloor: Dims<Double?> { clampsOwnSize ? minSize : Dims(nil, nil) }
    /// The maximum size the container's own size is clamped to.
    var sizeCeiling: Dims<Double?> { clampsOwnSize ? maxSize : Dims(nil, nil) }
    var containerSize = Dims<Double>.zero
    var innerContainerSize = Dims<Double>.zero

    var isColumn: Bool { !isRow }
    var isRTL: Bool { direction == .rightToLeft }

    /// Definite cross space divided between the requested number of lines.
    func dividedCrossSpace(_ space: Double) -> Double {
        if let lineCount, lineCount > 1 {
            let count = Double(lineCount)
            return (space - (count - 1) * gap.cross(isRow)) / count
        }
        return space
    }
}

/// One run of the flexbox layout algorithm on a container node.
final class FlexAlgorithm {
    unowned(unsafe) let node: FlexNode
    @exclusivity(unchecked) var c: FlexConstants
    @exclusivity(unchecked) var items: [FlexItem] = []
    @exclusivity(unchecked) var lines: [FlexLine] = []
    /// Whether some children are absolutely positioned, or hidden; found while generating items.
    @exclusivity(unchecked) var hasAbsoluteChildren = false
    @exclusivity(unchecked) var hasHiddenChildren = false
    /// The space available to the items, as determined for their base sizes.
    @exclusivity(unchecked) var itemSpace = Dims<FlexAvailableSpace>(.maxContent, .maxContent)

    init(node: FlexNode, c: FlexConstants) {
        self.node = node
        self.c = c
        // Large containers keep their item storage between runs: allocating (and faulting in)
        // tens of megabytes for every run of a container of 100,000 items costs more than the
        // layout itself.
        if !node.itemStorage.isEmpty || node.itemStorage.capacity > 0 {
            swap(&items, &node.itemStorage)
            items.removeAll(keepingCapacity: true)
        }
    }

    deinit {
        if items.capacity >= Self.retainedCapacity {
            items.removeAll(keepingCapacity: true)
            swap(&items, &node.itemStorage)
        }
    }

    /// Item storage at least this large is kept by the container for its next run.
    static let retainedCapacity = 1024

    /// Lays out or measures a flex container (CSS Flexible Box Layout §9).
    static func compute(_ node: FlexNode, _ input: LayoutInput) -> LayoutOutput {
        let style = node.style
        let parentSize = input.parentSize
        let aspect = style.aspectRatio
        let padding = style.padding.resolveOrZero(parentSize.width)
        let border = style.border.resolveOrZero(parentSize.width)
        let pbSum = (padding + border).sums
        let boxAdjustment = style.boxSizing == .contentBox ? pbSum : .zero

        let ownMin = Dims(
            style.minWidth.resolve(parentSize.width), style.minHeight.resolve(parentSize.height))
        let ownMax = Dims(
            style.maxWidth.resolve(parentSize.width), style.maxHeight.resolve(parentSize.height))
        let limits = Dims<Double?>.limitsThroughRatio(min: ownMin, max: ownMax, ratio: aspect)
        let minSize = limits.min.plus(boxAdjustment)
        let maxSize = limits.max.plus(boxAdjustment)
        let clampedStyleSize: Dims<Double?> =
            input.sizingMode == .inherentSize
            ? Dims(style.width.resolve(parentSize.width), style.height.resolve(parentSize.height))
                .applyingAspectRatio(
                    aspect, floor: style.boxSizing == .borderBox ? pbSum : .zero, min: ownMin,
                    max: ownMax
                )
                .plus(boxAdjustment)
                .clamped(min: minSize, max: maxSize)
            : .none
        // Limits that fix the size fix a measurement of the content too, except percentage
        // limits: a flex base size is not clamped (§9.2 step 3), and a percentage limit that
        // resolves against the container's main size belongs to the item's hypothetical size.
        func fixed(_ min: Double?, _ max: Double?, _ styleMin: FlexLength, _ styleMax: FlexLength)
            -> Double?
        {
            if input.sizingMode == .contentSize, styleMin.isPercentage || styleMax.isPercentage {
                return nil
            }
            return minMaxFixed(min, max)
        }
        let minMaxDefinite = Dims<Double?>(
            fixed(minSize.width, maxSize.width, style.minWidth, style.maxWidth),
            fixed(minSize.height, maxSize.height, style.minHeight, style.maxHeight))
        let known = input.knownDimensions.or(minMaxDefinite.or(clampedStyleSize).atLeast(pbSum))

        if input.runMode == .computeSize {
            if let width = known.width, let height = known.height {
                return LayoutOutput(size: Dims(width, height))
            }
            if input.axis == .horizontal, let width = known.width {
                return LayoutOutput(size: Dims(width, 0), isPartial: true)
            }
        }
        var definite = input.knownDefinite
        if input.knownDimensions.width == nil { definite.width = true }
        if input.knownDimensions.height == nil { definite.height = true }

        let sizeIsGiven = Dims(
            input.knownDimensions.width != nil, input.knownDimensions.height != nil)
        var constants = constants(
            style, known: known, definite: definite, parentSize: parentSize,
            direction: input.direction, sizeIsGiven: sizeIsGiven)
        constants.clampsOwnSize = input.sizingMode == .inherentSize || input.runMode != .computeSize
        constants.wrapsAtKnownHeight =
            input.wrapsAtKnownHeight && input.knownDimensions.height != nil
        var inner = input
        inner.knownDimensions = known
        if known.width == nil, input.axis != .horizontal, contentUsesPercentages(node) {
            // A container of automatic width finds its width first, as a browser lays out a
            // block at its inline size: the percentages of its items (their padding, say)
            // resolve against that width, which the run that finds it does not have yet.
            var widthInput = inner
            widthInput.runMode = .computeSize
            widthInput.axis = .horizontal
            let width = FlexAlgorithm(node: node, c: constants).run(widthInput).size.width
            inner.knownDimensions.width = width
            var withWidth = definite
            withWidth.width = true
            constants = Self.constants(
                style, known: inner.knownDimensions, definite: withWidth, parentSize: parentSize,
                direction: input.direction, sizeIsGiven: sizeIsGiven)
            constants.clampsOwnSize =
                input.sizingMode == .inherentSize || input.runMode != .computeSize
            constants.wrapsAtKnownHeight =
                input.wrapsAtKnownHeight && input.knownDimensions.height != nil
        }
        if let aspect, definite.width, let width = inner.knownDimensions.width,
            style.height.resolve(parentSize.height) == nil
        {
            // The inner height the definite width gives through the ratio: the basis of the
            // items' percentages when the caller says so, else only where a wrapping column
            // breaks its lines.
            let height = (width / aspect).clamped(
                min: constants.minSize.height, max: constants.maxSize.height)
            let innerHeight = max(height - constants.contentBoxInset.vertical, 0)
            if case .percent = style.rowGap, style.flexDirection.isRow,
                inner.knownDimensions.height == nil || input.heightIsRatioBasis
            {
                // The height through the ratio is definite: a percentage gap between a row's
                // lines resolves against it, while the box is measured and once it is laid out
                // (even when the content the gap adds makes the box taller), as Chromium
                // resolves it.
                constants.gap.height = style.rowGap.resolveOrZero(innerHeight)
            }
            if input.heightIsRatioBasis {
                constants.ratioInnerHeight = innerHeight
            } else if style.flexWrap.isMultiLine, !style.flexDirection.isRow {
                constants.ratioLineHeight = innerHeight
            }
        }
        let algorithm = FlexAlgorithm(node: node, c: constants)
        var output = algorithm.run(inner)
        if let aspect, input.runMode == .computeSize, style.boxSizing == .borderBox,
            inner.knownDimensions.width == nil, inner.knownDimensions.height == nil,
            style.width.resolve(parentSize.width) == nil,
            style.height.resolve(parentSize.height) == nil
        {
            // CSS Box Sizing level 4, Preferred Aspect Ratios: the intrinsic width of a box
            // whose width and height are both automatic is at least the height of its padding
            // and border (within its height limits) through the ratio, as that of an empty
            // one is (Chromium).
            // (A percentage minimum height is left out: it resolves against a height the
            // measurement may not have yet.)
            let minHeight = style.minHeight.isPercentage ? nil : ownMin.height
            let block = max(pbSum.height.clamped(min: minHeight, max: ownMax.height), pbSum.height)
            output.size.width = max(output.size.width, block * aspect)
        }
        return output
    }

    private static func minMaxFixed(_ min: Double?, _ max: Double?) -> Double? {
        if let min, let max, max <= min { return min }
        return nil
    }

    private static func constants(
        _ style: FlexStyle, known: Dims<Double?>, definite: Dims<Bool>, parentSize: Dims<Double?>,
        direction: LayoutDirection, sizeIsGiven: Dims<Bool>
    ) -> FlexConstants {
        let isRow = style.flexDirection.isRow
        let wrap = style.flexWrap
        let aspect = style.aspectRatio
        let margin = style.margin.resolveOrZero(parentSize.width)
        let padding = style.padding.resolveOrZero(parentSize.width)
        let border = style.border.resolveOrZero(parentSize.width)
        let pbSum = (padding + border).sums
        let boxAdjustment = style.boxSizing == .contentBox ? pbSum : .zero
        let gutter = Dims(
            style.overflowY == .scroll ? style.scrollbarWidth : 0,
            style.overflowX == .scroll ? style.scrollbarWidth : 0)
        var inset = padding + border
        inset.bottom += gutter.height
        if direction == .rightToLeft {
            inset.left += gutter.width
        } else {
            inset.right += gutter.width
        }
        let limits = Dims<Double?>.limitsThroughRatio(
            min: Dims(
                style.minWidth.resolve(parentSize.width), style.minHeight.resolve(parentSize.height)
            ),
            max: Dims(
                style.maxWidth.resolve(parentSize.width), style.maxHeight.resolve(parentSize.height)
            ),
            ratio: aspect)
        // A size given by the parent already went through the limits carried by the ratio
        // (and the box's automatic minimum may exceed them): only the box's own limits apply.
        var minLimit = limits.min
        var maxLimit = limits.max
        if sizeIsGiven.width {
            minLimit.width = style.minWidth.resolve(parentSize.width)
            maxLimit.width = style.maxWidth.resolve(parentSize.width)
        }
        if sizeIsGiven.height {
            minLimit.height = style.minHeight.resolve(parentSize.height)
            maxLimit.height = style.maxHeight.resolve(parentSize.height)
        }
        let innerSize = known.minus(inset.sums)
        // A percentage gap resolves against a definite size only (zero otherwise, CSS Box
        // Alignment §8.1); an aspect ratio makes a height definite when the width is.
        let heightIsDefinite = definite.height || (aspect != nil && definite.width)
        let gapBasis = Dims(
            definite.width ? innerSize.width ?? 0 : 0, heightIsDefinite ? innerSize.height ?? 0 : 0)
        let knownMainDefinite = definite.main(isRow)
        return FlexConstants(
            isRow: isRow,
            isReverse: style.flexDirection.isReverse,
            direction: direction,
            isWrap: wrap.isMultiLine,
            isWrapReverse: wrap.isReverse,
            isBalance: wrap.isBalance,
            isSpecSizing: style.intrinsicSizing == .specification,
            lineCount: wrap.isMultiLine ? max(1, style.flexLineCount) : nil,
            minSize: minLimit.plus(boxAdjustment),
            maxSize: maxLimit.plus(boxAdjustment),
            margin: margin,
            border: border,
            contentBoxInset: inset,
            scrollbarGutter: gutter,
            isScrollContainer: style.isScrollContainer,
            gap: Dims(
                style.columnGap.resolveOrZero(gapBasis.width),
                // A percentage row gap of a height that is not definite is zero (CSS Box
                // Alignment §8.1).
                style.rowGap.resolveOrZero(definite.height ? gapBasis.height : 0)),
            alignItems: style.alignItems,
            alignContent: style.alignContent,
            justifyContent: style.justifyContent,
            nodeOuterSize: known,
            nodeInnerSize: innerSize,
            knownMainSizeIsDefinite: knownMainDefinite,
            hasDefiniteMainSize: knownMainDefinite && known.main(isRow) != nil,
            hasDefiniteCrossSize: definite.cross(isRow) && known.cross(isRow) != nil)
    }

    /// The algorithm's steps in order.
    private func run(_ input: LayoutInput) -> LayoutOutput {
        let known = input.knownDimensions
        generateItems()
        let available = determineAvailableSpace(known, input.availableSpace)
        if input.runMode == .computeSize, let output = sizeFromFixedCrossSizes(known, available) {
            return output
        }
        determineFlexBaseSizes(available)
        collectLines(available)

        let isRow = c.isRow
        if let innerMain = c.nodeInnerSize.main(isRow) {
            c.innerContainerSize.setMain(isRow, innerMain)
            c.containerSize.setMain(isRow, innerMain + c.contentBoxInset.mainSum(isRow))
        } else {
            determineContainerMainSize(available)
            c.nodeInnerSize.setMain(isRow, c.innerContainerSize.main(isRow))
            c.nodeOuterSize.setMain(isRow, c.containerSize.main(isRow))
            if isRow && c.isWrap && !c.isBalance && !c.isSpecSizing {
                // A browser sizes a wrapping row of automatic width from its items'
                // contributions, then breaks its lines at that width (§9.2 step 4 comes
                // before step 5): items whose hypothetical sizes exceed their contributions
                // wrap.
                collectLines(available.withMain(isRow, .definite(c.innerContainerSize.main(isRow))))
            }
            let gapStyle = isRow ? node.style.columnGap : node.style.rowGap
            // A percentage gap of a height that was not definite is zero (CSS Box Alignment
            // §8.1); a width resolves it once known.
            c.gap.setMain(
                isRow, gapStyle.resolveOrZero(isRow ? c.innerContainerSize.main(isRow) : nil))
        }

        for index in lines.indices { resolveFlexibleLengths(index) }
        for index in lines.indices { determineHypotheticalCrossSizes(index, available) }
        calculateChildBaselines(known, available)
        calculateLineCrossSizes(known)
        stretchLines(known)
        if input.runMode == .computeSize {
            // The container's size depends only on its lines; item placement is not needed.
            _ = determineContainerCrossSize(known)
            return LayoutOutput(size: c.containerSize)
        }
        determineUsedCrossSizes()
        distributeFreeSpace()
        resolveCrossAxisAutoMargins()
        let totalLineCross = determineContainerCrossSize(known)

        alignLines(totalLineCross)
        let inflowContent = placeItems()
        let absoluteContent = hasAbsoluteChildren ? layoutAbsoluteChildren() : .zero
        if hasHiddenChildren {
            for child in node.children where child.style.display == .none {
                FlexCompute.hide(child)
            }
        }

        let firstLine = c.isWrapReverse ? lines.last : lines.first
        var firstBaseline: Double?
        if let line = firstLine, line.count > 0 {
            var chosen = c.isReverse ? line.end - 1 : line.start
            if isRow {
                for index in line.start..<line.end where items[index].participatesInBaseline(isRow)
                {
                    chosen = index
                    break
                }
            }
            firstBaseline = items[chosen].baseline
        }
        return LayoutOutput(
            size: c.containerSize,
            contentSize: Dims(
                max(inflowContent.width, absoluteContent.width),
                max(inflowContent.height, absoluteContent.height)),
            firstBaseline: firstBaseline)
    }

    /// The container's size without resolving the items' main sizes, when it cannot depend on
    /// them: a single line of known main size whose items all have fixed cross sizes and do
    /// not align by baseline. Returns `nil` otherwise.
    private func sizeFromFixedCrossSizes(
        _ known: Dims<Double?>, _ available: Dims<FlexAvailableSpace>
    )
        -> LayoutOutput?
    {
        let isRow = c.isRow
        guard !c.isWrap, let innerMain = c.nodeInnerSize.main(isRow) else { return nil }
        // A cross size that comes from the main size through an aspect ratio is not fixed.
        for item in items
        where item.ownCrossSize(isRow) == nil || item.alignSelf.position == .baseline {
            return nil
        }
        c.innerContainerSize.setMain(isRow, innerMain)
        c.containerSize.setMain(isRow, innerMain + c.contentBoxInset.mainSum(isRow))
        lines = [FlexLine(start: 0, end: items.count)]
        determineHypotheticalCrossSizes(0, available)
        calculateLineCrossSizes(known)
        stretchLines(known)
        _ = determineContainerCrossSize(known)
        return LayoutOutput(size: c.containerSize)
    }

    /// Builds the in-flow items (§9.1): children that are neither absolute nor `display: none`.
    private func generateItems() {
        let isRow = c.isRow
        var percentBasis =
            c.knownMainSizeIsDefinite ? c.nodeInnerSize : c.nodeInnerSize.withMain(isRow, nil)
        // A cross size that is known but not definite (the main size of a flex item whose
        // basis is not definite, §9.8) does not resolve the items' percentages.
        if !c.hasDefiniteCrossSize { percentBasis.setCross(isRow, nil) }
        if let height = c.ratioInnerHeight { percentBasis.height = height }
        let inner = c.nodeInnerSize
        items.reserveCapacity(node.children.count)
        let children = node.children
        for index in children.indices {
            unowned(unsafe) let child = children[index]
            if child.style.display == .none {
                hasHiddenChildren = true
                continue
            }
            if child.style.position == .absolute {
                hasAbsoluteChildren = true
                continue
            }
            items.append(makeItem(child, percentBasis: percentBasis, inner: inner))
        }
    }

    private func makeItem(
        _ child: FlexNode, percentBasis: Dims<Double?>, inner: Dims<Double?>
    )
        -> FlexItem
    {
        let padding = child.style.padding.resolveOrZero(inner.width)
        let border = child.style.border.resolveOrZero(inner.width)
        let boxAdjustment = child.style.boxSizing == .contentBox ? (padding + border).sums : .zero
        let childDirection = child.style.direction ?? c.direction
        var alignSelf = child.style.alignSelf ?? c.alignItems
        if alignSelf.position == .selfStart || alignSelf.position == .selfEnd {
            alignSelf = FlexAlignmentMath.resolveSelfRelative(
                alignSelf, item: childDirection, container: c.direction, crossIsInline: c.isColumn)
        }
        let width = child.style.width
        let height = child.style.height
        let aspectRatio = child.style.aspectRatio
        var size = Dims(width.resolve(percentBasis.width), height.resolve(percentBasis.height))
        let hasOwnSize = Dims(size.width != nil, size.height != nil)
        var minSize = Dims(
            child.style.minWidth.resolve(percentBasis.width),
            child.style.minHeight.resolve(percentBasis.height))
        var maxSize = Dims(
            child.style.maxWidth.resolve(percentBasis.width),
            child.style.maxHeight.resolve(percentBasis.height))
        if aspectRatio != nil {
            let pbSum = (padding + border).sums
            size = size.applyingAspectRatio(
                aspectRatio, floor: child.style.boxSizing == .borderBox ? pbSum : .zero,
                min: minSize, max: maxSize)
        }
        if child.style.boxSizing == .contentBox {
            size = size.plus(boxAdjustment)
            minSize = minSize.plus(boxAdjustment)
            maxSize = maxSize.plus(boxAdjustment)
        }
        let margin = child.style.margin
        return FlexItem(
            node: child,
            flexGrow: child.style.flexGrow,
            flexShrink: child.style.flexShrink,
            margin: margin.resolveOrZero(inner.width),
            paddingBorder: padding + border,
            size: size,
            direction: childDirection,
            hasOwnSize: hasOwnSize,
            minSize: minSize,
            alignSelf: alignSelf,
            marginIsAuto: margin.autoFlags,
            maxSize: maxSize)
    }

    /// The available main and cross space for the items (§9.2 step 2).
    private func determineAvailableSpace(_ known: Dims<Double?>, _ outer: Dims<FlexAvailableSpace>)
        -> Dims<FlexAvailableSpace>
    {
        let inset = c.contentBoxInset
        let width: FlexAvailableSpace =
            known.width.map { .definite($0 - inset.horizontal) }
            ?? outer.width.subtracting(c.margin.horizontal).subtracting(inset.horizontal)
        let height: FlexAvailableSpace =
            known.height.map { .definite($0 - inset.vertical) }
            ?? outer.height.subtracting(c.margin.vertical).subtracting(inset.vertical)
        return Dims(width, height)
    }

    /// The size the items' percentages resolve against once the container is sized: its inner
    /// size, less a height that was not definite before the items were laid out (§9.8; a
    /// width resolves them, as the inline size of a block does).
    var itemPercentBasis: Dims<Double?> {
        var basis = c.nodeInnerSize
        if c.isRow ? !c.hasDefiniteCrossSize : !c.hasDefiniteMainSize { basis.height = nil }
        return basis
    }

    /// Whether an item's height resolves its children's percentages only through its aspect
    /// ratio from its width (`LayoutInput.heightIsRatioBasis`).
    @inline(__always)
    func heightIsRatioBasis(_ item: FlexItem) -> Bool {
        c.isRow && item.aspectRatio != nil && !item.hasOwnSize.height
            && !(stretchesToLine(item)
                && (c.hasDefiniteCrossSize || c.isWrap
                    // Stretched beyond its own height by its line, it is laid out again at a
                    // definite one.
                    || abs(item.targetSize.height - item.hypotheticalInnerSize.height) > 1e-9))
    }

    /// Whether an item's post-flexing sizes count as definite for its own children (§9.8). A
    /// width always is, as the inline size of a block is; a height in the main axis when the
    /// container's or the item's basis is definite, or the container has a height through its
    /// aspect ratio (`ratioInnerHeight`, Chromium), and in the cross axis when the item has
    /// one of its own, is stretched to its line or has it through its aspect ratio.
    @inline(__always)
    func itemDefiniteness(_ item: FlexItem) -> Dims<Bool> {
        let isRow = c.isRow
        return Dims.fromMainCross(
            isRow,
            main: isRow || c.hasDefiniteMainSize || item.flexBasisIsDefinite
                || c.ratioInnerHeight != nil,
            cross: !isRow || item.size.cross(isRow) != nil || stretchesToLine(item)
                || item.aspectRatio != nil)
    }
}

extension FlexLength {
    /// Whether the length is a percentage.
    fileprivate var isPercentage: Bool {
        if case .percent = self { return true }
        return false
    }
}
