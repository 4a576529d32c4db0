/// What one pass over a paragraph's UTF-8 bytes finds: each scalar's bidi class and offset,
/// the paired brackets, the separators and the set of classes present, and the classes after
/// rules W1 to W3 for a paragraph that turns out to need no explicit resolution.
///
/// Rules W1 to W3 read only what comes before a character, so they can run as the characters
/// are classified, as long as the paragraph is one isolating run sequence at the paragraph
/// level — which ``present`` tells once the pass is over. The one thing not yet known is the
/// start-of-sequence type: nonspacing marks at the very start keep their class in
/// ``weakTypes`` and take it when the resolver knows the paragraph level.
struct BidiScan {
    /// The bidi class of each scalar, as the data gives it.
    var classes: [BidiClass] = []
    /// The classes after rules W1 to W3, for a paragraph without explicit formatting or
    /// boundary neutrals; leading nonspacing marks are left as they are.
    var weakTypes: [BidiClass] = []

    /// The UTF-8 offset of each scalar from the start of the paragraph.
    var offsets: [UInt32] = []
    /// For each scalar its paired-bracket entry plus one, or zero; empty without brackets.
    var brackets: [UInt8] = []
    /// The index of each segment or paragraph separator but a last one that ends the
    /// paragraph.
    var separators: [Int32] = []
    /// The classes present, as ``BidiClass/bit``s.
    var present: UInt32 = 0

    /// The class of each scalar below U+0800 — every scalar of one or two UTF-8 bytes — in
    /// one table of 2 KiB, read with one load instead of the two of the general table.
    static let classesBelowU0800 = LowBidiClasses()

    /// Scans the paragraph at `range` of UTF-8 text; ill-formed sequences read as U+FFFD.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        // Buffers are sized by bytes, an upper bound of the scalars.
        let capacity = range.count
        var scalarCount = 0
        var lastSeparator = -1
        classes = [BidiClass](unsafeUninitializedCapacity: capacity) { classBuffer, classCount in
            weakTypes = [BidiClass](unsafeUninitializedCapacity: capacity) {
                weakBuffer, weakCount in
                offsets = [UInt32](unsafeUninitializedCapacity: capacity) {
                    offsetBuffer, offsetCount in
                    scalarCount = scan(
                        bytes, range: range, classes: classBuffer, weakTypes: weakBuffer,
                        offsets: offsetBuffer, lastSeparator: &lastSeparator)
                    offsetCount = scalarCount
                }
                weakCount = scalarCount
            }
            classCount = scalarCount
        }
        // A separator that ends the paragraph is at the end of every line that reaches it.
        if lastSeparator >= 0 && lastSeparator != scalarCount - 1 {
            separators.append(Int32(truncatingIfNeeded: lastSeparator))
        }
    }

    /// Hands ``weakTypes`` over, leaving it empty, so that the resolver can change them in
    /// place without a copy.
    mutating func takeWeakTypes() -> [BidiClass] {
        var taken: [BidiClass] = []
        swap(&taken, &weakTypes)
        return taken
    }

    /// The loop of the scan, writing into uninitialized buffers of at least the byte count;
    /// returns the number of scalars.
    private mutating func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>,
        classes: UnsafeMutableBufferPointer<BidiClass>,
        weakTypes: UnsafeMutableBufferPointer<BidiClass>,
        offsets: UnsafeMutableBufferPointer<UInt32>, lastSeparator: inout Int
    ) -> Int {
        guard let base = bytes.baseAddress, let classBase = classes.baseAddress,
            let weakBase = weakTypes.baseAddress, let offsetBase = offsets.baseAddress
        else { return 0 }
        let classTable = UnicodeTables.bidiClass
        let lowEntries = Self.classesBelowU0800.entries
        let bracketTable = UnicodeTables.bidiBrackets
        let start = range.lowerBound
        let end = range.upperBound
        let strong =
            BidiClass.leftToRight.bit | BidiClass.rightToLeft.bit | BidiClass.arabicLetter.bit
        let separatorClasses = BidiClass.segmentSeparator.bit | BidiClass.paragraphSeparator.bit
        var present: UInt32 = 0
        var count = 0
        var position = start
        // W1 reads the class before W3; a leading mark waits for the start-of-sequence type.
        var previous = BidiClass.nonspacingMark
        // W2 only asks whether the last strong class was AL, which the start never is.
        var lastStrong = BidiClass.leftToRight
        while position < end {
            let byte = base[position]
            let value: UInt32
            let entry: UInt8
            let length: Int
            if byte < 0x80 {
                value = UInt32(byte)
                length = 1
                entry = lowEntries[Int(byte)]
            } else if byte >= 0xC2 && byte < 0xE0 && position + 1 < end
                && base[position + 1] & 0xC0 == 0x80
            {
                // Two bytes: Latin, Greek, Cyrillic, Hebrew, Arabic and more, from one table.
                value = UInt32(byte & 0x1F) << 6 | UInt32(base[position + 1] & 0x3F)
                length = 2
                entry = lowEntries[Int(value)]
            } else {
                (value, length) = decodeMultibyteUTF8(base, at: position, end: end)
                let raw = classTable.value(value)
                entry =
                    raw == BidiClass.otherNeutral.rawValue && value >= 0x0F3A
                    ? raw | LowBidiClasses.mayBeBracket : raw
            }
            let bidiClass = BidiClass.fromTable(entry & LowBidiClasses.classMask)
            let bit = bidiClass.bit
            present |= bit
            if entry & LowBidiClasses.mayBeBracket != 0, let pair = bracketTable.entry(value) {
                if brackets.isEmpty { brackets = [UInt8](repeating: 0, count: range.count) }
                brackets[count] = UInt8(pair + 1)
            }
            // W1, W2 and W3 with selects rather than branches, which mispredict on mixed text.
            var type = bidiClass == .nonspacingMark ? previous : bidiClass
            previous = type
            let typeBit = type.bit
            lastStrong = typeBit & strong != 0 ? type : lastStrong
            type = type == .arabicLetter ? .rightToLeft : type
            type =
                type == .europeanNumber && lastStrong == .arabicLetter ? .arabicNumber : type
            if bit & separatorClasses != 0 {
                if lastSeparator >= 0 {
                    separators.append(Int32(truncatingIfNeeded: lastSeparator))
                }
                lastSeparator = count
            }
            (classBase + count).initialize(to: bidiClass)
            (weakBase + count).initialize(to: type)
            (offsetBase + count).initialize(to: UInt32(truncatingIfNeeded: position &- start))
            // Neither overflows: both stay below the paragraph's byte count.
            count &+= 1
            position &+= length
        }
        self.present = present
        return count
    }
}

/// The bidi classes of the scalars below U+0800, computed once from the general table and
/// kept for the life of the process: a plain pointer that threads may share.
///
/// Each entry is a class's raw value, with ``mayBeBracket`` set for the paired brackets among
/// these scalars (the six ASCII ones), so that one load answers both questions.
struct LowBidiClasses: @unchecked Sendable {
    /// The entry of each scalar below U+0800.
    let entries: UnsafePointer<UInt8>

    /// The bit of an entry set for a scalar that may be a paired bracket.
    static let mayBeBracket: UInt8 = 0x80
    /// The bits of an entry that hold the class.
    static let classMask: UInt8 = 0x1F

    init() {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x800)
        for value in 0..<0x800 {
            var entry = UnicodeTables.bidiClass.value(UInt32(value))
            if entry == BidiClass.otherNeutral.rawValue
                && BidiParagraph.mayBePairedBracket(UInt32(value))
            {
                entry |= Self.mayBeBracket
            }
            (table + value).initialize(to: entry)
        }
        entries = UnsafePointer(table)
    }
}
