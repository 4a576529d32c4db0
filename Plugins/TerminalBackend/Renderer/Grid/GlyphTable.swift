import TrellisText

/// The grapheme clusters of more than one scalar drawn so far, each with a small id, so that a
/// cell holds any cluster in 32 bits and two frames compare as integers.
///
/// Clusters of one scalar need no entry: their glyph is the scalar value. Every cluster passes
/// through ``glyph(for:)``, which replaces control characters with visible pictures: nothing
/// drawn can reach the terminal as a control sequence.
struct GlyphTable {
    /// Set in a glyph that is an id in the table.
    static let clusterFlag: UInt32 = 0x8000_0000
    /// Set in an id whose width terminals disagree on (emoji sequences), after which the
    /// encoder does not trust the cursor's column.
    static let uncertainFlag: UInt32 = 0x4000_0000
    /// The most clusters kept; the renderer empties the table (and repaints) past half of it.
    static let capacity = 4096

    private var utf8: [[UInt8]] = []
    private var ids: [String: UInt32] = [:]

    /// The number of clusters in the table.
    var count: Int { utf8.count }

    /// Forgets every cluster; glyphs handed out before are no longer valid.
    mutating func removeAll() {
        utf8.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
    }

    /// The glyph and width in cells of a grapheme cluster, with control characters replaced.
    ///
    /// A width of 0 (a lone combining mark, a format character) means the cluster is not drawn.
    mutating func glyph(for cluster: Character) -> (glyph: UInt32, width: Int) {
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first else { return (Cell.space, 0) }
        if let picture = ControlPictures.replacement(for: first) {
            return (picture.value, 1)
        }
        let measured = TerminalWidth(of: cluster)
        if measured.isControl || scalars.contains(where: ControlPictures.isControl) {
            return (ControlPictures.unknown.value, 1)
        }
        let width = measured.columns
        if width == 0 { return (Cell.space, 0) }
        if scalars.count == 1 { return (first.value, width) }
        let key = String(cluster)
        if let id = ids[key] { return (id, width) }
        guard utf8.count < GlyphTable.capacity else {
            // Full (only a hostile frame gets here): a stand-in of the same width.
            return (width == 2 ? 0x3013 : ControlPictures.unknown.value, width)
        }
        var id = GlyphTable.clusterFlag | UInt32(utf8.count)
        if width == 2 { id |= GlyphTable.uncertainFlag }
        utf8.append(Array(key.utf8))
        ids[key] = id
        return (id, width)
    }

    /// The glyph and width in cells of a grapheme cluster written between invisible marks,
    /// such as the bidi isolates around a right-to-left run for a terminal that reorders text
    /// itself: the cluster as ``glyph(for:)`` makes it (control characters replaced), with
    /// `before` written ahead of it and `after` behind it, in one cell (or two for a wide one).
    ///
    /// A cluster that is not drawn (width 0) stays undrawn; when the table is full the cluster
    /// is written without its marks.
    mutating func glyph(
        for cluster: Character, before: Unicode.Scalar?, after: Unicode.Scalar?
    ) -> (glyph: UInt32, width: Int) {
        let (base, width) = glyph(for: cluster)
        guard width > 0, before != nil || after != nil else { return (base, width) }
        var bytes: [UInt8] = []
        if let before { bytes += String(before).utf8 }
        append(base, to: &bytes)
        if let after { bytes += String(after).utf8 }
        let key = String(decoding: bytes, as: UTF8.self)
        if let id = ids[key] { return (id, width) }
        guard utf8.count < GlyphTable.capacity else { return (base, width) }
        var id = GlyphTable.clusterFlag | UInt32(utf8.count)
        if base & GlyphTable.clusterFlag != 0 { id |= base & GlyphTable.uncertainFlag }
        utf8.append(bytes)
        ids[key] = id
        return (id, width)
    }

    /// The cells a cluster takes when drawn: its ``TerminalWidth``, except that a control
    /// character takes one cell for its picture.
    static func columns(of cluster: Character) -> Int {
        guard let first = cluster.unicodeScalars.first else { return 0 }
        if ControlPictures.replacement(for: first) != nil { return 1 }
        let measured = TerminalWidth(of: cluster)
        if measured.isControl || cluster.unicodeScalars.contains(where: ControlPictures.isControl) {
            return 1
        }
        return measured.columns
    }

    /// Appends a glyph's UTF-8 bytes.
    func append(_ glyph: UInt32, to output: inout [UInt8]) {
        if glyph < 0x80 {
            output.append(UInt8(truncatingIfNeeded: glyph))
        } else if glyph & GlyphTable.clusterFlag != 0 {
            let index = Int(glyph & 0x3FFF_FFFF)
            if index < utf8.count { output.append(contentsOf: utf8[index]) }
        } else if glyph < 0x800 {
            output.append(UInt8(0xC0 | glyph >> 6))
            output.append(UInt8(0x80 | glyph & 0x3F))
        } else if glyph < 0x10000 {
            output.append(UInt8(0xE0 | glyph >> 12))
            output.append(UInt8(0x80 | (glyph >> 6) & 0x3F))
            output.append(UInt8(0x80 | glyph & 0x3F))
        } else if glyph < 0x110000 {
            output.append(UInt8(0xF0 | glyph >> 18))
            output.append(UInt8(0x80 | (glyph >> 12) & 0x3F))
            output.append(UInt8(0x80 | (glyph >> 6) & 0x3F))
            output.append(UInt8(0x80 | glyph & 0x3F))
        }
    }

    /// The number of UTF-8 bytes of a glyph.
    func byteCount(of glyph: UInt32) -> Int {
        switch glyph {
        case ..<0x80: return 1
        case ..<0x800: return 2
        case ..<0x10000: return 3
        case ..<0x110000: return 4
        default:
            let index = Int(glyph & 0x3FFF_FFFF)
            return index < utf8.count ? utf8[index].count : 0
        }
    }
}

/// Visible stand-ins for control characters.
enum ControlPictures {
    /// The replacement character, for controls without a picture.
    static let unknown: Unicode.Scalar = "\u{FFFD}"

    /// Whether a scalar is a C0 or C1 control or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// The picture of a control character: U+2400 to U+241F for C0 (`␛` for ESC), `␡` for DEL,
    /// and U+FFFD for C1; `nil` for any other scalar.
    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0..<0x20: return Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F: return "\u{2421}"
        case 0x80..<0xA0: return unknown
        default: return nil
        }
    }
}
