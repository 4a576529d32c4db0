import TrellisGeometry

extension StackLayout {
    /// Builds the flex tree that lays the stack out.
    func makeTree(_ items: [StackItem], size: Size?, layoutDirection: LayoutDirection) throws
        -> FlexNode
    {
        guard spacing.isFinite && spacing >= 0 else {
            throw FlexLayoutError(
                path: "stack.spacing", message: "\(spacing) must be a finite number, 0 or more")
        }
        let margins = resolvedMargins(layoutDirection)
        for (name, value) in [
            ("top", margins.top), ("left", margins.left), ("bottom", margins.bottom),
            ("right", margins.right),
        ] where !(value.isFinite && value >= 0) {
            throw FlexLayoutError(
                path: "stack.layoutMargins.\(name)",
                message: "\(value) must be a finite number, 0 or more")
        }
        let horizontal = direction.isHorizontal
        var style = FlexStyle()
        switch direction {
        case .row: style.flexDirection = .row
        case .rowReverse: style.flexDirection = .rowReverse
        case .column: style.flexDirection = .column
        case .columnReverse: style.flexDirection = .columnReverse
        }
        style.padding = FlexEdges(
            top: .points(margins.top), right: .points(margins.right),
            bottom: .points(margins.bottom),
            left: .points(margins.left))
        if let size {
            style.width = .points(size.width)
            style.height = .points(size.height)
        }
        if horizontal {
            style.columnGap = .points(spacing)
        } else {
            style.rowGap = .points(spacing)
        }
        style.alignItems = crossAlignment(horizontal: horizontal)
        switch distribution {
        case .equalSpacing, .equalCentering: style.justifyContent = .spaceBetween
        default: style.justifyContent = .flexStart
        }
        let root = FlexNode(style: style)

        let visible = items.filter { !$0.isHidden }
        let lowestHugging = visible.map(\.huggingPriority).min()
        let lowestCompression = visible.map(\.compressionResistance).min()
        let grower = visible.firstIndex { $0.huggingPriority == lowestHugging }
        let shrinker = visible.firstIndex { $0.compressionResistance == lowestCompression }
        var visibleIndex = 0
        for (index, item) in items.enumerated() {
            let width = item.intrinsicSize.width
            let height = item.intrinsicSize.height
            guard width.isFinite && height.isFinite else {
                throw FlexLayoutError(
                    path: "stack.items[\(index)].intrinsicSize",
                    message: "\(item.intrinsicSize) is not a finite size")
            }
            let intrinsic = Size(width: max(width, 0), height: max(height, 0))
            let main = horizontal ? intrinsic.width : intrinsic.height
            var itemStyle = FlexStyle()
            if item.isHidden {
                itemStyle.display = .none
            } else {
                itemStyle.flexBasis = .points(main)
                if horizontal { itemStyle.minWidth = .zero } else { itemStyle.minHeight = .zero }
                itemStyle.flexShrink = 0
                switch distribution {
                case .fill:
                    itemStyle.flexGrow = visibleIndex == grower ? 1 : 0
                    itemStyle.flexShrink = visibleIndex == shrinker ? 1 : 0
                case .fillEqually:
                    itemStyle.flexBasis = .zero
                    itemStyle.flexGrow = 1
                    itemStyle.flexShrink = 1
                case .fillProportionally:
                    itemStyle.flexBasis = .zero
                    itemStyle.flexGrow = main
                    itemStyle.flexShrink = 1
                case .equalSpacing, .equalCentering:
                    itemStyle.flexShrink = visibleIndex == shrinker ? 1 : 0
                }
                visibleIndex += 1
            }
            let node = FlexNode(style: itemStyle) { request in
                Size(
                    width: request.knownWidth ?? intrinsic.width,
                    height: request.knownHeight ?? intrinsic.height)
            }
            if alignment == .lastBaseline {
                let baseline = item.lastBaseline ?? item.firstBaseline
                node.baseline = { size in baseline ?? size.height }
            } else if let baseline = item.firstBaseline {
                node.baseline = { _ in baseline }
            }
            try root.appendChild(node)
        }
        return root
    }

    private func crossAlignment(horizontal: Bool) -> FlexItemAlignment {
        switch alignment {
        case .fill: .stretch
        case .leading, .top: .flexStart
        case .center: .center
        case .trailing, .bottom: .flexEnd
        case .firstBaseline: horizontal ? .baseline : .flexStart
        case .lastBaseline: horizontal ? .baseline : .flexEnd
        }
    }

    /// Moves the visible items so that their centres are equally far apart, when the minimum
    /// spacing allows it.
    func applyEqualCentering(
        _ frames: inout [Rect], items: [StackItem], size: Size, layoutDirection: LayoutDirection
    ) {
        let horizontal = direction.isHorizontal
        let visible = items.indices.filter { !items[$0].isHidden }
            .sorted {
                horizontal ? frames[$0].minX < frames[$1].minX : frames[$0].minY < frames[$1].minY
            }
        guard visible.count > 1 else { return }
        let margins = resolvedMargins(layoutDirection)
        let start = horizontal ? margins.left : margins.top
        let end = horizontal ? size.width - margins.right : size.height - margins.bottom
        func length(_ index: Int) -> Double {
            horizontal ? frames[index].width : frames[index].height
        }
        let firstCenter = start + length(visible[0]) / 2
        let lastCenter = end - length(visible[visible.count - 1]) / 2
        let step = (lastCenter - firstCenter) / Double(visible.count - 1)
        for pair in zip(visible, visible.dropFirst())
        where step < (length(pair.0) + length(pair.1)) / 2 + spacing {
            return
        }
        for (order, index) in visible.enumerated() {
            let origin = firstCenter + step * Double(order) - length(index) / 2
            if horizontal {
                frames[index].origin.x = origin
            } else {
                frames[index].origin.y = origin
            }
        }
    }
}
