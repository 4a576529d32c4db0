public import TrellisGeometry

/// Appends little-endian values to a byte array: the writing half of Trellis' binary formats.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer, optionally reserving capacity.
    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends raw bytes.
    public mutating func write(bytes other: some Sequence<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// Appends a byte.
    public mutating func write(_ value: UInt8) { bytes.append(value) }

    /// Appends a 16-bit unsigned integer.
    public mutating func write(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// Appends a 32-bit unsigned integer.
    public mutating func write(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Appends a 64-bit unsigned integer.
    public mutating func write(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Appends a double as its IEEE 754 bits.
    public mutating func write(_ value: Double) { write(value.bitPattern) }

    /// Appends a string as a 32-bit byte count and its UTF-8 bytes.
    public mutating func write(_ value: String) {
        let utf8 = value.utf8
        write(UInt32(truncatingIfNeeded: utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// Appends a point as two doubles.
    public mutating func write(_ value: Point) {
        write(value.x)
        write(value.y)
    }

    /// Appends a size as two doubles.
    public mutating func write(_ value: Size) {
        write(value.width)
        write(value.height)
    }

    /// Appends a rectangle as four doubles (x, y, width, height).
    public mutating func write(_ value: Rect) {
        write(value.origin)
        write(value.size)
    }

    /// Appends a colour as four doubles (red, green, blue, alpha).
    public mutating func write(_ value: Color) {
        write(value.red)
        write(value.green)
        write(value.blue)
        write(value.alpha)
    }

    /// Overwrites a 32-bit value at an offset written earlier.
    public mutating func patch(_ value: UInt32, at offset: Int) {
        for index in 0..<4 {
            bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
        }
    }

    /// The number of bytes written.
    public var count: Int { bytes.count }
}

/// Reads little-endian values from a byte buffer with every read bounds-checked: the reading
/// half of Trellis' binary formats.
///
/// A read past the end throws; nothing is ever read outside the buffer.
public struct ByteReader {
    private let buffer: UnsafeRawBufferPointer
    /// The offset of the next read.
    public private(set) var offset: Int

    /// Creates a reader over a buffer that must outlive it.
    public init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    /// The bytes not yet read.
    public var remaining: Int { buffer.count - offset }

    /// The error of a read past the end: how many bytes were needed and how many were left.
    public struct OutOfBounds: Error, Sendable {
        /// The offset of the read.
        public let offset: Int
        /// The bytes the read needed.
        public let needed: Int
        /// The bytes that were left.
        public let available: Int
    }

    private mutating func take(_ count: Int) throws(OutOfBounds) -> Int {
        guard count >= 0, count <= remaining else {
            throw OutOfBounds(offset: offset, needed: count, available: remaining)
        }
        let start = offset
        offset += count
        return start
    }

    /// Reads a byte.
    public mutating func readUInt8() throws(OutOfBounds) -> UInt8 {
        buffer[try take(1)]
    }

    /// Reads a 16-bit unsigned integer.
    public mutating func readUInt16() throws(OutOfBounds) -> UInt16 {
        let start = try take(2)
        return UInt16(buffer[start]) | UInt16(buffer[start + 1]) << 8
    }

    /// Reads a 32-bit unsigned integer.
    public mutating func readUInt32() throws(OutOfBounds) -> UInt32 {
        let start = try take(4)
        return buffer.loadUnaligned(fromByteOffset: start, as: UInt32.self).littleEndian
    }

    /// Reads a 64-bit unsigned integer.
    public mutating func readUInt64() throws(OutOfBounds) -> UInt64 {
        let start = try take(8)
        return buffer.loadUnaligned(fromByteOffset: start, as: UInt64.self).littleEndian
    }

    /// Reads a double.
    public mutating func readDouble() throws(OutOfBounds) -> Double {
        Double(bitPattern: try readUInt64())
    }

    /// Reads `count` raw bytes.
    public mutating func readBytes(_ count: Int) throws(OutOfBounds) -> UnsafeRawBufferPointer {
        let start = try take(count)
        return UnsafeRawBufferPointer(rebasing: buffer[start..<(start + count)])
    }

    /// Reads a string written by ``ByteWriter/write(_:)-(String)``; returns `nil` when the bytes
    /// are not valid UTF-8.
    public mutating func readString() throws(OutOfBounds) -> String? {
        let count = Int(try readUInt32())
        let bytes = try readBytes(count)
        return String(validating: bytes, as: UTF8.self)
    }
}
