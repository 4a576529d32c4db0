import TrellisGeometry

/// The alignment arithmetic shared by `justify-content`, `align-content` and `align-self`
/// (CSS Box Alignment).
enum FlexAlignmentMath {
    /// Resolves `self-start` and `self-end` against the item's own direction.
    static func resolveSelfRelative(
        _ alignment: FlexItemAlignment, item: LayoutDirection, container: LayoutDirection,
        crossIsInline: Bool
    ) -> FlexItemAlignment {
        let flip = crossIsInline && item != container
        var resolved = alignment
        switch alignment.position {
        case .selfStart: resolved.position = flip ? .end : .start
        case .selfEnd: resolved.position = flip ? .start : .end
        default: break
        }
        return resolved
    }

    /// The position keyword actually used for content distribution: distributed keywords fall
    /// back when there is one subject or no free space, and `safe` alignment falls back to
    /// `start` when the subjects overflow.
    static func fallback(_ alignment: FlexContentAlignment, freeSpace: Double, count: Int)
        -> FlexContentAlignment.Position
    {
        var position = alignment.position
        var isSafe = alignment.isSafe
        if count <= 1 || freeSpace <= 0 {
            // CSS Box Alignment §4.3: `stretch` and `space-between` fall back to `flex-start`
            // (unsafe: overflowing lines overflow on the end side, which `wrap-reverse`
            // makes the top or left), `space-around` and `space-evenly` to `safe center`.
            switch position {
            case .stretch, .spaceBetween: position = .flexStart
            case .spaceAround, .spaceEvenly:
                position = .center
                isSafe = true
            default: break
            }
        }
        if freeSpace <= 0 && isSafe { position = .start }
        return position
    }

    /// The offset before a subject: for the first, from the container's start; for the others,
    /// the space after the previous subject (including the gap).
    static func offset(
        freeSpace: Double, count: Int, gap: Double, position: FlexContentAlignment.Position,
        isReversed: Bool, isFirst: Bool
    ) -> Double {
        if isFirst {
            switch position {
            case .start, .stretch, .spaceBetween: return 0
            case .flexStart: return isReversed ? freeSpace : 0
            case .end: return freeSpace
            case .flexEnd: return isReversed ? 0 : freeSpace
            case .center: return freeSpace / 2
            case .spaceAround:
                return freeSpace >= 0 ? freeSpace / Double(count) / 2 : freeSpace / 2
            case .spaceEvenly:
                return freeSpace >= 0 ? freeSpace / Double(count + 1) : freeSpace / 2
            }
        }
        let free = max(freeSpace, 0)
        switch position {
        case .start, .flexStart, .end, .flexEnd, .center, .stretch: return gap
        case .spaceBetween: return gap + free / Double(count - 1)
        case .spaceAround: return gap + free / Double(count)
        case .spaceEvenly: return gap + free / Double(count + 1)
        }
    }
}
