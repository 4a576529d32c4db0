public import TrellisPluginKit

/// Turns the bytes a terminal sends into input events: text, keys, escape sequences, SGR mouse
/// reports and bracketed pastes.
///
/// Input arrives in arbitrary pieces, so the parser keeps what may be the start of a longer
/// sequence (a lone Escape, `ESC [ 1 ;`, half of a UTF-8 character, a paste without its end
/// marker) until the next call. Feeding no bytes means the input timed out: the parser then
/// reports what it holds — a lone Escape becomes the Escape key, `ESC x` becomes Alt-x, an
/// unfinished UTF-8 character becomes U+FFFD.
///
/// Hostile input cannot make it misbehave: unknown sequences are skipped, a sequence longer
/// than ``maximumSequenceLength`` is cut (the rest of it is skipped up to its final byte), a
/// string sequence (OSC, DCS) longer than ``maximumStringLength`` is abandoned, and a paste is
/// delivered in pieces of at most ``maximumPasteLength`` bytes, so memory stays bounded.
///
/// ```swift
/// var parser = InputParser()
/// parser.feed(Array("\u{1B}[1;5C".utf8)).events   // [.key(KeyEvent(.right, modifiers: .control))]
/// parser.feed(Array("\u{1B}".utf8)).isPending     // true
/// parser.feed([]).events                          // [.key(KeyEvent(.escape))]
/// ```
public struct InputParser: Sendable {
    /// The longest control sequence kept, in bytes; longer ones are cut.
    public static let maximumSequenceLength = 64
    /// The longest string sequence (OSC, DCS, APC, PM, SOS) skipped before it is abandoned.
    public static let maximumStringLength = 4096
    /// The largest piece of a paste delivered as one event, in bytes.
    public static let maximumPasteLength = 1 << 20

    /// Bytes of an unfinished sequence or character, kept for the next call.
    var pending: [UInt8] = []
    /// The paste being collected, between `ESC [ 200 ~` and `ESC [ 201 ~`.
    var paste: [UInt8]?
    /// Whether the parser is skipping the rest of an overlong control sequence.
    var isSkippingSequence = false
    /// Text collected for the next text event.
    var text: [UInt8] = []
    /// The events of the current call.
    var events: [InputEvent] = []

    /// Creates a parser with nothing pending.
    public init() {}

    /// Whether bytes are held that may begin a longer sequence.
    public var isPending: Bool { !pending.isEmpty }

    /// The number of bytes held for the next call.
    package var pendingByteCount: Int { pending.count }

    /// Parses bytes read from the terminal; no bytes mean that the input timed out.
    ///
    /// - Parameter bytes: The bytes read, or none after a timeout.
    /// - Returns: The events completed by these bytes, and whether bytes are still held.
    /// - Complexity: O(*n*) in the number of bytes held and given.
    public mutating func feed(_ bytes: [UInt8]) -> InputBatch {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Parses bytes read from the terminal; an empty buffer means that the input timed out.
    ///
    /// - Parameter bytes: The bytes read, or none after a timeout.
    /// - Returns: The events completed by these bytes, and whether bytes are still held.
    /// - Complexity: O(*n*) in the number of bytes held and given.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> InputBatch {
        let isTimeout = bytes.isEmpty
        var data = pending
        pending = []
        data.append(contentsOf: bytes)
        events = []
        run(data, isTimeout: isTimeout)
        flushText()
        return InputBatch(events: events, isPending: !pending.isEmpty)
    }

    private mutating func run(_ data: [UInt8], isTimeout: Bool) {
        var index = 0
        while index < data.count {
            if paste != nil {
                index = collectPaste(data, from: index, isTimeout: isTimeout)
                continue
            }
            if isSkippingSequence {
                index = skipSequence(data, from: index)
                continue
            }
            switch step(data, at: index, isTimeout: isTimeout) {
            case .consumed(let count, let event):
                if let event { emit(event) }
                index += count
            case .text(let count):
                text.append(contentsOf: data[index..<(index + count)])
                index += count
            case .startPaste(let count):
                startPaste()
                index += count
            case .cut(let count):
                isSkippingSequence = true
                index += count
            case .incomplete:
                pending = Array(data[index...])
                return
            }
        }
    }

    /// What one step of parsing found at an index.
    enum Step {
        /// `count` bytes were consumed, giving an event or nothing (a skipped sequence).
        case consumed(Int, InputEvent?)
        /// `count` bytes of valid, printable UTF-8 text.
        case text(Int)
        /// `count` bytes of the start-of-paste marker, `ESC [ 200 ~`.
        case startPaste(Int)
        /// `count` bytes of an overlong control sequence, whose rest is to be skipped.
        case cut(Int)
        /// The bytes from the index may be the start of a longer sequence.
        case incomplete
    }

    private func step(_ data: [UInt8], at index: Int, isTimeout: Bool) -> Step {
        let byte = data[index]
        switch byte {
        case 0x1B:
            return escape(data, at: index, isTimeout: isTimeout)
        case 0x20..<0x7F:
            var end = index + 1
            while end < data.count, data[end] >= 0x20, data[end] < 0x7F { end += 1 }
            return .text(end - index)
        case 0x80...:
            return utf8(data, at: index, isTimeout: isTimeout)
        default:
            return .consumed(1, .key(InputParser.controlKey(byte)))
        }
    }

    /// The key of a C0 control byte or DEL.
    static func controlKey(_ byte: UInt8) -> KeyEvent {
        switch byte {
        case 0x0D, 0x0A: return KeyEvent(.enter)
        case 0x09: return KeyEvent(.tab)
        case 0x08, 0x7F: return KeyEvent(.backspace)
        case 0x1B: return KeyEvent(.escape)
        case 0x00: return KeyEvent(.character(" "), modifiers: .control)
        case 0x01...0x1A:
            let letter = Character(Unicode.Scalar(byte + 0x60))
            return KeyEvent(.character(letter), modifiers: .control)
        default:
            let symbol = Character(Unicode.Scalar(byte + 0x40))
            return KeyEvent(.character(symbol), modifiers: .control)
        }
    }

    private func utf8(_ data: [UInt8], at index: Int, isTimeout: Bool) -> Step {
        let lead = data[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xED:
            length = 3
            high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF4:
            length = 4
            high = 0x8F
        case 0xF1...0xF3: length = 4
        default: return .consumed(1, .text("\u{FFFD}"))
        }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard index + offset < data.count else {
                return isTimeout ? .consumed(offset, .text("\u{FFFD}")) : .incomplete
            }
            let byte = data[index + offset]
            let range = offset == 1 ? low...high : 0x80...0xBF
            guard range.contains(byte) else { return .consumed(offset, .text("\u{FFFD}")) }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        // C1 controls (such as an 8-bit CSI written as UTF-8) are never text.
        if scalar < 0xA0 { return .consumed(length, nil) }
        return .text(length)
    }

    mutating func emit(_ event: InputEvent) {
        if case .text(let value) = event {
            text.append(contentsOf: value.utf8)
            return
        }
        flushText()
        events.append(event)
    }

    private mutating func flushText() {
        guard !text.isEmpty else { return }
        events.append(.text(String(decoding: text, as: UTF8.self)))
        text = []
    }

    // MARK: Bracketed paste

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Collects paste bytes up to the end marker; returns the index after what was consumed.
    ///
    /// A paste lasts until its end marker, however long it takes: its bytes are never read as
    /// keys. What may be the start of the end marker is held until more input decides it; after
    /// a timeout it is paste text.
    private mutating func collectPaste(_ data: [UInt8], from index: Int, isTimeout: Bool) -> Int {
        let marker = InputParser.pasteEnd
        var position = index
        while position < data.count {
            if data[position] == 0x1B {
                let available = min(marker.count, data.count - position)
                if data[position..<(position + available)].elementsEqual(marker[0..<available]) {
                    appendPaste(data[index..<position])
                    if available == marker.count {
                        finishPaste()
                        return position + marker.count
                    }
                    if isTimeout {
                        appendPaste(data[position...])
                    } else {
                        pending = Array(data[position...])
                    }
                    return data.count
                }
            }
            position += 1
        }
        appendPaste(data[index...])
        return data.count
    }

    private mutating func appendPaste(_ bytes: ArraySlice<UInt8>) {
        var rest = bytes
        while !rest.isEmpty {
            let room = InputParser.maximumPasteLength - (paste?.count ?? 0)
            let piece = rest.prefix(room)
            paste?.append(contentsOf: piece)
            rest = rest.dropFirst(piece.count)
            if paste?.count ?? 0 >= InputParser.maximumPasteLength {
                deliverPaste()
            }
        }
    }

    private mutating func deliverPaste() {
        guard let bytes = paste, !bytes.isEmpty else { return }
        flushText()
        events.append(.paste(String(decoding: bytes, as: UTF8.self)))
        paste = []
    }

    private mutating func finishPaste() {
        if let bytes = paste, !bytes.isEmpty {
            flushText()
            events.append(.paste(String(decoding: bytes, as: UTF8.self)))
        }
        paste = nil
    }

    private mutating func startPaste() {
        flushText()
        paste = []
    }

    /// Skips the parameter and intermediate bytes of a cut sequence, and its final byte.
    private mutating func skipSequence(_ data: [UInt8], from index: Int) -> Int {
        var position = index
        while position < data.count {
            let byte = data[position]
            position += 1
            if byte >= 0x40 && byte <= 0x7E {
                isSkippingSequence = false
                return position
            }
            if byte < 0x20 || byte > 0x3F {
                // Not part of a sequence: stop skipping and parse it afresh.
                isSkippingSequence = false
                return position - 1
            }
        }
        return position
    }
}
