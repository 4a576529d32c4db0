import TrellisPluginKit

extension InputParser {
    /// Parses what starts with ESC: a control sequence (CSI), a single shift (SS3), a string
    /// sequence, Alt with a key, or the Escape key itself.
    func escape(_ data: [UInt8], at index: Int, isTimeout: Bool) -> Step {
        guard index + 1 < data.count else {
            return isTimeout ? .consumed(1, .key(KeyEvent(.escape))) : .incomplete
        }
        let next = data[index + 1]
        switch next {
        case UInt8(ascii: "["):
            return controlSequence(data, at: index, isTimeout: isTimeout)
        case UInt8(ascii: "O"):
            return singleShift(data, at: index, isTimeout: isTimeout)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
            UInt8(ascii: "_"):
            return stringSequence(data, at: index, isTimeout: isTimeout)
        case 0x1B:
            // ESC ESC [ … and ESC ESC O …: a key with Alt, as xterm sends it with metaSendsEscape.
            guard index + 2 < data.count else {
                return isTimeout ? .consumed(1, .key(KeyEvent(.escape))) : .incomplete
            }
            let third = data[index + 2]
            guard third == UInt8(ascii: "[") || third == UInt8(ascii: "O") else {
                return .consumed(1, .key(KeyEvent(.escape)))
            }
            switch escape(data, at: index + 1, isTimeout: isTimeout) {
            case .consumed(let count, .key(var key)?):
                key.modifiers.insert(.alt)
                return .consumed(count + 1, .key(key))
            case .consumed(let count, let event):
                return .consumed(count + 1, event)
            case .startPaste(let count):
                return .startPaste(count + 1)
            case .cut(let count):
                return .cut(count + 1)
            case .text:
                return .consumed(1, .key(KeyEvent(.escape)))
            case .incomplete:
                return .incomplete
            }
        case 0x20..<0x7F:
            let character = Character(Unicode.Scalar(next))
            return .consumed(2, .key(KeyEvent(.character(character), modifiers: .alt)))
        case 0x00..<0x20, 0x7F:
            var key = InputParser.controlKey(next)
            key.modifiers.insert(.alt)
            return .consumed(2, .key(key))
        default:
            return .consumed(1, .key(KeyEvent(.escape)))
        }
    }

    /// Parses `ESC O` and a final byte: the keys terminals send in application cursor mode.
    private func singleShift(_ data: [UInt8], at index: Int, isTimeout: Bool) -> Step {
        var position = index + 2
        var modifiers = KeyModifiers()
        // Some terminals put a modifier digit before the final byte: ESC O 5 C.
        if position < data.count, data[position] >= 0x31, data[position] <= 0x39 {
            modifiers = KeyModifiers(rawValue: (data[position] - 0x31) & 0xF)
            position += 1
        }
        guard position < data.count else {
            if isTimeout { return .consumed(2, .key(KeyEvent(.character("O"), modifiers: .alt))) }
            return .incomplete
        }
        let key: Key?
        switch data[position] {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "M"): key = .enter
        case UInt8(ascii: "P"): key = .function(1)
        case UInt8(ascii: "Q"): key = .function(2)
        case UInt8(ascii: "R"): key = .function(3)
        case UInt8(ascii: "S"): key = .function(4)
        case 0x40...0x7E: key = nil
        default:
            // Not a single shift at all: Alt-O, and the byte after it is parsed afresh.
            return .consumed(2, .key(KeyEvent(.character("O"), modifiers: .alt)))
        }
        return .consumed(position + 1 - index, key.map { .key(KeyEvent($0, modifiers: modifiers)) })
    }

    /// Skips a string sequence up to BEL or ST (`ESC \`). After a timeout an unfinished one is
    /// read as Alt with its second character, and the bytes after it as input.
    private func stringSequence(_ data: [UInt8], at index: Int, isTimeout: Bool) -> Step {
        var position = index + 2
        while position < data.count {
            let byte = data[position]
            if byte == 0x07 { return .consumed(position + 1 - index, nil) }
            if byte == 0x1B, position + 1 < data.count {
                if data[position + 1] == UInt8(ascii: "\\") {
                    return .consumed(position + 2 - index, nil)
                }
            }
            position += 1
            if position - index > InputParser.maximumStringLength {
                return .consumed(position - index, nil)
            }
        }
        if isTimeout {
            let character = Character(Unicode.Scalar(data[index + 1]))
            return .consumed(2, .key(KeyEvent(.character(character), modifiers: .alt)))
        }
        return .incomplete
    }

    /// Parses `ESC [`, parameters, intermediates and a final byte.
    private func controlSequence(_ data: [UInt8], at index: Int, isTimeout: Bool) -> Step {
        let start = index + 2
        if start < data.count, data[start] == UInt8(ascii: "M") {
            return legacyMouse(data, at: index, isTimeout: isTimeout)
        }
        var position = start
        while position < data.count {
            let byte = data[position]
            switch byte {
            case 0x20...0x3F:
                position += 1
                if position - index > InputParser.maximumSequenceLength {
                    return .cut(position - index)
                }
            case 0x40...0x7E:
                let parameters = data[start..<position]
                if byte == UInt8(ascii: "~"), parameters.elementsEqual("200".utf8) {
                    return .startPaste(position + 1 - index)
                }
                return .consumed(
                    position + 1 - index, interpret(parameters: parameters, final: byte))
            default:
                // A byte that cannot be in a sequence: drop what came before, parse it afresh.
                return .consumed(position - index, nil)
            }
        }
        if isTimeout {
            if position == start {
                return .consumed(2, .key(KeyEvent(.character("["), modifiers: .alt)))
            }
            return .consumed(position - index, nil)
        }
        return .incomplete
    }

    private func interpret(parameters: ArraySlice<UInt8>, final: UInt8) -> InputEvent? {
        if parameters.first == UInt8(ascii: "<") {
            return sgrMouse(parameters.dropFirst(), final: final)
        }
        // Other private markers and intermediates are replies to queries, not keys.
        if let first = parameters.first, first >= 0x3C {
            return nil
        }
        if parameters.contains(where: { $0 >= 0x20 && $0 <= 0x2F }) { return nil }
        guard let numbers = InputParser.numbers(parameters) else { return nil }
        let modifiers = InputParser.modifiers(numbers.count > 1 ? numbers[1] : 1)
        let phase = InputParser.phase(parameters)
        func key(_ key: Key) -> InputEvent {
            .key(KeyEvent(key, modifiers: modifiers, phase: phase))
        }
        switch final {
        case UInt8(ascii: "A"): return key(.up)
        case UInt8(ascii: "B"): return key(.down)
        case UInt8(ascii: "C"): return key(.right)
        case UInt8(ascii: "D"): return key(.left)
        case UInt8(ascii: "H"): return key(.home)
        case UInt8(ascii: "F"): return key(.end)
        case UInt8(ascii: "P"): return key(.function(1))
        case UInt8(ascii: "Q"): return key(.function(2))
        case UInt8(ascii: "R"): return key(.function(3))
        case UInt8(ascii: "S"): return key(.function(4))
        case UInt8(ascii: "Z"):
            return .key(KeyEvent(.tab, modifiers: modifiers.union(.shift), phase: phase))
        case UInt8(ascii: "I"): return parameters.isEmpty ? .focus(true) : nil
        case UInt8(ascii: "O"): return parameters.isEmpty ? .focus(false) : nil
        case UInt8(ascii: "~"): return tilde(numbers, modifiers: modifiers, phase: phase)
        case UInt8(ascii: "u"):
            return codepointKey(numbers.first ?? 0, modifiers: modifiers, phase: phase)
        default: return nil
        }
    }

    private func tilde(_ numbers: [Int], modifiers: KeyModifiers, phase: KeyEvent.Phase)
        -> InputEvent?
    {
        let keys: [Int: Key] = [
            1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home,
            8: .end, 11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4),
            15: .function(5), 17: .function(6), 18: .function(7), 19: .function(8),
            20: .function(9), 21: .function(10), 23: .function(11), 24: .function(12),
            25: .function(13), 26: .function(14), 28: .function(15), 29: .function(16),
            31: .function(17), 32: .function(18), 33: .function(19), 34: .function(20),
        ]
        let code = numbers.first ?? 0
        if code == 27, numbers.count >= 3 {
            // xterm's modifyOtherKeys: ESC [ 27 ; modifiers ; code ~
            return codepointKey(numbers[2], modifiers: modifiers, phase: phase)
        }
        return keys[code].map { .key(KeyEvent($0, modifiers: modifiers, phase: phase)) }
    }

    /// A key reported by its Unicode code point (`CSI code ; modifiers u`, modifyOtherKeys,
    /// the kitty keyboard protocol).
    private func codepointKey(_ code: Int, modifiers: KeyModifiers, phase: KeyEvent.Phase)
        -> InputEvent?
    {
        let key: Key
        switch code {
        case 13: key = .enter
        case 9: key = .tab
        case 27: key = .escape
        case 8, 127: key = .backspace
        default:
            guard code >= 0x20, code != 0x7F, !(0x80..<0xA0).contains(code),
                let scalar = Unicode.Scalar(UInt32(code))
            else { return nil }
            key = .character(Character(scalar))
        }
        return .key(KeyEvent(key, modifiers: modifiers, phase: phase))
    }

    /// The event type of the kitty keyboard protocol: the first sub-parameter of the modifier
    /// parameter (`CSI 97 ; 5 : 3 u` is Control-A released); a press when there is none.
    static func phase(_ parameters: ArraySlice<UInt8>) -> KeyEvent.Phase {
        guard let separator = parameters.firstIndex(of: UInt8(ascii: ";")) else { return .press }
        let modifierField = parameters[(separator + 1)...].prefix { $0 != UInt8(ascii: ";") }
        guard let colon = modifierField.firstIndex(of: UInt8(ascii: ":")) else { return .press }
        let type = modifierField[(colon + 1)...].prefix { $0 != UInt8(ascii: ":") }
        switch Array(type) {
        case Array("2".utf8): return .repeat
        case Array("3".utf8): return .release
        default: return .press
        }
    }

    /// The numbers of a parameter string: `;`-separated decimals, empty meaning 1; sub-parameters
    /// after `:` are ignored. Returns `nil` for anything else or a number above 65,535.
    static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int]? {
        var result: [Int] = []
        var value: Int?
        var isSubParameter = false
        for byte in parameters {
            switch byte {
            case 0x30...0x39:
                if isSubParameter { continue }
                value = (value ?? 0) * 10 + Int(byte - 0x30)
                if value ?? 0 > 65_535 { return nil }
            case UInt8(ascii: ";"):
                result.append(value ?? 1)
                value = nil
                isSubParameter = false
            case UInt8(ascii: ":"):
                isSubParameter = true
            default:
                return nil
            }
        }
        if value != nil || !parameters.isEmpty { result.append(value ?? 1) }
        return result
    }

    /// The modifiers of an xterm modifier parameter: 1 + shift 1, alt 2, control 4, meta 8;
    /// lock bits above are dropped.
    static func modifiers(_ parameter: Int) -> KeyModifiers {
        guard parameter >= 1 else { return [] }
        return KeyModifiers(rawValue: UInt8((parameter - 1) & 0xF))
    }
}
