/// What a terminal backend did for one frame: how many cells changed, how many bytes it wrote
/// and how long it took, as notcurses reports per frame.
public struct FrameStatistics: Sendable, Hashable {
    /// The number of the frame, counting from 1; 0 before the first frame.
    public var frame: UInt64
    /// The grid's width in cells.
    public var columns: Int
    /// The grid's height in cells.
    public var rows: Int
    /// The cells that differ from the previous frame (every non-blank cell of a full repaint).
    public var cellsChanged: Int
    /// The cells written: the changed cells, plus unchanged cells rewritten where that is
    /// shorter than moving the cursor over them.
    public var cellsWritten: Int
    /// The bytes of output.
    public var bytesWritten: Int
    /// The time the render call took, decoding to output, in nanoseconds.
    public var renderNanoseconds: UInt64
    /// Whether the frame repainted the whole screen.
    public var isFullFrame: Bool

    /// Creates statistics.
    public init(
        frame: UInt64 = 0, columns: Int = 0, rows: Int = 0, cellsChanged: Int = 0,
        cellsWritten: Int = 0, bytesWritten: Int = 0, renderNanoseconds: UInt64 = 0,
        isFullFrame: Bool = false
    ) {
        self.frame = frame
        self.columns = columns
        self.rows = rows
        self.cellsChanged = cellsChanged
        self.cellsWritten = cellsWritten
        self.bytesWritten = bytesWritten
        self.renderNanoseconds = renderNanoseconds
        self.isFullFrame = isFullFrame
    }
}

/// The binary format of ``FrameStatistics``, the terminal backend's answer to `control`:
///
///     "TRFS", u16 version (1), u16 flags (bit 0: full frame), u64 frame, u32 columns,
///     u32 rows, u64 cells changed, u64 cells written, u64 bytes written, u64 render time in
///     nanoseconds
public enum FrameStatisticsCodec {
    /// The size of an encoded record.
    public static let encodedSize = 56

    /// Encodes statistics.
    ///
    /// - Parameter statistics: The statistics.
    /// - Returns: ``encodedSize`` bytes.
    public static func encode(_ statistics: FrameStatistics) -> [UInt8] {
        var writer = ByteWriter(capacity: encodedSize)
        writer.write(bytes: Array("TRFS".utf8))
        writer.write(UInt16(1))
        writer.write(UInt16(statistics.isFullFrame ? 1 : 0))
        writer.write(statistics.frame)
        writer.write(UInt32(clamping: statistics.columns))
        writer.write(UInt32(clamping: statistics.rows))
        writer.write(UInt64(clamping: statistics.cellsChanged))
        writer.write(UInt64(clamping: statistics.cellsWritten))
        writer.write(UInt64(clamping: statistics.bytesWritten))
        writer.write(statistics.renderNanoseconds)
        return writer.bytes
    }

    /// Decodes statistics.
    ///
    /// - Parameter bytes: A record in this format.
    /// - Returns: The statistics.
    /// - Throws: ``DisplayListError`` (without a command) naming the byte offset and problem.
    public static func decode(_ bytes: [UInt8]) throws(DisplayListError) -> FrameStatistics {
        let result = bytes.withUnsafeBytes { buffer -> Result<FrameStatistics, DisplayListError> in
            var reader = CodecReader(ByteReader(buffer))
            guard buffer.count == encodedSize, Array(buffer[0..<4]) == Array("TRFS".utf8) else {
                return .failure(
                    reader.fail("expected \(encodedSize) bytes starting with \"TRFS\"", at: 0))
            }
            do throws(DisplayListError) {
                try reader.skip(4)
                let version = try reader.word()
                guard version & 0xFFFF == 1, version >> 16 <= 1 else {
                    throw reader.fail("unknown version or flags \(version)", at: 4)
                }
                let frame = UInt64(try reader.word()) | UInt64(try reader.word()) << 32
                let columns = Int(try reader.word())
                let rows = Int(try reader.word())
                var counters: [UInt64] = []
                for _ in 0..<4 {
                    counters.append(UInt64(try reader.word()) | UInt64(try reader.word()) << 32)
                }
                return .success(
                    FrameStatistics(
                        frame: frame, columns: columns, rows: rows,
                        cellsChanged: Int(clamping: counters[0]),
                        cellsWritten: Int(clamping: counters[1]),
                        bytesWritten: Int(clamping: counters[2]), renderNanoseconds: counters[3],
                        isFullFrame: version >> 16 == 1))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
