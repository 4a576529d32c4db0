public import TrellisCore
public import TrellisEvents
public import TrellisGeometry
import TrellisRender
public import TrellisText

/// A single-line editable text control, as UIKit's `UITextField`.
///
/// A tap gives it keyboard focus and begins editing: `editingDidBegin`; each edit sends
/// `editingChanged`; Return sends `editingDidEndOnExit` and then ends editing; ending editing
/// (focus moving away, Return, ``resignFirstResponder()``) sends `editingDidEnd`. Setting
/// ``text`` in code sends nothing. Typed and pasted text has its line breaks and control
/// characters removed.
@MainActor
open class TextField: Control {
    /// The border drawn around the field.
    public enum BorderStyle: String, Sendable, Hashable, CaseIterable {
        /// No border.
        case none
        /// A thin rectangle.
        case line
        /// A rounded rectangle, the system look.
        case roundedRect
    }

    /// The text.
    public var text: String = "" {
        didSet {
            if text != oldValue {
                cursor = min(cursor, text.count)
                textDidChange()
            }
        }
    }

    /// The grey text shown while the field is empty.
    public var placeholder: String? {
        didSet { textDidChange() }
    }

    /// The font; 17-point system by default.
    public var font: Font = .system(size: 17) {
        didSet { textDidChange() }
    }

    /// The text colour.
    public var textColor: Color = .black {
        didSet { setNeedsDisplay() }
    }

    /// The horizontal alignment of the text.
    public var textAlignment: TextAlignment = .natural {
        didSet { setNeedsDisplay() }
    }

    /// The border.
    public var borderStyle: BorderStyle = .none {
        didSet { setNeedsDisplay() }
    }

    /// Whether the text shows as dots.
    public var isSecureTextEntry = false {
        didSet { setNeedsDisplay() }
    }

    /// Whether beginning to edit clears the text.
    public var clearsOnBeginEditing = false

    /// Whether the field is being edited.
    public private(set) var isEditing = false

    /// Decides whether Return ends editing; the default allows it, as `textFieldShouldReturn`.
    public var shouldReturn: ((TextField) -> Bool)?

    /// The cursor position, in grapheme clusters from the start of the text in logical order
    /// (the order it is typed and stored in, whatever order it is shown in).
    public private(set) var cursor = 0

    /// The padding between the border and the text.
    public static let textInset = 7.0

    private func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    // MARK: Editing

    /// Text fields take focus even when their content is empty.
    open override var canBecomeFocused: Bool { super.canBecomeFocused }

    /// Begins editing when the field gets focus.
    open override func didBecomeFocused() {
        super.didBecomeFocused()
        guard !isEditing else { return }
        isEditing = true
        if clearsOnBeginEditing && !text.isEmpty {
            text = ""
        }
        cursor = text.count
        sendActions(for: .editingDidBegin)
        setNeedsDisplay()
    }

    /// Ends editing when the field loses focus.
    open override func didResignFocus() {
        super.didResignFocus()
        guard isEditing else { return }
        isEditing = false
        sendActions(for: .editingDidEnd)
        setNeedsDisplay()
    }

    /// Asks the window for keyboard focus; returns whether the field is now editing.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        window?.focus(self) ?? false
    }

    /// Gives up keyboard focus, ending editing.
    @discardableResult
    public func resignFirstResponder() -> Bool {
        guard let window, window.focusedView === self else { return false }
        return window.focus(nil)
    }

    /// A tap released inside begins editing.
    open override func endTracking(_ touch: Touch?) {
        if isTouchInside { becomeFirstResponder() }
    }

    /// Edits the text: typing, pasting, deleting, moving the cursor, Return.
    open override func handleKey(_ key: KeyInput) -> Bool {
        guard isEditing else { return false }
        switch key {
        case .text(let typed), .paste(let typed):
            insert(typed)
        case .space:
            insert(" ")
        case .backspace:
            guard cursor > 0 else { return true }
            var characters = Array(text)
            characters.remove(at: cursor - 1)
            cursor -= 1
            replaceText(String(characters))
        case .deleteForward:
            guard cursor < text.count else { return true }
            var characters = Array(text)
            characters.remove(at: cursor)
            replaceText(String(characters))
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .up: cursor = 0
        case .end, .down: cursor = text.count
        case .returnKey:
            sendActions(for: .editingDidEndOnExit)
            if shouldReturn?(self) ?? true { resignFirstResponder() }
        case .escape, .tab, .backTab:
            return false
        }
        setNeedsDisplay()
        return true
    }

    private func insert(_ typed: String) {
        let cleaned = TextField.typeable(typed)
        guard !cleaned.isEmpty else { return }
        var characters = Array(text)
        let insertion = Array(cleaned)
        characters.insert(contentsOf: insertion, at: min(cursor, characters.count))
        let newText = String(characters)
        // Inserting can merge clusters (a combining mark); place the cursor by count.
        cursor = min(newText.count, cursor + (newText.count - text.count))
        replaceText(newText)
    }

    /// Text as a one-line field takes it: without control characters and line separators.
    fileprivate static func typeable(_ typed: String) -> String {
        String(
            typed.unicodeScalars.filter {
                $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) && $0 != "\u{2028}"
                    && $0 != "\u{2029}"
            })
    }

    private func replaceText(_ newText: String) {
        guard newText != text else { return }
        text = newText
        sendActions(for: .editingChanged)
    }

    // MARK: Sizing and drawing

    /// One line of the font plus the insets; no natural width.
    open override var intrinsicContentSize: Size {
        let line = textMeasurer.metrics.lineMetrics(for: font).lineHeight
        return Size(
            width: View.noIntrinsicMetric, height: (line + 2 * TextField.textInset).rounded(.up))
    }

    /// The runs drawing measures, in the window's batch: those of the layout of the text as
    /// shown (bullets for secure entry), or of the placeholder when there is no text.
    open override var textRunsToMeasure: [TextRun] {
        let shown = shownText
        return shown.isEmpty ? [] : TextMeasurer.runsToMeasure(shown, style: shownStyle)
    }

    private var displayedText: String {
        isSecureTextEntry ? String(repeating: "•", count: text.count) : text
    }

    /// A text field with the text as shown, its placeholder, and the caret while editing.
    open override var semanticHint: SemanticHint? {
        let shown = text.isEmpty ? "" : shownText
        var state = semanticState
        if isEditing { state.insert(.focused) }
        return SemanticHint(
            frame: bounds,
            kind: .textField(
                text: shown, placeholder: placeholder ?? "",
                cursor: isEditing ? min(cursor, shown.count) : nil),
            state: state)
    }

    /// What the field shows: the text as displayed, or the placeholder when it has none, on
    /// one line (a line break set in code shows as a space, so that every cluster keeps its
    /// place).
    private var shownText: String {
        let shown = text.isEmpty ? (placeholder ?? "") : displayedText
        guard shown.contains(where: \.isNewline) else { return shown }
        return String(shown.map { $0.isNewline ? " " : $0 })
    }

    /// The style of the shown text's one line: unwrapped, its direction from its first strong
    /// character.
    private var shownStyle: TextStyle {
        TextStyle(font: font, lineBreakMode: .byClipping, numberOfLines: 1)
    }

    /// Draws the border, the text (or the placeholder) and, while editing, the cursor; the text
    /// scrolls to keep the cursor visible.
    ///
    /// The text is laid out as one line and drawn in visual order, one glyph run per run of
    /// the bidirectional algorithm, so that Arabic and Hebrew read right to left. The cursor
    /// stays a position in the text's logical order — typing inserts and deleting removes
    /// there — and is drawn where that position is shown: after the cluster before it, on the
    /// side that cluster's direction reads towards (`TextLayout.Line.caretX(forUTF8Offset:)`).
    open override func draw(in context: DrawingContext) {
        switch borderStyle {
        case .none: break
        case .line: context.strokeInside(bounds, color: Color(white: 0.2), width: 1)
        case .roundedRect:
            context.fill(bounds, color: .white, cornerRadius: 5)
            context.strokeInside(bounds, color: Color(white: 0.8), width: 1, cornerRadius: 5)
        }
        let area = bounds.insetBy(dx: TextField.textInset, dy: 0)
        guard !area.isNull else { return }
        let showsPlaceholder = text.isEmpty
        let shown = shownText
        let metrics = textMeasurer.metrics
        let laidOut =
            shown.isEmpty
            ? nil
            : textMeasurer.layout(shown, style: shownStyle, in: Size(width: 0, height: 0)).lines
                .first
        let lineStart = laidOut?.origin.x ?? 0
        let fullWidth = laidOut?.advances.reduce(0, +) ?? 0
        var beforeCursor = 0.0
        if let laidOut, !showsPlaceholder {
            let offset = shown.prefix(cursor).utf8.count
            beforeCursor = laidOut.caretX(forUTF8Offset: offset) - lineStart
        }
        var x = area.minX
        let alignment =
            textAlignment == .natural
            ? (effectiveLayoutDirection == .rightToLeft ? TextAlignment.right : .left)
            : textAlignment
        if fullWidth <= area.width {
            if alignment == .center { x += (area.width - fullWidth) / 2 }
            if alignment == .right { x += area.width - fullWidth }
        } else if isEditing, beforeCursor > area.width {
            x -= beforeCursor - area.width
        }
        let line = metrics.lineMetrics(for: font)
        let baseline = bounds.midY + (line.ascender + line.descender) / 2
        context.append(.save)
        context.append(.clipRect(area.insetBy(dx: -1, dy: 0)))
        if let laidOut {
            let runs = laidOut.visualRuns
            let utf8 = Array(shown.utf8)
            for run in runs {
                context.append(
                    .glyphRun(
                        GlyphRun(
                            text: runs.count == 1
                                ? shown : String(decoding: utf8[run.range], as: UTF8.self),
                            font: font.descriptor,
                            color: showsPlaceholder ? Color(white: 0.7) : textColor,
                            origin: Point(x: x + run.x - lineStart, y: baseline),
                            width: runs.count == 1 ? fullWidth : run.width,
                            ascent: line.ascender, descent: -line.descender,
                            direction: run.direction)))
            }
        }
        if isEditing {
            context.fill(
                Rect(
                    x: x + beforeCursor, y: baseline - line.ascender, width: 1,
                    height: line.ascender - line.descender),
                color: effectiveTintColor)
        }
        context.append(.restore)
    }

    // MARK: Accessibility

    /// A text field is an accessibility element unless one was assigned otherwise.
    open override var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    /// The assigned label, else the placeholder, as UIKit reads a field without a label.
    open override var accessibilityLabel: String? {
        get {
            accessibilityStorage?.label ?? placeholder.flatMap { $0.isEmpty ? nil : $0 }
        }
        set { super.accessibilityLabel = newValue }
    }

    /// The assigned value, else the text as shown (bullets for secure entry), empty when
    /// there is none.
    open override var accessibilityValue: String? {
        get { accessibilityStorage?.value ?? displayedText }
        set { super.accessibilityValue = newValue }
    }

    /// The assigned traits, else ``AccessibilityTraits/textEntry`` (with
    /// ``AccessibilityTraits/notEnabled`` while disabled); assign
    /// `[.textEntry, .searchField]` to a search field.
    open override var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? stateAccessibilityTraits().union(.textEntry) }
        set { super.accessibilityTraits = newValue }
    }

    /// The control's attributes plus the text and editing state.
    open override var debugAttributes: [String] {
        var attributes = super.debugAttributes + ["text=\"\(text)\""]
        if isEditing { attributes.append("editing") }
        return attributes
    }
}

extension TextField: AccessibilityEditableTextProviding {
    /// The text as shown: the text, or a bullet a character for secure entry.
    package var accessibilityText: String { displayedText }

    /// The cursor in Unicode scalars of the text as shown, while editing.
    package var accessibilityCaretScalarOffset: Int? {
        guard isEditing else { return nil }
        return displayedText.prefix(cursor).unicodeScalars.count
    }

    /// The text's characters (grapheme clusters) before a scalar offset of the text as shown,
    /// rounded down to a character's start; `nil` outside the text.
    private func characterCount(beforeScalar offset: Int) -> Int? {
        guard offset >= 0 else { return nil }
        var scalars = 0
        var characters = 0
        for character in displayedText {
            let next = scalars + character.unicodeScalars.count
            if next > offset { return characters }
            scalars = next
            characters += 1
        }
        return scalars == offset ? characters : nil
    }

    package func replaceAccessibilityText(scalars range: Range<Int>, with replacement: String)
        -> Bool
    {
        guard isEnabled else { return false }
        let cleaned = TextField.typeable(replacement)
        let newText: String
        let caretText: String
        if isSecureTextEntry {
            // A bullet stands for one character: offsets count characters of the secret.
            let characters = Array(text)
            guard range.lowerBound >= 0, range.upperBound <= characters.count else { return false }
            caretText = String(characters[..<range.lowerBound]) + cleaned
            newText = caretText + String(characters[range.upperBound...])
        } else {
            let scalars = Array(text.unicodeScalars)
            guard range.lowerBound >= 0, range.upperBound <= scalars.count else { return false }
            var before = String.UnicodeScalarView()
            before.append(contentsOf: scalars[..<range.lowerBound])
            var after = String.UnicodeScalarView()
            after.append(contentsOf: scalars[range.upperBound...])
            caretText = String(before) + cleaned
            newText = caretText + String(after)
        }
        let changed = newText != text
        text = newText
        cursor = min(caretText.count, newText.count)
        if changed { sendActions(for: .editingChanged) }
        setNeedsDisplay()
        return true
    }

    package func setAccessibilityCaret(scalarOffset offset: Int) -> Bool {
        guard let characters = characterCount(beforeScalar: offset) else { return false }
        cursor = characters
        setNeedsDisplay()
        return true
    }
}
