import TrellisGeometry

/// Whether a layout call lays the node out or only needs its size.
enum RunMode {
    /// Compute the size and place the children.
    case performLayout
    /// Compute the size only.
    case computeSize
    /// Lay out a `display: none` subtree at zero size.
    case performHiddenLayout
}

/// Whether a node's own size styles apply (`inherent`) or its parent has already applied them
/// (`content`).
enum SizingMode {
    case contentSize
    case inherentSize
}

/// Which dimension a measuring call actually needs.
enum RequestedAxis {
    case horizontal
    case vertical
    case both
}

/// The inputs of one layout call on a node.
struct LayoutInput {
    var runMode: RunMode
    var sizingMode: SizingMode
    var axis: RequestedAxis
    /// Sizes the parent has fixed.
    var knownDimensions: Dims<Double?>
    /// Whether each fixed size is definite (percentages of children resolve against it).
    var knownDefinite: Dims<Bool> = Dims(true, true)
    /// The size percentages resolve against.
    var parentSize: Dims<Double?>
    var availableSpace: Dims<FlexAvailableSpace>
    /// The inline direction inherited from the parent.
    var direction: LayoutDirection
    /// For a size request: lay the node out completely, because the parent will most likely
    /// ask for exactly this layout next, which then comes from the cache.
    var isSpeculative = false
    /// Whether a wrapping column of automatic height breaks its lines at the known height to
    /// find its width, as a browser does for the height a parent fixes while measuring it:
    /// the cross size of the single line of definite cross size that a row parent stretches
    /// it to, or its definite main size in a column parent (Chromium's
    /// `ComputeMinMaxSizeOfMultilineColumnContainer` in a space whose block size is set).
    var wrapsAtKnownHeight = false
    /// Whether the known height of a node with an aspect ratio and an automatic height is not
    /// definite for its items' percentages, which resolve against its width through the ratio
    /// instead: the cross size of a row item that its line does not stretch to a definite
    /// size (its content may make it taller than the ratio; Chromium).
    var heightIsRatioBasis = false
}

/// The result of one layout call on a node.
struct LayoutOutput: Sendable {
    var size: Dims<Double>
    var contentSize: Dims<Double> = .zero
    var firstBaseline: Double?
    /// Whether only the requested axis is meaningful (the other is a placeholder), so the
    /// result must not be cached.
    var isPartial = false

    static let hidden = LayoutOutput(size: .zero, contentSize: .zero, firstBaseline: nil)
}

/// One remembered size measurement.
struct SizeCacheEntry {
    /// The sizing mode the entry was computed in; `nil` when the node has no size styles, so
    /// that both modes give the same answer.
    var sizingMode: SizingMode?
    var known: Dims<Double?>
    var available: Dims<FlexAvailableSpace>
    /// The size percentages resolved against, when the node's own style has percentages.
    var parentSize: Dims<Double?>?
    var size: Dims<Double>
}

/// One remembered full layout.
struct LayoutCacheEntry {
    var known: Dims<Double?>
    var available: Dims<FlexAvailableSpace>
    /// The size percentages resolved against, when the node's own style has percentages.
    var parentSize: Dims<Double?>?
    var output: LayoutOutput
}

/// A node's remembered results, keyed by the inputs that determine them: one full layout and
/// nine size measurements, one slot for each combination of fixed sizes and min-content
/// constraints a parent asks for.
struct LayoutCache {
    /// Allocated on the first full layout stored: a leaf of fixed size is laid out without
    /// its cache, and a large flex row is thousands of them, each 160 bytes smaller so.
    private var layoutEntry: LayoutEntryBox?
    /// Allocated on the first size measurement; most leaves only ever get a layout entry.
    private var slots: SizeSlots?

    mutating func clear() {
        layoutEntry?.entry = nil
        if let slots, slots.count > 0 { slots.reset() }
    }

    /// Empties the cache and lets go of the memory that held its entries.
    mutating func discardStorage() {
        if layoutEntry != nil { layoutEntry = nil }
        if slots != nil { slots = nil }
    }

    private static func slot(_ known: Dims<Double?>, _ available: Dims<FlexAvailableSpace>) -> Int {
        switch (known.width != nil, known.height != nil) {
        case (true, true): return 0
        case (true, false): return available.height == .minContent ? 2 : 1
        case (false, true): return available.width == .minContent ? 4 : 3
        case (false, false):
            let minWidth = available.width == .minContent
            let minHeight = available.height == .minContent
            return 5 + (minHeight ? 1 : 0) + (minWidth ? 2 : 0)
        }
    }

    /// Whether an entry computed for `entryKnown`/`entryAvailable` that produced `size` answers
    /// a request: a fixed size the entry produced by itself counts as the same input.
    @inline(__always)
    private static func matches(
        _ known: Dims<Double?>, _ available: Dims<FlexAvailableSpace>, entryKnown: Dims<Double?>,
        entryAvailable: Dims<FlexAvailableSpace>, size: Dims<Double>, bySize: Dims<Bool>
    ) -> Bool {
        (known.width == entryKnown.width || (bySize.width && known.width == size.width))
            && (known.height == entryKnown.height || (bySize.height && known.height == size.height))
            && (known.width != nil || entryAvailable.width.isRoughlyEqual(to: available.width))
            && (known.height != nil || entryAvailable.height.isRoughlyEqual(to: available.height))
    }

    /// The cached output for a call, if an entry answers it.
    ///
    /// In the axes of `bySize`, an entry also answers a call whose known size is the size the
    /// entry produced: laying a node out at its own measured size gives that size again. A
    /// multi-line flex container breaks that rule in its main axis (measured without a main
    /// size, its items may break into other lines than at that size), so its calls leave that
    /// axis out.
    ///
    /// A `parentSize` (given for a node whose own percentages resolve against it) must be the
    /// one the entry was computed with.
    func get(
        _ known: Dims<Double?>, _ available: Dims<FlexAvailableSpace>, _ mode: RunMode,
        _ sizingMode: SizingMode, bySize: Dims<Bool> = Dims(true, true),
        parentSize: Dims<Double?>? = nil
    ) -> LayoutOutput? {
        switch mode {
        case .performLayout:
            guard let entry = layoutEntry?.entry, entry.parentSize == parentSize,
                Self.matches(
                    known, available, entryKnown: entry.known, entryAvailable: entry.available,
                    size: entry.output.size, bySize: bySize)
            else { return nil }
            return entry.output
        case .computeSize:
            guard let slots, slots.count > 0 else { return nil }
            let preferred = Self.slot(known, available)
            for offset in 0..<SizeSlots.capacity {
                let index = (preferred + offset) % SizeSlots.capacity
                guard let entry = slots[index] else { continue }
                if (entry.sizingMode == nil || entry.sizingMode == sizingMode)
                    && entry.parentSize == parentSize
                    && Self.matches(
                        known, available, entryKnown: entry.known, entryAvailable: entry.available,
                        size: entry.size, bySize: bySize)
                {
                    return LayoutOutput(size: entry.size)
                }
            }
            return nil
        case .performHiddenLayout:
            return nil
        }
    }

    mutating func store(
        _ known: Dims<Double?>, _ available: Dims<FlexAvailableSpace>, _ mode: RunMode,
        _ sizingMode: SizingMode?,
        _ output: LayoutOutput, parentSize: Dims<Double?>? = nil
    ) {
        if output.isPartial { return }
        switch mode {
        case .performLayout:
            let entry = LayoutCacheEntry(
                known: known, available: available, parentSize: parentSize, output: output)
            if let layoutEntry {
                layoutEntry.entry = entry
            } else {
                layoutEntry = LayoutEntryBox(entry)
            }
        case .computeSize:
            if slots == nil { slots = SizeSlots() }
            slots?[Self.slot(known, available)] = SizeCacheEntry(
                sizingMode: sizingMode, known: known, available: available,
                parentSize: parentSize, size: output.size)
        case .performHiddenLayout:
            break
        }
    }
}

/// A node's remembered full layout, held apart from the node.
final class LayoutEntryBox {
    @exclusivity(unchecked) var entry: LayoutCacheEntry?

    init(_ entry: LayoutCacheEntry) {
        self.entry = entry
    }
}

/// Nine optional size entries, in one allocation owned by one node's cache.
final class SizeSlots {
    static let capacity = 9
    @exclusivity(unchecked) private var s0, s1, s2, s3, s4, s5, s6, s7, s8: SizeCacheEntry?
    /// How many slots have been filled since the last reset.
    @exclusivity(unchecked) private(set) var count = 0

    func reset() {
        s0 = nil
        s1 = nil
        s2 = nil
        s3 = nil
        s4 = nil
        s5 = nil
        s6 = nil
        s7 = nil
        s8 = nil
        count = 0
    }

    subscript(index: Int) -> SizeCacheEntry? {
        get {
            switch index {
            case 0: s0
            case 1: s1
            case 2: s2
            case 3: s3
            case 4: s4
            case 5: s5
            case 6: s6
            case 7: s7
            default: s8
            }
        }
        set {
            count += 1
            switch index {
            case 0: s0 = newValue
            case 1: s1 = newValue
            case 2: s2 = newValue
            case 3: s3 = newValue
            case 4: s4 = newValue
            case 5: s5 = newValue
            case 6: s6 = newValue
            case 7: s7 = newValue
            default: s8 = newValue
            }
        }
    }
}

/// The unrounded placement of a node, written by its parent during layout.
struct UnroundedLayout {
    var x: Double = 0
    var y: Double = 0
    var size: Dims<Double> = .zero
    var contentSize: Dims<Double> = .zero
}

extension Dims: Equatable where T: Equatable {
    static func == (lhs: Dims, rhs: Dims) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height
    }
}
