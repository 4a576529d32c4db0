/// One run of text to measure: a font and the text's grapheme clusters.
///
/// The host splits text into grapheme clusters, so a backend never has to segment text the
/// same way; it returns one advance per cluster.
public struct MeasureRun: Sendable, Hashable {
    /// The font.
    public var font: FontDescriptor
    /// The grapheme clusters, in order.
    public var clusters: [String]

    /// Creates a run.
    public init(font: FontDescriptor, clusters: [String]) {
        self.font = font
        self.clusters = clusters
    }
}

/// A backend's measurement of one run: the font's vertical metrics and each cluster's advance.
public struct MeasuredRun: Sendable, Hashable {
    /// The distance from the baseline to the top of the tallest glyphs, positive.
    public var ascender: Double
    /// The distance from the baseline to the bottom of the lowest glyphs, positive.
    public var descender: Double
    /// The extra space between lines.
    public var lineGap: Double
    /// The height of capital letters.
    public var capHeight: Double
    /// The height of lower-case letters.
    public var xHeight: Double
    /// The advance of each cluster, in order.
    public var advances: [Double]

    /// Creates a measurement.
    public init(
        ascender: Double, descender: Double, lineGap: Double, capHeight: Double, xHeight: Double,
        advances: [Double]
    ) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.capHeight = capHeight
        self.xHeight = xHeight
        self.advances = advances
    }
}

/// The binary format of batched text measurement: a request of runs in one buffer, answered
/// with one buffer of measurements, so that a whole layout pass costs one call.
///
///     request   "TRMQ", u16 version (1), u16 0, u32 run count, then per run: font (string
///               family, f64 size, u16 weight, u8 style flags), u32 cluster count, and each
///               cluster as a string
///     response  "TRMR", u16 version (1), u16 0, u32 run count, then per run: f64 ascender,
///               descender, line gap, cap height, x-height, u32 advance count, f64 advances
public enum TextMeasurementCodec {
    /// Encodes a request.
    public static func encode(request runs: [MeasureRun]) -> [UInt8] {
        var writer = ByteWriter()
        writer.write(bytes: Array("TRMQ".utf8))
        writer.write(UInt16(1))
        writer.write(UInt16(0))
        writer.write(UInt32(truncatingIfNeeded: runs.count))
        for run in runs {
            writer.write(run.font)
            writer.write(UInt32(truncatingIfNeeded: run.clusters.count))
            for cluster in run.clusters { writer.write(cluster) }
        }
        return writer.bytes
    }

    /// Encodes a response.
    public static func encode(response runs: [MeasuredRun]) -> [UInt8] {
        var writer = ByteWriter()
        writer.write(bytes: Array("TRMR".utf8))
        writer.write(UInt16(1))
        writer.write(UInt16(0))
        writer.write(UInt32(truncatingIfNeeded: runs.count))
        for run in runs {
            for value in [run.ascender, run.descender, run.lineGap, run.capHeight, run.xHeight] {
                writer.write(value)
            }
            writer.write(UInt32(truncatingIfNeeded: run.advances.count))
            for advance in run.advances { writer.write(advance) }
        }
        return writer.bytes
    }

    /// Decodes a request.
    ///
    /// - Throws: ``DisplayListError`` (without a command) naming the byte offset and problem.
    public static func decodeRequest(_ buffer: UnsafeRawBufferPointer) throws(DisplayListError)
        -> [MeasureRun]
    {
        var reader = CodecReader(ByteReader(buffer))
        try reader.expectHeader("TRMQ")
        let count = try reader.count(minimumBytesEach: 19)
        var runs: [MeasureRun] = []
        runs.reserveCapacity(count)
        for _ in 0..<count {
            let font = try reader.font()
            let clusterCount = try reader.count(minimumBytesEach: 4)
            var clusters: [String] = []
            clusters.reserveCapacity(clusterCount)
            for _ in 0..<clusterCount { clusters.append(try reader.string("cluster")) }
            runs.append(MeasureRun(font: font, clusters: clusters))
        }
        try reader.expectEnd()
        return runs
    }

    /// Decodes a response.
    ///
    /// - Throws: ``DisplayListError`` (without a command) naming the byte offset and problem.
    public static func decodeResponse(_ buffer: UnsafeRawBufferPointer) throws(DisplayListError)
        -> [MeasuredRun]
    {
        var reader = CodecReader(ByteReader(buffer))
        try reader.expectHeader("TRMR")
        let count = try reader.count(minimumBytesEach: 44)
        var runs: [MeasuredRun] = []
        runs.reserveCapacity(count)
        for _ in 0..<count {
            let metrics = [
                try reader.number("ascender"), try reader.number("descender"),
                try reader.number("line gap"), try reader.number("cap height"),
                try reader.number("x-height"),
            ]
            let advanceCount = try reader.count(minimumBytesEach: 8)
            var advances: [Double] = []
            advances.reserveCapacity(advanceCount)
            for _ in 0..<advanceCount { advances.append(try reader.number("advance")) }
            runs.append(
                MeasuredRun(
                    ascender: metrics[0], descender: metrics[1], lineGap: metrics[2],
                    capHeight: metrics[3], xHeight: metrics[4], advances: advances))
        }
        try reader.expectEnd()
        return runs
    }
}

/// A bounds-checked reader for the small binary formats, with errors as ``DisplayListError``.
struct CodecReader {
    var reader: ByteReader

    init(_ reader: ByteReader) {
        self.reader = reader
    }

    func fail(_ reason: String, at offset: Int? = nil) -> DisplayListError {
        DisplayListError(
            offset: offset ?? reader.offset, command: nil, commandName: nil, reason: reason)
    }

    private func wrap(_ error: ByteReader.OutOfBounds) -> DisplayListError {
        fail("truncated: \(error.needed) bytes needed, \(error.available) left", at: error.offset)
    }

    mutating func expectHeader(_ magic: String) throws(DisplayListError) {
        let head: [UInt8]
        let version: UInt16
        do throws(ByteReader.OutOfBounds) {
            head = Array(try reader.readBytes(4))
            version = try reader.readUInt16()
            _ = try reader.readUInt16()
        } catch {
            throw wrap(error)
        }
        guard head == Array(magic.utf8) else {
            throw fail("expected a buffer starting with \"\(magic)\"", at: 0)
        }
        guard version == 1 else { throw fail("format version \(version); expected 1", at: 4) }
    }

    mutating func count(minimumBytesEach: Int) throws(DisplayListError) -> Int {
        let offset = reader.offset
        let value: UInt32
        do throws(ByteReader.OutOfBounds) { value = try reader.readUInt32() } catch {
            throw wrap(error)
        }
        guard Int(value) <= reader.remaining / minimumBytesEach else {
            throw fail(
                "count \(value) cannot fit in the \(reader.remaining) bytes left", at: offset)
        }
        return Int(value)
    }

    mutating func number(_ what: String) throws(DisplayListError) -> Double {
        let offset = reader.offset
        let value: Double
        do throws(ByteReader.OutOfBounds) { value = try reader.readDouble() } catch {
            throw wrap(error)
        }
        guard value.isFinite else {
            throw fail("\(what) is \(value), not a finite number", at: offset)
        }
        return value
    }

    mutating func string(_ what: String) throws(DisplayListError) -> String {
        let offset = reader.offset
        let text: String?
        do throws(ByteReader.OutOfBounds) { text = try reader.readString() } catch {
            throw wrap(error)
        }
        guard let text else { throw fail("\(what) is not valid UTF-8", at: offset) }
        return text
    }

    mutating func font() throws(DisplayListError) -> FontDescriptor {
        let family = try string("font family")
        let offset = reader.offset
        let size = try number("font size")
        guard size >= 0, size <= 10_000 else {
            throw fail("font size \(size) is outside 0...10000", at: offset)
        }
        let weight: Int
        let style: UInt8
        do throws(ByteReader.OutOfBounds) {
            weight = Int(try reader.readUInt16())
            style = try reader.readUInt8()
        } catch {
            throw wrap(error)
        }
        guard style & ~3 == 0 else { throw fail("unknown font style flags \(style)") }
        return FontDescriptor(
            family: family, size: size, weight: weight, isItalic: style & 1 != 0,
            isMonospaced: style & 2 != 0)
    }

    mutating func expectEnd() throws(DisplayListError) {
        guard reader.remaining == 0 else {
            throw fail("\(reader.remaining) unexpected bytes at the end")
        }
    }
}
