/// One item of a section with sizes of its own: 16 bytes.
///
/// The line's offset along the scroll direction is exact (a `Double`); the item's lengths are
/// kept in single precision, and the sign of `along` marks the first item of a line.
struct FlowItem {
    /// The offset of the item's line from the start of the section's lines.
    var lineOffset: Double
    private var signedAlong: Float
    /// The item's length along the scroll direction.
    var across: Float

    init(along: Double, across: Double) {
        lineOffset = 0
        signedAlong = Float(along)
        self.across = Float(across)
    }

    /// The item's length along a line.
    var along: Float { signedAlong.magnitude }

    /// Whether the item is the first of its line.
    var startsLine: Bool {
        get { signedAlong.sign == .minus }
        set {
            signedAlong = Float(sign: newValue ? .minus : .plus, exponent: 0, significand: along)
        }
    }
}

/// The lines of a section whose items have sizes of their own: the items packed greedily into
/// lines, with each line's offset kept per item so that a query binary-searches it.
struct VariableLines {
    /// The items, in order.
    var items: [FlowItem] = []
    /// The length of the lines along the scroll direction.
    var length: Double = 0
    /// The exact size of the first item, along a line and across it.
    var firstSize: (along: Double, across: Double) = (0, 0)
    /// The number of leading items whose size equals the first item's: when it covers every
    /// item, the section is uniform after all.
    var uniformPrefix = 0

    /// Whether every item has the first item's size.
    var isUniform: Bool { uniformPrefix == items.count }

    /// Extends ``uniformPrefix`` over items rebuilt from `start`, the items before it being
    /// unchanged.
    mutating func measureUniformity(from start: Int) {
        guard let first = items.first else {
            uniformPrefix = 0
            return
        }
        if start == 0 {
            uniformPrefix = 1
        } else if uniformPrefix < start {
            return
        } else {
            uniformPrefix = start
        }
        var index = max(uniformPrefix, 1)
        while index < items.count, items[index].along == first.along,
            items[index].across == first.across
        {
            index += 1
        }
        uniformPrefix = index
    }

    /// The first item of the line that holds an item.
    ///
    /// - Complexity: O(*n*), where *n* is the number of items in the line.
    func lineStart(containing index: Int) -> Int {
        var start = index
        while start > 0, !items[start].startsLine { start -= 1 }
        return start
    }

    /// The index after the last item of the line that starts at `start`.
    func lineEnd(from start: Int) -> Int {
        var end = start + 1
        while end < items.count, !items[end].startsLine { end += 1 }
        return end
    }

    /// Packs the items from `start`, which begins a line, to the end into lines, and updates
    /// the offsets and the length.
    ///
    /// - Complexity: O(*n* − `start`).
    mutating func pack(from start: Int, metrics: SectionMetrics) {
        var offset = 0.0
        if start > 0 {
            let previous = lineStart(containing: start - 1)
            var thickness = 0.0
            for index in previous..<start {
                thickness = max(thickness, Double(items[index].across))
            }
            offset = items[previous].lineOffset + thickness + metrics.lineSpacing
            length = offset - metrics.lineSpacing
        } else {
            length = 0
        }
        guard start < items.count else { return }
        let room = metrics.available + metrics.tolerance
        let spacing = metrics.itemSpacing
        var used = 0.0
        var thickness = 0.0
        var lineBegin = start
        items.withUnsafeMutableBufferPointer { buffer in
            for index in start..<buffer.count {
                let along = Double(buffer[index].along)
                if index > lineBegin, used + spacing + along > room {
                    offset += thickness + metrics.lineSpacing
                    lineBegin = index
                    thickness = 0
                }
                used = index == lineBegin ? along : used + spacing + along
                thickness = max(thickness, Double(buffer[index].across))
                buffer[index].lineOffset = offset
                buffer[index].startsLine = index == lineBegin
            }
        }
        length = offset + thickness
    }

    /// Calls `body` with the placement of every item of the line `start..<end`: a full line is
    /// justified, a line of one item is centred, as is a section's only item, and the last line
    /// starts at the line's start with the minimum spacing.
    func placeLine(
        _ start: Int, _ end: Int, metrics: SectionMetrics, _ body: (Int, LinePlacement) -> Void
    ) {
        var sum = 0.0
        var thickness = 0.0
        for index in start..<end {
            sum += Double(items[index].along)
            thickness = max(thickness, Double(items[index].across))
        }
        let count = end - start
        var u = metrics.lineStartInset
        var gap = metrics.itemSpacing
        if end < items.count || items.count == 1 {
            if count == 1 {
                u += max(0, (metrics.available - sum) / 2)
            } else {
                gap = max(metrics.itemSpacing, (metrics.available - sum) / Double(count - 1))
            }
        }
        let offset = items[start].lineOffset
        for index in start..<end {
            let item = items[index]
            let along = Double(item.along)
            let across = Double(item.across)
            body(
                index,
                LinePlacement(
                    u: u, v: offset + (thickness - across) / 2, along: along, across: across))
            u += along + gap
        }
    }

    /// Calls `body` with every item that overlaps the spans, `v` from the start of the lines.
    ///
    /// - Complexity: O(log *n* + *k*), where *k* is the number of items in the lines crossed.
    func forEachItem(
        overlapping u: Span, _ v: Span, metrics: SectionMetrics,
        _ body: (Int, LinePlacement) -> Void
    ) {
        guard !items.isEmpty, v.lower < v.upper else { return }
        // The first item whose line starts after the span's start; the line before it may
        // still reach into the span. Line spacing is never negative, so no earlier line can.
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].lineOffset <= v.lower { low = middle + 1 } else { high = middle }
        }
        var start = low > 0 ? lineStart(containing: low - 1) : 0
        while start < items.count, items[start].lineOffset < v.upper {
            let end = lineEnd(from: start)
            placeLine(start, end, metrics: metrics) { index, placement in
                if u.overlaps(start: placement.u, length: placement.along),
                    v.overlaps(start: placement.v, length: placement.across)
                {
                    body(index, placement)
                }
            }
            start = end
        }
    }

    /// The placement of one item.
    ///
    /// - Complexity: O(*n*), where *n* is the number of items in its line.
    func placement(of index: Int, metrics: SectionMetrics) -> LinePlacement? {
        guard index >= 0, index < items.count else { return nil }
        let start = lineStart(containing: index)
        var result: LinePlacement?
        placeLine(start, lineEnd(from: start), metrics: metrics) { candidate, placement in
            if candidate == index { result = placement }
        }
        return result
    }
}
