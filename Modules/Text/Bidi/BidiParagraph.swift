public import TrellisGeometry

/// A paragraph whose characters have their embedding levels resolved by the Unicode
/// bidirectional algorithm (UAX #9), ready to be reordered line by line.
///
/// Creating a paragraph runs the algorithm of Unicode 15.0 up to rule I2: the paragraph level
/// (P2, P3, or the direction you give), explicit embeddings, overrides and isolates (X1 to X10,
/// with the depth limit of 125), weak types (W1 to W7), paired brackets (N0), neutrals (N1,
/// N2) and implicit levels (I1, I2). ``levels`` holds the result, one level per Unicode scalar.
/// The line rules L1 and L2 depend on where lines end, so they run when you ask for a line's
/// ``visualRuns(inLine:)`` or ``visualOrder(inLine:)``, with the line given by its UTF-8
/// offsets, as `TextLayout.Line.range` gives them. Rule L4 is
/// `Unicode.Scalar.bidiMirroringGlyph`; L3 (combining marks) is left to the renderer.
///
/// The initializers take the text of one paragraph: a paragraph separator inside it ends every
/// embedding and isolate (rule X8) but starts no new paragraph. Split a text of several
/// paragraphs with ``paragraphs(in:direction:)`` (rule P1). Ill-formed UTF-8 reads as U+FFFD per
/// maximal subpart, as `String(decoding:as:)` repairs it.
///
/// ```swift
/// let paragraph = BidiParagraph("abc \u{5D0}\u{5D1}\u{5D2} 123")   // "abc אבג 123"
/// paragraph.baseLevel    // 0: the first strong character is Latin
/// paragraph.levels       // [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2]
/// paragraph.visualRuns(inLine: paragraph.range).map { ($0.range, $0.level) }
/// // [(0..<4, 0), (11..<14, 2), (4..<11, 1)]: "abc 123 גבא" from left to right
/// ```
public struct BidiParagraph: Sendable, Hashable {
    /// The UTF-8 offsets of the paragraph in the text it was created from: the whole text for
    /// the initializers, one paragraph of it for ``paragraphs(in:direction:)``.
    public let range: Range<Int>
    /// The paragraph embedding level: 0 for a left-to-right paragraph, 1 for a right-to-left
    /// one.
    public let baseLevel: UInt8
    /// The resolved embedding level of each Unicode scalar of the paragraph, in logical order,
    /// before the line rules: odd levels are right to left.
    ///
    /// The characters that rule X9 removes (embedding and override controls, PDF, and
    /// boundary neutrals such as the zero-width joiner) have the level of the character before
    /// them, or the paragraph level at its start, so that reordering keeps them beside it.
    public let levels: [UInt8]
    /// The bidi class of each scalar, for the line rules.
    let classes: [BidiClass]
    /// The UTF-8 offset of each scalar from the start of ``range``.
    let offsets: [UInt32]
    /// The index of each segment or paragraph separator (classes S and B), in order: the
    /// characters, besides those at the end of a line, that rule L1 resets.
    let separators: [Int32]

    /// The paragraph's direction: the direction of ``baseLevel``.
    public var baseDirection: LayoutDirection { baseLevel & 1 == 0 ? .leftToRight : .rightToLeft }

    /// Resolves the levels of a paragraph of text.
    ///
    /// ```swift
    /// BidiParagraph("\u{5E9}\u{5DC}\u{5D5}\u{5DD}, world").baseDirection    // .rightToLeft
    /// BidiParagraph("123", direction: nil).baseDirection                     // .leftToRight
    /// BidiParagraph("abc", direction: .rightToLeft).levels                   // [2, 2, 2]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text of the paragraph.
    ///   - direction: The paragraph's direction, or `nil` to take it from the first strong
    ///     character outside isolates (rules P2 and P3), left to right when there is none.
    /// - Complexity: O(*n*) in the length of the text.
    public init(_ text: String, direction: LayoutDirection? = nil) {
        var text = text
        self = text.withUTF8 { BidiParagraph(utf8: $0, direction: direction) }
    }

    /// Resolves the levels of a paragraph of UTF-8 text in memory.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 text of the paragraph; ill-formed sequences read as U+FFFD.
    ///   - direction: The paragraph's direction, or `nil` to take it from the first strong
    ///     character (rules P2 and P3), left to right when there is none.
    /// - Complexity: O(*n*) in the number of bytes.
    public init(utf8 bytes: UnsafeBufferPointer<UInt8>, direction: LayoutDirection? = nil) {
        self.init(utf8: bytes, range: 0..<bytes.count, direction: direction)
    }

    /// Resolves the levels of the paragraph at `range` of UTF-8 text in memory, keeping the
    /// offsets of the whole text, as ``paragraphs(in:direction:)`` does for each paragraph.
    ///
    /// - Parameters:
    ///   - bytes: The whole UTF-8 text; ill-formed sequences read as U+FFFD.
    ///   - range: The UTF-8 offsets of the paragraph in it, on scalar boundaries.
    ///   - direction: The paragraph's direction, or `nil` to find it by rules P2 and P3.
    /// - Complexity: O(*n*) in the length of the paragraph.
    package init(
        utf8 bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, direction: LayoutDirection?
    ) {
        precondition(range.count <= Int(UInt32.max), "a paragraph of 4 GiB or more")
        var scan = BidiScan(utf8: bytes, range: range)
        var resolver = BidiResolver(
            classes: scan.classes, brackets: scan.brackets, present: scan.present,
            direction: direction.map { $0 == .rightToLeft ? .rightToLeft : .leftToRight })
        resolver.resolve(weakTypes: scan.takeWeakTypes())
        self.range = range
        self.baseLevel = resolver.paragraphLevel
        self.levels = resolver.levels
        self.classes = scan.classes
        self.offsets = scan.offsets
        self.separators = scan.separators
    }

    /// Whether a scalar may be a paired bracket (Bidi_Paired_Bracket_Type open or close): the
    /// six ASCII brackets, or a scalar from U+0F3A, where the others start. A cheap test before
    /// the table's binary search.
    @inline(__always) static func mayBePairedBracket(_ value: UInt32) -> Bool {
        if value < 0x80 {
            return value == 0x28 || value == 0x29 || value == 0x5B || value == 0x5D || value == 0x7B
                || value == 0x7D
        }
        return value >= 0x0F3A
    }
}
