/// The events decoded from one call of a backend's `input` entry, and whether the backend holds
/// bytes that may still begin a longer sequence.
public struct InputBatch: Sendable, Hashable {
    /// The events, in the order they arrived.
    public var events: [InputEvent]
    /// Whether the backend holds the start of a sequence (a lone Escape, an unfinished escape
    /// sequence or UTF-8 character, or what may be the start of a paste's end marker).
    ///
    /// When it is set, the host calls `input` again with no bytes once no more input has
    /// arrived for a short time (50 ms is usual): an empty call means "the input timed out",
    /// and the backend then reports what it holds (a lone Escape as the Escape key).
    public var isPending: Bool

    /// Creates a batch.
    ///
    /// - Parameters:
    ///   - events: The events.
    ///   - isPending: Whether the backend holds the start of a sequence.
    public init(events: [InputEvent], isPending: Bool = false) {
        self.events = events
        self.isPending = isPending
    }
}

/// The binary format of decoded input: what a backend's `input` entry returns.
///
/// The request is the raw bytes read from the terminal, or no bytes to say that the input
/// timed out (see ``InputBatch/isPending``). The response:
///
///     "TRIE", u16 version (1), u16 flags (bit 0: input pending), u32 event count, then each
///     event as a u8 kind and its fields:
///       1 key     u8 key code, u8 modifiers (bits 0-3) and phase (bits 4-5: 0 press, 1 repeat,
///                 2 release), then a string for code 1 (character) or a u8 number for code 16
///                 (function key)
///       2 text    string
///       3 paste   string
///       4 mouse   u8 action, u8 button, u8 modifiers, u32 column, u32 row
///       5 focus   u8 (1 gained, 0 lost)
///
/// Key codes: 1 character, 2 enter, 3 tab, 4 escape, 5 backspace, 6 delete, 7 insert, 8 up,
/// 9 down, 10 left, 11 right, 12 home, 13 end, 14 page up, 15 page down, 16 function. Strings
/// are a u32 byte count and UTF-8, as everywhere in Trellis' formats.
public enum InputEventCodec {
    /// Encodes a batch.
    ///
    /// - Parameter batch: The events and the pending flag.
    /// - Returns: The encoded bytes.
    /// - Complexity: O(*n*) in the size of the events.
    public static func encode(_ batch: InputBatch) -> [UInt8] {
        var writer = ByteWriter(capacity: 12 + batch.events.count * 12)
        writer.write(bytes: Array("TRIE".utf8))
        writer.write(UInt16(1))
        writer.write(UInt16(batch.isPending ? 1 : 0))
        writer.write(UInt32(truncatingIfNeeded: batch.events.count))
        for event in batch.events { encode(event, into: &writer) }
        return writer.bytes
    }

    private static func encode(_ event: InputEvent, into writer: inout ByteWriter) {
        switch event {
        case .key(let key):
            writer.write(UInt8(1))
            writer.write(code(of: key.key))
            // The phase in bits 4 and 5 of the modifier byte: a press leaves it as it was.
            writer.write(key.modifiers.rawValue & 0xF | key.phase.rawValue << 4)
            switch key.key {
            case .character(let character): writer.write(String(character))
            case .function(let number): writer.write(UInt8(clamping: number))
            default: break
            }
        case .text(let text):
            writer.write(UInt8(2))
            writer.write(text)
        case .paste(let text):
            writer.write(UInt8(3))
            writer.write(text)
        case .mouse(let mouse):
            writer.write(UInt8(4))
            writer.write(mouse.action.rawValue)
            writer.write(mouse.button.rawValue)
            writer.write(mouse.modifiers.rawValue)
            writer.write(UInt32(clamping: mouse.column))
            writer.write(UInt32(clamping: mouse.row))
        case .focus(let gained):
            writer.write(UInt8(5))
            writer.write(UInt8(gained ? 1 : 0))
        }
    }

    private static let simpleKeys: [Key] = [
        .enter, .tab, .escape, .backspace, .delete, .insert, .up, .down, .left, .right, .home,
        .end, .pageUp, .pageDown,
    ]

    private static func code(of key: Key) -> UInt8 {
        switch key {
        case .character: return 1
        case .function: return 16
        default: return UInt8((simpleKeys.firstIndex(of: key) ?? 0) + 2)
        }
    }

    /// Decodes a batch from bytes.
    ///
    /// - Parameter bytes: A response in this format.
    /// - Returns: The events and the pending flag.
    /// - Throws: ``DisplayListError`` (without a command) naming the byte offset and problem.
    /// - Complexity: O(*n*) in the size of the buffer.
    public static func decode(_ bytes: [UInt8]) throws(DisplayListError) -> InputBatch {
        let result = bytes.withUnsafeBytes { buffer -> Result<InputBatch, DisplayListError> in
            do throws(DisplayListError) {
                return .success(try decode(buffer))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Decodes a batch from a buffer.
    ///
    /// Every count, code and string is checked: a truncated or corrupted buffer is an error,
    /// never an out-of-bounds read.
    ///
    /// - Parameter buffer: A response in this format.
    /// - Returns: The events and the pending flag.
    /// - Throws: ``DisplayListError`` (without a command) naming the byte offset and problem.
    /// - Complexity: O(*n*) in the size of the buffer.
    public static func decode(_ buffer: UnsafeRawBufferPointer) throws(DisplayListError)
        -> InputBatch
    {
        var reader = CodecReader(ByteReader(buffer))
        guard buffer.count >= 8, Array(buffer[0..<4]) == Array("TRIE".utf8) else {
            throw reader.fail("expected a buffer starting with \"TRIE\"", at: 0)
        }
        let version = UInt16(buffer[4]) | UInt16(buffer[5]) << 8
        let flags = UInt16(buffer[6]) | UInt16(buffer[7]) << 8
        guard version == 1 else {
            throw reader.fail("format version \(version); expected 1", at: 4)
        }
        guard flags & ~1 == 0 else { throw reader.fail("unknown flags \(flags)", at: 6) }
        try reader.skip(8)
        let count = try reader.count(minimumBytesEach: 2)
        var events: [InputEvent] = []
        events.reserveCapacity(count)
        for _ in 0..<count { events.append(try event(&reader)) }
        try reader.expectEnd()
        return InputBatch(events: events, isPending: flags & 1 != 0)
    }

    private static func event(_ reader: inout CodecReader) throws(DisplayListError) -> InputEvent {
        let offset = reader.reader.offset
        switch try reader.byte() {
        case 1:
            let code = try reader.byte()
            let bits = try reader.byte()
            let modifiers = KeyModifiers(rawValue: bits & 0xF)
            guard bits & 0xC0 == 0, let phase = KeyEvent.Phase(rawValue: bits >> 4 & 0x3) else {
                throw reader.fail("unknown modifier bits \(bits)")
            }
            let key: Key
            switch code {
            case 1:
                let text = try reader.string("key character")
                guard text.count == 1, let character = text.first else {
                    throw reader.fail("a key character must be one grapheme cluster")
                }
                key = .character(character)
            case 16:
                let number = Int(try reader.byte())
                guard (1...24).contains(number) else {
                    throw reader.fail("function key F\(number) is outside F1...F24")
                }
                key = .function(number)
            case 2...15:
                key = simpleKeys[Int(code) - 2]
            default:
                throw reader.fail("unknown key code \(code)", at: offset + 1)
            }
            return .key(KeyEvent(key, modifiers: modifiers, phase: phase))
        case 2:
            return .text(try reader.string("text"))
        case 3:
            return .paste(try reader.string("paste"))
        case 4:
            guard let action = MouseEvent.Action(rawValue: try reader.byte()) else {
                throw reader.fail("unknown mouse action", at: offset + 1)
            }
            guard let button = MouseEvent.Button(rawValue: try reader.byte()) else {
                throw reader.fail("unknown mouse button", at: offset + 2)
            }
            let modifiers = KeyModifiers(rawValue: try reader.byte())
            let column = Int(try reader.word())
            let row = Int(try reader.word())
            return .mouse(
                MouseEvent(action, button: button, column: column, row: row, modifiers: modifiers))
        case 5:
            let value = try reader.byte()
            guard value <= 1 else { throw reader.fail("focus must be 0 or 1", at: offset + 1) }
            return .focus(value == 1)
        case let kind:
            throw reader.fail("unknown event kind \(kind)", at: offset)
        }
    }
}

extension CodecReader {
    /// Reads one byte.
    mutating func byte() throws(DisplayListError) -> UInt8 {
        do throws(ByteReader.OutOfBounds) { return try reader.readUInt8() } catch {
            throw fail(
                "truncated: \(error.needed) bytes needed, \(error.available) left",
                at: error.offset)
        }
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int) throws(DisplayListError) {
        do throws(ByteReader.OutOfBounds) { _ = try reader.readBytes(count) } catch {
            throw fail(
                "truncated: \(error.needed) bytes needed, \(error.available) left",
                at: error.offset)
        }
    }

    /// Reads a 32-bit unsigned integer.
    mutating func word() throws(DisplayListError) -> UInt32 {
        do throws(ByteReader.OutOfBounds) { return try reader.readUInt32() } catch {
            throw fail(
                "truncated: \(error.needed) bytes needed, \(error.available) left",
                at: error.offset)
        }
    }
}
