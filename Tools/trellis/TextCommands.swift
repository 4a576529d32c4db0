import Glibc
import Trellis
import TrellisText

/// `trellis text break` and `trellis text width`.
enum TextCommands {
    /// Reads standard input as UTF-8, replacing invalid bytes with U+FFFD.
    static func readInput() -> String {
        String(decoding: Files.readToEnd(STDIN_FILENO) ?? [], as: UTF8.self)
    }

    /// The text without one final line break, which a shell's `echo` adds.
    static func withoutFinalLineBreak(_ text: String) -> Substring {
        var body = Substring(text)
        if body.hasSuffix("\r\n") || body.hasSuffix("\n") { body = body.dropLast() }
        return body
    }

    /// Paragraphs longer than this many bytes are laid out a chunk at a time.
    static let chunkBytes = 256 * 1024

    /// Writes the lines of the text (without one final line break) wrapped at a width, as a
    /// JSON array, a paragraph at a time: memory stays bounded by a paragraph (a chunk of a
    /// long one), whatever the length of the input.
    ///
    /// Each line is `{"text": …, "width": …, "visual": …, "levels": […]}`: its characters in
    /// logical order, its natural width, the same characters in the order they are shown
    /// (right-to-left runs reversed by grapheme cluster, brackets mirrored) and the embedding
    /// level of each grapheme cluster of `text`, in logical order (odd levels read right to
    /// left).
    ///
    /// A paragraph over twice ``chunkBytes`` is laid out a chunk at a time, each chunk resuming
    /// at the start of the previous one's last line but one, in the direction of the
    /// paragraph's first strong character; embeddings and brackets are resolved within a
    /// chunk.
    @MainActor
    static func breakLines(
        _ text: String, width: Double, fontJSON: String?, strategy: LineBreakStrategy = .standard,
        write: (String) throws(CommandError) -> Void
    ) throws(CommandError) {
        guard width.isFinite, width > 0 else {
            throw CommandError("--width must be a number of points above 0, not \(width)")
        }
        var font = Font.system(size: Font.defaultSize)
        if let fontJSON {
            do {
                font = try Font.fromScene(json: fontJSON, keyPath: "--font")
            } catch {
                // The example helps where the whole value is wrong, not one of its keys.
                let example = #"; give a FONT object such as {"family": "DejaVu Sans", "size": 14}"#
                throw CommandError(
                    error.description + (error.keyPath == "--font" ? example : ""))
            }
        }
        let measurer = TextMeasurer(metrics: ProportionalMetrics(), cacheCapacity: 0)
        var style = TextStyle(font: font, lineBreakStrategy: strategy)
        var output = "["
        var count = 0
        func emit(_ line: TextLayout.Line?) throws(CommandError) {
            if count > 0 { output += ", " }
            count += 1
            let shown = line.map(Self.shownOrder) ?? (visual: "", levels: [])
            output += "{\"text\": \(JSONOutput.string(line?.text ?? "")), \"width\": "
            output += JSONOutput.number(line?.width ?? 0) + ", \"visual\": "
            output += JSONOutput.string(shown.visual) + ", \"levels\": ["
            output += shown.levels.map(String.init).joined(separator: ", ") + "]}"
            if output.utf8.count >= 64 * 1024 {
                try write(output)
                output = ""
            }
        }
        let body = Array(withoutFinalLineBreak(text).utf8)
        /// Lays out one paragraph in chunks: each chunk's last two lines are laid out again with
        /// what follows, so that no line is cut at a seam; a chunk of fewer than three lines
        /// grows until it has three or reaches the end.
        func breakParagraph(_ bytes: ArraySlice<UInt8>) throws(CommandError) {
            if bytes.isEmpty {
                try emit(nil)
                return
            }
            var position = bytes.startIndex
            var size = chunkBytes
            if bytes.count > 2 * size {
                // Every chunk in the paragraph's direction, as the whole paragraph would be.
                style.baseWritingDirection =
                    LayoutDirection(firstStrongIn: String(decoding: bytes, as: UTF8.self))
                    ?? .leftToRight
            } else {
                style.baseWritingDirection = nil
            }
            while position < bytes.endIndex {
                let isLast = bytes.endIndex - position <= 2 * size
                var end = isLast ? bytes.endIndex : position + size
                while end < bytes.endIndex, bytes[end] & 0xC0 == 0x80 { end += 1 }
                let chunk = String(decoding: bytes[position..<end], as: UTF8.self)
                let lines = measurer.layout(chunk, style: style, in: Size(width: width, height: 0))
                    .lines
                if !isLast && lines.count < 3 {
                    size *= 2
                    continue
                }
                let kept = isLast ? lines[...] : lines.dropLast(2)
                for line in kept { try emit(line) }
                if isLast { return }
                position += lines[lines.count - 2].range.lowerBound
                size = chunkBytes
            }
        }
        var start = 0
        // Paragraphs end at each LF byte (a CR before it belongs to the break); the bytes are
        // walked, not split, so that memory does not grow with the number of paragraphs.
        while start < body.count || (start == body.count && start > 0 && body[start - 1] == 0x0A) {
            let newline = body[start...].firstIndex(of: 0x0A) ?? body.count
            var stop = newline
            if stop > start, body[stop - 1] == 0x0D { stop -= 1 }
            try breakParagraph(body[start..<stop])
            start = newline + 1
        }
        try write(output + "]\n")
    }

    /// A name without the spaces and tabs around it (horizontal white space, as `--strategy
    /// "unicode, css-strict"` has).
    static func withoutSpaceAround(_ text: Substring) -> String {
        func isSpace(_ character: Character) -> Bool {
            character.isWhitespace && !character.isNewline
        }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
            let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }

    /// The line-break strategy named by `--strategy`: comma-separated names of
    /// ``LineBreakStrategy/names`` (`unicode` alone for UAX #14's default rules); `standard`
    /// when the option is absent.
    ///
    /// - Throws: ``CommandError`` naming an unknown name and the known ones.
    static func strategy(_ value: String?) throws(CommandError) -> LineBreakStrategy {
        guard let value else { return .standard }
        var result: LineBreakStrategy = []
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            let name = withoutSpaceAround(name)
            guard let strategy = LineBreakStrategy(name: name) else {
                let known = LineBreakStrategy.names.map(\.name).joined(separator: ", ")
                throw CommandError("--strategy: unknown strategy '\(name)' (known: \(known))")
            }
            result.formUnion(strategy)
        }
        return result
    }

    /// A line's characters in the order they are shown, and the level of each grapheme
    /// cluster of its text in logical order.
    static func shownOrder(of line: TextLayout.Line) -> (visual: String, levels: [UInt8]) {
        let clusters = Array(line.text)
        var levels = [UInt8](repeating: 0, count: clusters.count)
        var visual = ""
        for run in line.visualRuns {
            let isReversed = run.direction == .rightToLeft
            for step in 0..<run.clusters.count {
                let index =
                    isReversed ? run.clusters.upperBound - 1 - step : run.clusters.lowerBound + step
                guard index < clusters.count else { continue }
                levels[index] = run.level
                var scalars = clusters[index].unicodeScalars
                if isReversed, let first = scalars.first, let mirror = first.bidiMirroringGlyph {
                    scalars.replaceSubrange(scalars.startIndex...scalars.startIndex, with: [mirror])
                }
                visual.unicodeScalars.append(contentsOf: scalars)
            }
        }
        return (visual, levels)
    }

    /// The terminal cell width of the text, without a final line break.
    static func width(_ text: String) -> String {
        "\(TerminalWidth.columns(of: withoutFinalLineBreak(text)))\n"
    }
}

/// A user error: one line on standard error and exit status 1.
struct CommandError: Error {
    let message: String
    init(_ message: String) { self.message = message }

    /// A live terminal app's failure; a backend that cannot be opened points at
    /// `trellis plugins`.
    init(_ error: TerminalError) {
        message =
            error.code == .backend
            ? "\(error.message); run 'trellis plugins' to see the backends found"
            : error.description
    }
}
