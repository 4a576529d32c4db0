public import TrellisCore
public import TrellisEvents
public import TrellisGeometry

/// Turns terminal mouse events into what a window takes: touches for the primary button and
/// scroll distances for the wheel.
///
/// The primary (left) button is the finger: a press begins a touch, a drag moves it and a
/// release ends it, each at the centre of the cell in points (`(column + 0.5) × cellWidth`,
/// `(row + 0.5) × cellHeight`). A second press within ``doubleClickInterval`` on the same cell
/// has a tap count of 2, and so on. The other buttons and motion without a button give
/// nothing. Each wheel step scrolls ``linesPerWheelStep`` rows (or columns) in the direction
/// that moves the content as the wheel does: wheel down scrolls towards the end (a positive
/// height); Shift turns a vertical wheel horizontal.
///
/// ```swift
/// var mouse = MouseTranslator(cellWidth: 8, cellHeight: 16)
/// for event in batch.events {
///     guard case .mouse(let m) = event else { continue }
///     for action in mouse.translate(m, timestamp: now) {
///         switch action {
///         case .touch(let touch): window.dispatch(touch)
///         case .scroll(let delta, let location): window.dispatchScroll(delta, at: location)
///         }
///     }
/// }
/// ```
public struct MouseTranslator: Sendable {
    /// What a mouse event becomes.
    public enum Action: Sendable, Hashable {
        /// A touch for `Window.dispatch(_:)`.
        case touch(Touch)
        /// A scroll distance in points at a location, for `Window.dispatchScroll(_:at:)`.
        case scroll(Size, at: Point)
    }

    /// The width of a cell, in points.
    public var cellWidth: Double
    /// The height of a cell, in points.
    public var cellHeight: Double
    /// The rows (or columns) one wheel step scrolls.
    public var linesPerWheelStep: Double = 3
    /// The longest time between two presses on one cell that counts them as one multiple tap,
    /// in seconds.
    public var doubleClickInterval: Double = 0.5

    /// The location of the touch in progress, if the primary button is down.
    public private(set) var touchLocation: Point?
    private var lastPress: (column: Int, row: Int, time: Double, count: Int)?

    /// Creates a translator for cells of a size.
    ///
    /// - Parameters:
    ///   - cellWidth: The width of a cell, in points.
    ///   - cellHeight: The height of a cell, in points.
    public init(cellWidth: Double, cellHeight: Double) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }

    /// The centre of a cell, in points.
    ///
    /// - Parameters:
    ///   - column: The cell's column, from 0.
    ///   - row: The cell's row, from 0.
    /// - Returns: The point at the cell's centre.
    public func location(column: Int, row: Int) -> Point {
        Point(x: (Double(column) + 0.5) * cellWidth, y: (Double(row) + 0.5) * cellHeight)
    }

    /// Translates one mouse event.
    ///
    /// A press while a touch is in progress (its release was lost) ends that touch first.
    ///
    /// - Parameters:
    ///   - event: The mouse event.
    ///   - timestamp: The time of the event in seconds, from any fixed origin.
    /// - Returns: The touches and scrolls it gives, possibly none.
    public mutating func translate(_ event: MouseEvent, timestamp: Double) -> [Action] {
        let location = location(column: event.column, row: event.row)
        switch event.action {
        case .press where event.button == .left:
            var actions: [Action] = []
            if let current = touchLocation {
                actions.append(
                    .touch(Touch(phase: .ended, location: current, timestamp: timestamp)))
            }
            var count = 1
            if let last = lastPress, last.column == event.column, last.row == event.row,
                timestamp - last.time >= 0, timestamp - last.time <= doubleClickInterval
            {
                count = last.count + 1
            }
            lastPress = (event.column, event.row, timestamp, count)
            touchLocation = location
            actions.append(
                .touch(
                    Touch(phase: .began, location: location, tapCount: count, timestamp: timestamp)
                ))
            return actions
        case .drag where touchLocation != nil:
            touchLocation = location
            return [.touch(Touch(phase: .moved, location: location, timestamp: timestamp))]
        case .release
        where touchLocation != nil && event.button != .middle
            && event.button != .right:
            touchLocation = nil
            return [
                .touch(
                    Touch(
                        phase: .ended, location: location, tapCount: lastPress?.count ?? 1,
                        timestamp: timestamp))
            ]
        case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
            return [.scroll(scrollDelta(event), at: location)]
        default:
            return []
        }
    }

    /// Ends a touch in progress as cancelled: the host calls it when it loses the mouse (the
    /// terminal lost focus, the session ends).
    ///
    /// - Parameter timestamp: The time, in seconds.
    /// - Returns: A cancelled touch, or nothing when no touch is in progress.
    public mutating func cancel(timestamp: Double) -> [Action] {
        guard let current = touchLocation else { return [] }
        touchLocation = nil
        return [.touch(Touch(phase: .cancelled, location: current, timestamp: timestamp))]
    }

    private func scrollDelta(_ event: MouseEvent) -> Size {
        let rows = linesPerWheelStep * cellHeight
        let columns = linesPerWheelStep * cellWidth
        let isShifted = event.modifiers.contains(.shift)
        switch event.action {
        case .scrollUp:
            return isShifted ? Size(width: -columns, height: 0) : Size(width: 0, height: -rows)
        case .scrollDown:
            return isShifted ? Size(width: columns, height: 0) : Size(width: 0, height: rows)
        case .scrollLeft: return Size(width: -columns, height: 0)
        default: return Size(width: columns, height: 0)
        }
    }
}
