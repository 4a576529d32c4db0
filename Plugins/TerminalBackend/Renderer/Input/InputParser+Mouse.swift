import TrellisPluginKit

extension InputParser {
    /// The largest cell coordinate accepted from a mouse report.
    static let maximumMouseCoordinate = 65_535

    /// Parses the parameters of an SGR mouse report, `ESC [ < button ; column ; row M` (press
    /// or motion) or `… m` (release), with 1-based coordinates.
    func sgrMouse(_ parameters: ArraySlice<UInt8>, final: UInt8) -> InputEvent? {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
            let numbers = InputParser.numbers(parameters), numbers.count == 3
        else { return nil }
        return InputParser.mouse(
            code: numbers[0], column: numbers[1], row: numbers[2],
            isRelease: final == UInt8(ascii: "m"))
    }

    /// Parses a legacy (X10 and normal tracking) mouse report, `ESC [ M` and three bytes of
    /// button, column and row, each plus 32; it is the format a terminal without SGR mouse
    /// support falls back to.
    func legacyMouse(_ data: [UInt8], at index: Int, isTimeout: Bool) -> Step {
        guard index + 5 < data.count else {
            if isTimeout { return .consumed(data.count - index, nil) }
            return .incomplete
        }
        let values = data[(index + 3)...(index + 5)].map { Int($0) - 32 }
        guard values.allSatisfy({ $0 >= 0 }) else { return .consumed(3, nil) }
        let event = InputParser.mouse(
            code: values[0], column: values[1], row: values[2], isRelease: false)
        return .consumed(6, event)
    }

    /// The event for a mouse report's button code and 1-based coordinates.
    ///
    /// The code's low two bits are the button (0 left, 1 middle, 2 right, 3 none or release);
    /// 4 is Shift, 8 Alt, 16 Control, 32 motion, 64 the wheel and 128 the extra buttons.
    static func mouse(code: Int, column: Int, row: Int, isRelease: Bool) -> InputEvent? {
        guard column >= 1, row >= 1, column <= maximumMouseCoordinate,
            row <= maximumMouseCoordinate, code >= 0, code < 256
        else { return nil }
        var modifiers = KeyModifiers()
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let action: MouseEvent.Action
        var button: MouseEvent.Button
        if code & 64 != 0 {
            guard code & 128 == 0, !isRelease else { return nil }
            let directions: [MouseEvent.Action] = [
                .scrollUp, .scrollDown, .scrollLeft, .scrollRight,
            ]
            action = directions[low]
            button = .none
        } else {
            if code & 128 != 0 {
                guard low < 2 else { return nil }
                button = low == 0 ? .back : .forward
            } else {
                let buttons: [MouseEvent.Button] = [.left, .middle, .right, .none]
                button = buttons[low]
            }
            if code & 32 != 0 {
                action = button == .none ? .move : .drag
            } else if isRelease || (low == 3 && code & 128 == 0) {
                action = .release
            } else {
                action = .press
            }
        }
        return .mouse(
            MouseEvent(
                action, button: button, column: column - 1, row: row - 1, modifiers: modifiers))
    }
}
