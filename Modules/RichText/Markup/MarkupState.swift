/// The state of one parse: the open elements, the text built so far, white space and
/// paragraph breaks waiting to be written, and the warnings.
struct MarkupState {
    /// An open element.
    struct Frame {
        enum Kind {
            case root, inline, paragraph, list, listItem
        }
        var name: String
        var kind: Kind
        /// The attributes of text inside the element.
        var attributes: TextAttributes
        /// The UTF-8 offset of the start tag.
        var openedAt: Int
        /// For lists: the marker of their items and the ordinal of the next one.
        var markerStyle: ListMarker.Style = .disc
        var nextOrdinal = 1

        var isBlock: Bool { kind != .inline && kind != .root }
    }

    let bytes: [UInt8]
    let options: MarkupOptions
    var output = AttributedText()
    /// The open elements; the root frame at the bottom is never closed.
    var stack: [Frame]
    /// How many frames of each name are open, so that a stray closing tag costs O(1).
    var openCounts: [String: Int] = [:]
    /// The indices in `stack` of the open block frames and of the open lists.
    var blockIndices: [Int] = []
    var listIndices: [Int] = []
    /// A paragraph separator to write before the next text.
    var pendingBreak = false
    /// A collapsed space to write before the next text, with its attributes.
    var pendingSpace: TextAttributes?
    /// Whether nothing has been written on the current line, so white space is dropped.
    var atLineStart = true
    /// The attributes of the last character written.
    var lastAttributes = TextAttributes()
    /// The number of `<p>` paragraphs given a marker so far.
    var paragraphOrdinal = 0
    var warnings: [(message: String, offset: Int)] = []
    var omittedWarnings = 0
    /// Element and property names already warned about, to report each once.
    var reportedNames: Set<String> = []

    init(bytes: [UInt8], options: MarkupOptions) {
        self.bytes = bytes
        self.options = options
        var root = TextAttributes(font: options.font, foregroundColor: options.foregroundColor)
        if options.paragraphStyle != .default { root.paragraphStyle = options.paragraphStyle }
        stack = [Frame(name: "", kind: .root, attributes: root, openedAt: 0)]
    }

    /// The innermost open element.
    var current: Frame { stack[stack.count - 1] }

    /// Parses the whole markup.
    mutating func run() {
        var scanner = MarkupScanner(bytes: bytes)
        while let token = scanner.next() {
            switch token {
            case .text(let range):
                writeText(decodeReferences(in: range), attributes: current.attributes)
            case .startTag(let tag):
                open(tag)
            case .endTag(let name, let range):
                close(name, at: range.lowerBound)
            case .ignored:
                break
            }
        }
        finish()
    }

    /// Reports the elements left open, except paragraphs and list items whose end tags are
    /// optional.
    private mutating func finish() {
        for frame in stack.dropFirst() where frame.kind != .paragraph && frame.kind != .listItem {
            warn(
                "<\(frame.name)> is not closed; it ends at the end of the markup (add </\(frame.name)>)",
                at: frame.openedAt)
        }
        if omittedWarnings > 0 {
            warnings.append(("\(omittedWarnings) more warnings were left out", bytes.count))
        }
    }

    // MARK: Writing text

    /// Writes text, collapsing white space unless the options preserve it.
    mutating func writeText(_ text: String, attributes: TextAttributes) {
        if options.preservesWhitespace {
            writeContent(Substring(text), attributes: attributes)
            return
        }
        var segmentStart: String.Index?
        var index = text.startIndex
        let utf8 = text.utf8
        while index < text.endIndex {
            let byte = utf8[index]
            if MarkupScanner.isSpace(byte) {
                if let start = segmentStart {
                    writeContent(text[start..<index], attributes: attributes)
                    segmentStart = nil
                }
                if !atLineStart && pendingSpace == nil { pendingSpace = attributes }
            } else if segmentStart == nil {
                segmentStart = index
            }
            index = utf8.index(after: index)
        }
        if let start = segmentStart { writeContent(text[start...], attributes: attributes) }
    }

    /// Writes characters that are not collapsible white space, after any pending paragraph
    /// separator and space.
    private mutating func writeContent(_ text: Substring, attributes: TextAttributes) {
        guard !text.isEmpty else { return }
        writePendingBreak()
        if let space = pendingSpace {
            output.append(" ", attributes: space)
            pendingSpace = nil
        }
        output.append(text, attributes: attributes)
        lastAttributes = attributes
        atLineStart = false
    }

    /// Writes the paragraph separator that waits, in the attributes of the paragraph it ends.
    private mutating func writePendingBreak() {
        guard pendingBreak else { return }
        output.append("\n", attributes: lastAttributes)
        pendingBreak = false
    }

    /// Ends the current paragraph: the next text starts a new one.
    mutating func requestParagraphBreak() {
        if !output.isEmpty { pendingBreak = true }
        pendingSpace = nil
        atLineStart = true
    }

    /// Writes a line break (U+2028) that stays within the paragraph.
    mutating func writeLineBreak() {
        writePendingBreak()
        pendingSpace = nil
        output.append("\u{2028}", attributes: current.attributes)
        lastAttributes = current.attributes
        atLineStart = true
    }

    // MARK: Warnings

    /// Records a warning, unless the maximum is reached.
    mutating func warn(_ message: String, at offset: Int) {
        if warnings.count < max(options.maximumWarnings, 0) {
            warnings.append((message, offset))
        } else {
            omittedWarnings += 1
        }
    }

    /// Records a warning about a name only the first time.
    mutating func warnOnce(_ key: String, _ message: String, at offset: Int) {
        guard reportedNames.insert(key).inserted else { return }
        warn(message, at: offset)
    }

    /// The warnings with lines and columns, found in one pass over the markup.
    func positionedWarnings() -> [MarkupWarning] {
        let order = warnings.indices.sorted { warnings[$0].offset < warnings[$1].offset }
        var result = [MarkupWarning?](repeating: nil, count: warnings.count)
        var line = 1
        var column = 1
        var offset = 0
        for index in order {
            let target = min(warnings[index].offset, bytes.count)
            while offset < target {
                let byte = bytes[offset]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                offset += 1
            }
            result[index] = MarkupWarning(
                message: warnings[index].message, line: line, column: column,
                byteOffset: warnings[index].offset)
        }
        return result.compactMap { $0 }
    }
}
