import CCairo

/// An axis-aligned rectangle in device pixels, as edges.
struct DeviceRect: Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// A rectangle with nothing in it.
    static let empty = DeviceRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    /// Whether the rectangle covers no area.
    var isEmpty: Bool { !(maxX > minX && maxY > minY) }

    /// The smallest rectangle that holds both; an empty side is ignored.
    func union(_ other: DeviceRect) -> DeviceRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return DeviceRect(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The overlap, or an empty rectangle.
    func intersection(_ other: DeviceRect) -> DeviceRect {
        let result = DeviceRect(
            minX: max(minX, other.minX), minY: max(minY, other.minY),
            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return result.isEmpty ? .empty : result
    }

    /// The rectangle grown by `amount` on every side.
    func outset(by amount: Double) -> DeviceRect {
        DeviceRect(
            minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    /// The rectangle moved by an offset.
    func offsetBy(dx: Double, dy: Double) -> DeviceRect {
        DeviceRect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    /// The smallest rectangle of whole pixels that holds this one.
    var integral: DeviceRect {
        DeviceRect(
            minX: minX.rounded(.down), minY: minY.rounded(.down), maxX: maxX.rounded(.up),
            maxY: maxY.rounded(.up))
    }

    /// The device bounds of a user-space rectangle under a Cairo context's transform.
    static func bounds(
        of context: OpaquePointer, x: Double, y: Double, width: Double, height: Double
    ) -> DeviceRect {
        var result = DeviceRect(
            minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for (cx, cy) in [(x, y), (x + width, y), (x, y + height), (x + width, y + height)] {
            var px = cx
            var py = cy
            cairo_user_to_device(context, &px, &py)
            result.minX = min(result.minX, px)
            result.minY = min(result.minY, py)
            result.maxX = max(result.maxX, px)
            result.maxY = max(result.maxY, py)
        }
        guard result.minX.isFinite, result.minY.isFinite, result.maxX.isFinite,
            result.maxY.isFinite
        else { return .empty }
        return result
    }
}
