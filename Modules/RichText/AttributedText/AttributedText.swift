/// Text with runs of attributes: the Trellis counterpart of `NSAttributedString`.
///
/// An attributed text is a string and a list of runs that cover it, each a range of the string
/// with one set of ``TextAttributes``. Positions and ranges are UTF-8 offsets into ``string``
/// (`Range<Int>`), never `NSRange`; ``utf8Range(ofCharacters:)`` converts a range of grapheme
/// clusters and ``utf8Range(of:)`` finds a substring. An offset outside the text is clamped to
/// it, and one inside a Unicode scalar is moved back to the scalar's start, so that no range
/// can split a scalar.
///
/// ```swift
/// var title = AttributedText("Save ", attributes: [.font(.boldSystem(size: 15))])
/// title += AttributedText("now", attributes: [.foregroundColor(.red)])
/// title.addAttributes([.underline(.single)], in: title.utf8Range(of: "now")!)
/// title.attributes(at: 6).foregroundColor   // .red
/// ```
///
/// The runs are kept merged (no two neighbours have equal attributes) and sorted by offset,
/// so that the attributes at an offset are found by binary search in O(log *r*) for *r* runs.
/// Setting, adding or removing attributes and replacing characters cost O(*r*) besides the
/// characters moved.
///
/// Two attributed texts are equal when their strings have the same Unicode scalars and their
/// runs cover the same offsets with equal attributes.
public struct AttributedText: Sendable, Hashable {
    /// A run as stored: the end of its range (the start is the previous run's end).
    struct StoredRun: Sendable, Hashable {
        /// The UTF-8 offset where the run ends (exclusive).
        var end: Int
        var attributes: TextAttributes
    }

    /// The characters.
    public internal(set) var string: String
    /// The runs, in order, ending at increasing offsets; the last ends at the UTF-8 length.
    /// Empty exactly when the string is.
    var storedRuns: [StoredRun]

    /// A range of the text with one set of attributes.
    public struct Run: Sendable, Hashable {
        /// The UTF-8 offsets of the run.
        public var range: Range<Int>
        /// The attributes of every character of the run.
        public var attributes: TextAttributes
    }

    /// Creates an empty text.
    public init() {
        string = ""
        storedRuns = []
    }

    /// Creates a text with one set of attributes for all of it.
    ///
    /// - Parameters:
    ///   - string: The characters.
    ///   - attributes: Their attributes.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        self.string = string
        let length = string.utf8.count
        storedRuns = length == 0 ? [] : [StoredRun(end: length, attributes: attributes)]
    }

    /// Creates a text from a string and stored runs that are already valid.
    init(string: String, storedRuns: [StoredRun]) {
        self.string = string
        self.storedRuns = storedRuns
    }

    /// Whether two texts have the same Unicode scalars and the same runs.
    ///
    /// Unlike `String`'s `==`, canonically equivalent spellings ("Å" as one scalar and as "A"
    /// with a combining ring) are different texts: their UTF-8 offsets, and so their runs, mean
    /// different things.
    public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
        lhs.storedRuns == rhs.storedRuns && lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    /// Hashes the Unicode scalars and the runs, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(string.utf8.count)
        let hashedContiguously: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashedContiguously == nil {
            for byte in string.utf8 { hasher.combine(byte) }
        }
        hasher.combine(storedRuns)
    }

    /// The length in UTF-8 code units.
    public var utf8Count: Int { string.utf8.count }

    /// Whether the text has no characters.
    public var isEmpty: Bool { string.isEmpty }

    /// The runs, in order: ranges that together cover the text, each with its attributes.
    ///
    /// - Complexity: O(*r*) in the number of runs.
    public var runs: [Run] {
        var start = 0
        return storedRuns.map { run in
            defer { start = run.end }
            return Run(range: start..<run.end, attributes: run.attributes)
        }
    }

    /// The number of runs.
    public var runCount: Int { storedRuns.count }

    /// Returns the attributes of the character at an offset.
    ///
    /// - Parameter offset: A UTF-8 offset; clamped to the text.
    /// - Returns: The attributes; empty for an empty text.
    /// - Complexity: O(log *r*) in the number of runs.
    public func attributes(at offset: Int) -> TextAttributes {
        guard !storedRuns.isEmpty else { return TextAttributes() }
        return storedRuns[runIndex(containing: offset)].attributes
    }

    /// Returns the run that holds the character at an offset: the longest range around it with
    /// the same attributes.
    ///
    /// - Parameter offset: A UTF-8 offset; clamped to the text.
    /// - Returns: The run, or `nil` for an empty text.
    /// - Complexity: O(log *r*) in the number of runs.
    public func run(at offset: Int) -> Run? {
        guard !storedRuns.isEmpty else { return nil }
        let index = runIndex(containing: offset)
        return Run(
            range: runStart(index)..<storedRuns[index].end, attributes: storedRuns[index].attributes
        )
    }

    /// The index of the run that holds the byte at `offset` (clamped), by binary search.
    func runIndex(containing offset: Int) -> Int {
        var low = 0
        var high = storedRuns.count - 1
        while low < high {
            let mid = (low + high) / 2
            if storedRuns[mid].end > offset { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The UTF-8 offset where run `index` starts.
    func runStart(_ index: Int) -> Int { index == 0 ? 0 : storedRuns[index - 1].end }
}

extension AttributedText: CustomStringConvertible {
    /// The string, with each run's attributes in braces after it.
    public var description: String {
        runs.map { run in
            let keys = run.attributes.keys.map(\.rawValue).sorted().joined(separator: ", ")
            return "\(substring(run.range)){\(keys)}"
        }.joined()
    }
}
