import TrellisGeometry

extension SemanticHint {
    /// The most segments a hinted segmented control may have.
    public static let maximumSegments = 4_096

    /// The kind numbers of the binary format, in the order of ``Kind``'s cases; a button that
    /// says where its title or image is takes number 9 (format version 3), so that every other
    /// button is written as before.
    var kindCode: UInt8 {
        switch kind {
        case .button(_, let titleFrame, let imageFrame):
            titleFrame == nil && imageFrame == nil ? 0 : 9
        case .toggle: 1
        case .slider: 2
        case .stepper: 3
        case .segmentedControl: 4
        case .pageControl: 5
        case .textField: 6
        case .focusRing: 7
        case .label: 8
        }
    }

    /// A missing index or cursor in the binary format.
    static let none: UInt32 = 0xFFFF_FFFF

    func encode(into writer: inout ByteWriter) {
        writer.write(frame)
        writer.write(state.rawValue)
        writer.write(kindCode)
        switch kind {
        case .button(let title, let titleFrame, let imageFrame):
            writer.write(title)
            guard titleFrame != nil || imageFrame != nil else { break }
            writer.write(UInt8(titleFrame == nil ? 0 : 1) | UInt8(imageFrame == nil ? 0 : 2))
            if let titleFrame { writer.write(titleFrame) }
            if let imageFrame { writer.write(imageFrame) }
        case .toggle(let isOn):
            writer.write(UInt8(isOn ? 1 : 0))
        case .slider(let minimum, let maximum, let value):
            writer.write(minimum)
            writer.write(maximum)
            writer.write(value)
        case .stepper(let value, let canDecrement, let canIncrement):
            writer.write(value)
            writer.write(UInt8(canDecrement ? 1 : 0) | UInt8(canIncrement ? 2 : 0))
        case .segmentedControl(let titles, let selectedIndex):
            writer.write(selectedIndex.map { UInt32(truncatingIfNeeded: $0) } ?? Self.none)
            writer.write(UInt32(truncatingIfNeeded: titles.count))
            for title in titles { writer.write(title) }
        case .pageControl(let currentPage, let numberOfPages):
            writer.write(UInt32(truncatingIfNeeded: currentPage))
            writer.write(UInt32(truncatingIfNeeded: numberOfPages))
        case .textField(let text, let placeholder, let cursor):
            writer.write(text)
            writer.write(placeholder)
            writer.write(cursor.map { UInt32(truncatingIfNeeded: $0) } ?? Self.none)
        case .focusRing:
            break
        case .label(let truncation):
            writer.write(truncation.rawValue)
        }
    }
}

extension DisplayListDecoder {
    /// Reads a semantic hint: its frame (and a button's title and image frames) must be finite
    /// and not of negative size, its state bits and kind known, a slider's value inside its range, a selected segment, current
    /// page and caret inside what they index.
    mutating func semanticHint() throws(DisplayListError) -> SemanticHint {
        let frameOffset = reader.offset
        let frame = try rect("hint frame")
        guard frame.width >= 0, frame.height >= 0 else {
            throw fail("hint frame has a negative size", at: frameOffset)
        }
        let stateOffset = reader.offset
        let state = SemanticHint.State(rawValue: try u8())
        guard SemanticHint.State.known.isSuperset(of: state) else {
            throw fail("unknown hint state bits \(state.rawValue)", at: stateOffset)
        }
        let kindOffset = reader.offset
        let code = try u8()
        let kind: SemanticHint.Kind
        switch code {
        case 0:
            kind = .button(title: try string("button title"))
        case 1:
            let offset = reader.offset
            let flag = try u8()
            guard flag <= 1 else { throw fail("switch value \(flag) is not 0 or 1", at: offset) }
            kind = .toggle(isOn: flag == 1)
        case 2:
            let minimum = try number("slider minimum")
            let maximum = try number("slider maximum")
            let offset = reader.offset
            let value = try number("slider value")
            guard minimum <= maximum, value >= minimum, value <= maximum else {
                throw fail(
                    "slider value \(value) is outside its range \(minimum)...\(maximum)",
                    at: offset)
            }
            kind = .slider(minimum: minimum, maximum: maximum, value: value)
        case 3:
            let value = try number("stepper value")
            let offset = reader.offset
            let flags = try u8()
            guard flags & ~3 == 0 else { throw fail("unknown stepper flags \(flags)", at: offset) }
            kind = .stepper(
                value: value, canDecrement: flags & 1 != 0, canIncrement: flags & 2 != 0)
        case 4:
            let indexOffset = reader.offset
            let selected = try u32()
            let countOffset = reader.offset
            let count = Int(try u32())
            guard count <= SemanticHint.maximumSegments, count <= reader.remaining / 4 else {
                throw fail(
                    "\(count) segments; at most \(SemanticHint.maximumSegments) that fit the "
                        + "bytes left", at: countOffset)
            }
            guard selected == SemanticHint.none || Int(selected) < count else {
                throw fail(
                    "selected segment \(selected) of \(count) segments", at: indexOffset)
            }
            var titles: [String] = []
            titles.reserveCapacity(count)
            for _ in 0..<count { titles.append(try string("segment title")) }
            kind = .segmentedControl(
                titles: titles, selectedIndex: selected == SemanticHint.none ? nil : Int(selected))
        case 5:
            let offset = reader.offset
            let current = Int(try u32())
            let count = Int(try u32())
            guard count >= 0, current < max(count, 1) else {
                throw fail("page \(current) of \(count) pages", at: offset)
            }
            kind = .pageControl(currentPage: current, numberOfPages: count)
        case 6:
            let text = try string("text field text")
            let placeholder = try string("placeholder")
            let offset = reader.offset
            let cursor = try u32()
            guard cursor == SemanticHint.none || Int(cursor) <= text.count else {
                throw fail(
                    "caret at \(cursor) in a text of \(text.count) characters", at: offset)
            }
            kind = .textField(
                text: text, placeholder: placeholder,
                cursor: cursor == SemanticHint.none ? nil : Int(cursor))
        case 7:
            kind = .focusRing
        case 9:
            guard version >= 3 else {
                throw fail(
                    "hint kind 9 (laid-out button) needs format version 3; the list is version "
                        + "\(version)", at: kindOffset)
            }
            let title = try string("button title")
            let flagsOffset = reader.offset
            let flags = try u8()
            guard flags != 0, flags & ~3 == 0 else {
                throw fail("laid-out button flags \(flags) are not 1, 2 or 3", at: flagsOffset)
            }
            let titleFrame = flags & 1 != 0 ? try partFrame("button title frame") : nil
            let imageFrame = flags & 2 != 0 ? try partFrame("button image frame") : nil
            kind = .button(title: title, titleFrame: titleFrame, imageFrame: imageFrame)
        case 8:
            let offset = reader.offset
            let raw = try u8()
            guard let truncation = SemanticHint.Truncation(rawValue: raw) else {
                throw fail("unknown truncation \(raw)", at: offset)
            }
            kind = .label(truncation: truncation)
        default:
            throw fail("unknown hint kind \(code)", at: kindOffset)
        }
        return SemanticHint(frame: frame, kind: kind, state: state)
    }

    /// Reads the rectangle of a part of a hinted control, which must be finite and not of
    /// negative size.
    private mutating func partFrame(_ what: StaticString) throws(DisplayListError) -> Rect {
        let offset = reader.offset
        let frame = try rect(what)
        // `Rect.width` is the absolute value: the stored size says whether it is negative.
        guard frame.size.width >= 0, frame.size.height >= 0 else {
            throw fail("\(what) has a negative size", at: offset)
        }
        return frame
    }
}

extension SemanticHint.Truncation {
    /// Which clusters of a text stay when it is cut to a number of cells: the ones in `head`,
    /// then an ellipsis (one cell) when `hasEllipsis`, then the ones in `tail`.
    public struct Cut: Sendable, Hashable {
        /// The clusters shown before the ellipsis.
        public var head: Range<Int>
        /// Whether an ellipsis is shown.
        public var hasEllipsis: Bool
        /// The clusters shown after the ellipsis.
        public var tail: Range<Int>
    }

    /// Cuts a text of clusters with the given widths in cells to at most `limit` cells.
    ///
    /// A text that fits is kept whole. Otherwise ``clip`` keeps the clusters that fit from the
    /// start, and the others keep what fits beside a one-cell ellipsis: ``tail`` the start,
    /// ``head`` the end, ``middle`` both (the start getting the odd cell). A wide cluster
    /// that would cross the limit is left out whole.
    ///
    /// ```swift
    /// SemanticHint.Truncation.tail.cut(widths: [1, 1, 1, 1, 1], toColumns: 4)
    /// // head 0..<3, ellipsis, tail 5..<5: "abc…"
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of clusters.
    public func cut(widths: [Int], toColumns limit: Int) -> Cut {
        let count = widths.count
        let total = widths.reduce(0) { $0 + max(0, $1) }
        if total <= limit { return Cut(head: 0..<count, hasEllipsis: false, tail: count..<count) }
        guard limit > 0 else { return Cut(head: 0..<0, hasEllipsis: false, tail: count..<count) }
        func prefix(_ room: Int) -> Int {
            var used = 0
            var end = 0
            while end < count, used + max(0, widths[end]) <= room {
                used += max(0, widths[end])
                end += 1
            }
            return end
        }
        func suffix(_ room: Int, after floor: Int) -> Int {
            var used = 0
            var start = count
            while start > floor, used + max(0, widths[start - 1]) <= room {
                used += max(0, widths[start - 1])
                start -= 1
            }
            return start
        }
        let room = limit - 1
        switch self {
        case .clip:
            return Cut(head: 0..<prefix(limit), hasEllipsis: false, tail: count..<count)
        case .tail:
            return Cut(head: 0..<prefix(room), hasEllipsis: true, tail: count..<count)
        case .head:
            return Cut(head: 0..<0, hasEllipsis: true, tail: suffix(room, after: 0)..<count)
        case .middle:
            let end = prefix((room + 1) / 2)
            let used = widths[0..<end].reduce(0) { $0 + max(0, $1) }
            return Cut(
                head: 0..<end, hasEllipsis: true, tail: suffix(room - used, after: end)..<count)
        }
    }
}
