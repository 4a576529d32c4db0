/// The grapheme clusters of a text with their flags, found in one pass over its UTF-8 bytes.
///
/// Cluster boundaries are Swift's `Character` boundaries: between two ASCII characters other
/// than CR LF there is always one (no ASCII character extends or prepends), and everywhere
/// else the standard library's own grapheme-breaking state machine decides: the one `String`
/// uses for `Character`, which the standard library exposes as `Unicode._CharacterRecognizer`.
/// `SegmentationTests` checks the result against `Character` iteration on the Unicode grapheme
/// conformance test, so a change of that interface shows up as a failing test.
struct Segments {
    var offsets: [Int] = []
    var flags: [PreparedText.ClusterFlags] = []
    var advances: [Double] = []
    /// UTF-8 offsets just after each line-break cluster.
    var paragraphEnds: [Int] = []
    /// Whether every character resolves to level 0 in a left-to-right paragraph
    /// (`BidiParagraph.isAllLeftToRight(utf8:)`), found while segmenting: one comparison per
    /// scalar, and a table lookup only for scalars in the blocks of right-to-left scripts and
    /// explicit formatting characters.
    var isAllLeftToRight = true

    /// Whether ``segment(_:measure:font:)`` measures the advances of the clusters.
    let measuresAdvances: Bool

    init(capacity: Int, measuresAdvances: Bool) {
        self.measuresAdvances = measuresAdvances
        offsets.reserveCapacity(capacity + 1)
        flags.reserveCapacity(capacity)
        if measuresAdvances { advances.reserveCapacity(capacity) }
    }

    /// Splits the text into clusters, measuring each with `measure` when ``advances`` is
    /// wanted.
    mutating func segment<Metrics: ScalarClusterMetrics>(
        _ buffer: UnsafeBufferPointer<UInt8>, measure: Metrics, font: Font
    ) {
        let scanner = LineBreakScanner.shared
        let measures = measuresAdvances
        guard let base = buffer.baseAddress, !buffer.isEmpty else {
            offsets.append(0)
            return
        }
        let end = buffer.count
        var recognizer = Unicode._CharacterRecognizer()
        var isPrimed = false
        let classes = UnicodeTables.bidiClass
        var isAllLeftToRight = true
        defer { self.isAllLeftToRight = isAllLeftToRight }
        /// Notes a scalar that raises a level in a left-to-right paragraph.
        @inline(__always) func checkDirection(_ value: UInt32) {
            if value >= 0x0590 && BidiParagraph.mayRaiseLevel(value)
                && BidiParagraph.raisesLevel(classes.value(value))
            {
                isAllLeftToRight = false
            }
        }
        var (previous, length) = decodeUTF8(base, at: 0, end: end)
        checkDirection(previous)
        var clusterStart = 0
        var clusterFirst = previous
        var i = length
        while i < end {
            let (value, length) = decodeUTF8(base, at: i, end: end)
            checkDirection(value)
            let isBoundary: Bool
            if value < 0x80 && previous < 0x80 && !(previous == 0x0D && value == 0x0A) {
                isBoundary = true
                isPrimed = false
            } else {
                if !isPrimed {
                    // The previous scalar starts a cluster: a fresh state fed with it is the
                    // state Character iteration would have.
                    recognizer = Unicode._CharacterRecognizer()
                    _ = recognizer.hasBreak(before: Unicode.Scalar(previous) ?? "\u{FFFD}")
                    isPrimed = true
                }
                isBoundary = recognizer.hasBreak(before: Unicode.Scalar(value) ?? "\u{FFFD}")
            }
            if isBoundary {
                close(
                    base, clusterStart..<i, first: clusterFirst, scanner: scanner,
                    measure: measures ? measure : nil, font: font)
                clusterStart = i
                clusterFirst = value
            }
            previous = value
            i += length
        }
        close(
            base, clusterStart..<end, first: clusterFirst, scanner: scanner,
            measure: measures ? measure : nil, font: font)
        offsets.append(end)
    }

    /// Records one cluster.
    @inline(__always)
    private mutating func close<Metrics: ScalarClusterMetrics>(
        _ base: UnsafePointer<UInt8>, _ range: Range<Int>, first: UInt32,
        scanner: LineBreakScanner, measure: Metrics?, font: Font
    ) {
        var flag: PreparedText.ClusterFlags = []
        let isSingleASCII = range.count == 1
        if isSingleASCII && first == 0x20 {
            flag.insert(.space)
        } else if scanner.breakClass(first).isHardBreak {
            flag.insert(.hardBreak)
            paragraphEnds.append(range.upperBound)
        }
        offsets.append(range.lowerBound)
        flags.append(flag)
        if let measure {
            let advance = measure.clusterAdvance(
                ascii: isSingleASCII ? UInt8(first) : nil,
                scalars: UTF8Scalars(base: base, position: range.lowerBound, end: range.upperBound),
                font: font)
            advances.append(flag.contains(.hardBreak) ? 0 : PreparedText.sanitized(advance))
        }
    }

    /// Marks the clusters at whose start a break opportunity lies, under UAX #14's default
    /// rules and under the browser-compatible tailoring; opportunities inside a cluster are not
    /// used, as a line never splits one.
    mutating func markBreakOpportunities(_ buffer: UnsafeBufferPointer<UInt8>) {
        var cluster = 0
        let count = flags.count
        LineBreakScanner.shared.scanTailored(buffer) { position in
            guard position.strict == .allowed || position.standard == .allowed else { return }
            while cluster < count && offsets[cluster] < position.offset { cluster += 1 }
            guard cluster < count && offsets[cluster] == position.offset else { return }
            if position.strict == .allowed { flags[cluster].insert(.breakBefore) }
            if position.standard == .allowed { flags[cluster].insert(.standardBreakBefore) }
            if position.isBetweenHangul { flags[cluster].insert(.betweenHangul) }
        }
    }
}

/// A provider that measures nothing, for segmenting text whose advances come from another
/// provider's batch call.
struct UnmeasuredClusters: ScalarClusterMetrics {
    func lineMetrics(for font: Font) -> FontLineMetrics {
        FontLineMetrics(ascender: 0, descender: 0, capHeight: 0, xHeight: 0)
    }
    func advances(of run: TextRun) -> [Double] { run.text.map { _ in 0 } }
    func clusterAdvance(ascii: UInt8?, scalars: UTF8Scalars, font: Font) -> Double { 0 }
}
