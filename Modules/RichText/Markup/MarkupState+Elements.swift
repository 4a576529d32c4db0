extension MarkupState {
    /// Elements with no content and no end tag that the parser does not show.
    private static let unsupportedVoidElements: Set<String> = [
        "img", "input", "meta", "link", "wbr", "col", "area", "base", "embed", "param",
        "source", "track",
    ]

    /// Opens an element for a start tag.
    mutating func open(_ tag: MarkupTag) {
        let offset = tag.range.lowerBound
        switch tag.name {
        case "br":
            writeLineBreak()
            return
        case "hr":
            closeOpenParagraph()
            requestParagraphBreak()
            return
        case let name where Self.unsupportedVoidElements.contains(name):
            warnOnce("<\(name)>", "<\(name)> is not supported and shows nothing", at: offset)
            return
        default:
            break
        }
        var frame: Frame
        switch tag.name {
        case "p", "div":
            closeOpenParagraph()
            requestParagraphBreak()
            frame = paragraphFrame(tag)
        case "ul", "ol":
            closeOpenParagraph()
            requestParagraphBreak()
            frame = listFrame(tag)
        case "li":
            closeOpenParagraph()
            if let block = blockIndices.last, stack[block].kind == .listItem { pop(to: block) }
            requestParagraphBreak()
            frame = listItemFrame(tag)
        default:
            frame = inlineFrame(tag)
        }
        if let (style, styleOffset) = attribute("style", of: tag) {
            applyStyle(style, at: styleOffset, to: &frame)
        }
        if tag.isSelfClosing {
            if frame.isBlock { requestParagraphBreak() }
            return
        }
        push(frame)
    }

    /// Closes the innermost open element with a name, and every element inside it.
    mutating func close(_ name: String, at offset: Int) {
        if name == "br" {
            writeLineBreak()
            return
        }
        guard openCounts[name, default: 0] > 0 else {
            warn("stray closing tag </\(name)> ignored: no <\(name)> is open", at: offset)
            return
        }
        var index = stack.count - 1
        while index > 0 && stack[index].name != name { index -= 1 }
        pop(to: index)
    }

    private mutating func push(_ frame: Frame) {
        if frame.isBlock { blockIndices.append(stack.count) }
        if frame.kind == .list { listIndices.append(stack.count) }
        openCounts[frame.name, default: 0] += 1
        stack.append(frame)
    }

    /// Closes the frames from `index` to the top; closing a block ends its paragraph.
    private mutating func pop(to index: Int) {
        while stack.count > max(index, 1) {
            let frame = stack.removeLast()
            openCounts[frame.name, default: 1] -= 1
            if frame.isBlock {
                blockIndices.removeLast()
                requestParagraphBreak()
            }
            if frame.kind == .list { listIndices.removeLast() }
        }
    }

    /// Closes an open `<p>` when it is the innermost block, as a new block does in HTML.
    private mutating func closeOpenParagraph() {
        if let block = blockIndices.last, stack[block].name == "p" { pop(to: block) }
    }

    /// The paragraph style inside the current element, without a list marker.
    private var inheritedParagraphStyle: ParagraphStyle {
        var style = current.attributes.paragraphStyle ?? options.paragraphStyle
        style.listMarker = nil
        return style
    }

    private func withParagraphStyle(_ style: ParagraphStyle) -> TextAttributes {
        var attributes = current.attributes
        attributes.paragraphStyle = style == .default ? nil : style
        return attributes
    }

    private mutating func paragraphFrame(_ tag: MarkupTag) -> Frame {
        var style = inheritedParagraphStyle
        if tag.name == "p", let marker = options.paragraphMarker {
            paragraphOrdinal += 1
            style.listMarker = ListMarker(
                style: marker, ordinal: marker.isOrdered ? paragraphOrdinal : 1)
        }
        return Frame(
            name: tag.name, kind: .paragraph, attributes: withParagraphStyle(style),
            openedAt: tag.range.lowerBound)
    }

    private mutating func listFrame(_ tag: MarkupTag) -> Frame {
        var frame = Frame(
            name: tag.name, kind: .list, attributes: withParagraphStyle(inheritedParagraphStyle),
            openedAt: tag.range.lowerBound)
        let type = attribute("type", of: tag)?.value.trimmingWhitespace()
        if tag.name == "ol" {
            let styles: [String: ListMarker.Style] = [
                "1": .decimal, "a": .lowerAlpha, "A": .upperAlpha, "i": .lowerRoman,
                "I": .upperRoman,
            ]
            frame.markerStyle = type.flatMap { styles[$0] } ?? .decimal
            if let (start, offset) = attribute("start", of: tag) {
                if let number = Int(start.trimmingWhitespace()) {
                    frame.nextOrdinal = number
                } else {
                    warn(
                        "<ol start=\"\(start.prefix(20))\"> is not a whole number; counting from 1",
                        at: offset)
                }
            }
        } else {
            let styles: [String: ListMarker.Style] = [
                "disc": .disc, "circle": .circle, "square": .square,
            ]
            let depth = listIndices.count + 1
            frame.markerStyle =
                type.flatMap { styles[$0.lowercased()] }
                ?? (depth == 1 ? .disc : depth == 2 ? .circle : .square)
        }
        return frame
    }

    private mutating func listItemFrame(_ tag: MarkupTag) -> Frame {
        var markerStyle = ListMarker.Style.disc
        var ordinal = 1
        if let list = listIndices.last {
            markerStyle = stack[list].markerStyle
            ordinal = stack[list].nextOrdinal
            if let (value, offset) = attribute("value", of: tag) {
                if let number = Int(value.trimmingWhitespace()) {
                    ordinal = number
                } else {
                    warn(
                        "<li value=\"\(value.prefix(20))\"> is not a whole number; ignored",
                        at: offset)
                }
            }
            stack[list].nextOrdinal = ordinal &+ 1
        }
        let depth = max(listIndices.count, 1)
        let indent = options.listIndent.isFinite ? max(options.listIndent, 0) : 0
        let base = options.paragraphStyle
        var style = inheritedParagraphStyle
        style.firstLineHeadIndent = base.firstLineHeadIndent + Double(depth - 1) * indent
        style.headIndent = base.headIndent + Double(depth - 1) * indent
        style.listMarker = ListMarker(
            style: markerStyle, ordinal: markerStyle.isOrdered ? ordinal : 1)
        return Frame(
            name: tag.name, kind: .listItem, attributes: withParagraphStyle(style),
            openedAt: tag.range.lowerBound)
    }
}
