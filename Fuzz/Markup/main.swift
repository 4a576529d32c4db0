// libFuzzer target for the markup parser and the attributed layout of what it returns.
//
// Invariants:
// - Parsing and laying out never crash (AddressSanitizer checks every access).
// - No text is lost: the Unicode scalars of the input's text content appear in the parsed
//   text's string, in order. The text content is the input (as UTF-8, repaired) without
//   - comments: "<!--" up to the first "-->" after it;
//   - declarations and processing instructions: "<!" or "<?" up to the first ">" after it;
//   - tags: "<" or "</" followed by an ASCII letter, up to the first ">" after it;
//     (a construct whose end is missing is text, its "<" included)
//   - character references in that text: "&#" digits ";", "&#x" or "&#X" hexadecimal
//     digits ";", "&" ASCII letters and digits ";" (valid or not);
//   - and, unless white space is preserved, the white-space bytes space, tab, LF, CR, FF.
// - Every warning lies within the input, and the runs of the text cover its string.
// The first byte's low bits choose options: preserved white space, paragraph markers.

import TrellisGeometry
import TrellisRichText
import TrellisText

/// Parses one input as markup, checks the invariants, and lays the result out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let markup = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let flags = size > 0 ? data[0] : 0
    var options = MarkupOptions(font: .system(size: 12))
    options.preservesWhitespace = flags & 1 == 1
    options.paragraphMarker = flags & 2 == 2 ? .bullet : (flags & 4 == 4 ? .lowerRoman : nil)
    let result = MarkupParser(options: options).parse(markup)
    let text = result.text

    let required = contentScalars(Array(markup.utf8), keepsWhitespace: options.preservesWhitespace)
    var next = 0
    for scalar in text.string.unicodeScalars where next < required.count && scalar == required[next]
    {
        next += 1
    }
    precondition(
        next == required.count, "text lost: scalar \(next) of \(required.count) not found in order")
    precondition(
        text.runs.last?.range.upperBound ?? 0 == text.utf8Count, "runs do not cover the text")
    for warning in result.warnings {
        precondition(
            warning.byteOffset >= 0 && warning.byteOffset <= markup.utf8.count,
            "warning outside the input")
        precondition(warning.line >= 1 && warning.column >= 1, "warning without a position")
    }

    let container = TextContainer(
        width: 120, numberOfLines: Int(flags >> 4),
        lineBreakMode: flags & 8 == 8 ? .byTruncatingMiddle : nil)
    let layout = AttributedTextLayout(text, in: container, metrics: ProportionalMetrics())
    precondition(layout.usedSize.isFinite, "layout size is not finite")
    if let offset = layout.characterIndex(at: Point(x: 60, y: layout.usedSize.height / 2)) {
        precondition(offset >= 0 && offset <= text.utf8Count, "hit outside the text")
    }
    return 0
}

/// The scalars that the parsed text must contain, in order (see the invariants above).
func contentScalars(_ bytes: [UInt8], keepsWhitespace: Bool) -> [Unicode.Scalar] {
    var kept: [UInt8] = []
    var index = 0
    var noTagEnd = false
    var noCommentEnd = false
    func find(_ pattern: [UInt8], from start: Int, missing: inout Bool) -> Int? {
        guard !missing else { return nil }
        var position = start
        while position + pattern.count <= bytes.count {
            if bytes[position..<(position + pattern.count)].elementsEqual(pattern) {
                return position + pattern.count
            }
            position += 1
        }
        missing = true
        return nil
    }
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    var textStart = 0
    var textRanges: [Range<Int>] = []
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "<") && index + 1 < bytes.count {
            let second = bytes[index + 1]
            var end: Int?
            if second == UInt8(ascii: "!") && index + 4 <= bytes.count && bytes[index + 2] == 0x2D
                && bytes[index + 3] == 0x2D
            {
                end = find(Array("-->".utf8), from: index + 4, missing: &noCommentEnd)
            } else if second == UInt8(ascii: "!") || second == UInt8(ascii: "?") || isLetter(second)
            {
                end = find([UInt8(ascii: ">")], from: index + 2, missing: &noTagEnd)
            } else if second == UInt8(ascii: "/") && index + 2 < bytes.count
                && isLetter(bytes[index + 2])
            {
                end = find([UInt8(ascii: ">")], from: index + 3, missing: &noTagEnd)
            }
            if let end {
                textRanges.append(textStart..<index)
                index = end
                textStart = end
                continue
            }
        }
        index += 1
    }
    textRanges.append(textStart..<bytes.count)
    for range in textRanges {
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&"),
                let end = referenceEnd(bytes, at: position, limit: range.upperBound)
            {
                position = end
                continue
            }
            let isSpace =
                byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
            if keepsWhitespace || !isSpace { kept.append(byte) }
            position += 1
        }
    }
    return Array(String(decoding: kept, as: UTF8.self).unicodeScalars)
}

/// The end of the reference-shaped text at `start`, or `nil`.
func referenceEnd(_ bytes: [UInt8], at start: Int, limit: Int) -> Int? {
    var position = start + 1
    var isDigit: (UInt8) -> Bool = { byte in
        ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }
    if position < limit && bytes[position] == UInt8(ascii: "#") {
        position += 1
        if position < limit && bytes[position] | 0x20 == UInt8(ascii: "x") {
            position += 1
            isDigit = { ($0 >= 0x30 && $0 <= 0x39) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66) }
        } else {
            isDigit = { $0 >= 0x30 && $0 <= 0x39 }
        }
    }
    let digitsStart = position
    while position < limit && isDigit(bytes[position]) { position += 1 }
    guard position > digitsStart, position < limit, bytes[position] == UInt8(ascii: ";") else {
        return nil
    }
    return position + 1
}
