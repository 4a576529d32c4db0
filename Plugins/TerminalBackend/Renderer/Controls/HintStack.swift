import TrellisGeometry
import TrellisPluginKit

/// The semantic hints open while a display list is drawn into cells.
///
/// A control's hint suppresses the drawing up to its end, where the control is drawn with cell
/// glyphs instead; a label's hint keeps the text drawn inside it within the label's columns.
struct HintStack {
    /// One open hint.
    struct Entry {
        var hint: SemanticHint
        /// Whether the commands inside are replaced by the control's cells.
        var replaces: Bool
        /// Whether images inside are drawn all the same (a button's image stays beside its
        /// title).
        var keepsImages = false
        /// For a label: the columns its text may take, and how it is cut.
        var label: Label?
    }

    /// A label's columns and truncation.
    struct Label {
        var columns: Range<Int>
        var truncation: SemanticHint.Truncation
    }

    private(set) var entries: [Entry] = []
    /// How many open hints replace what is drawn inside them.
    private(set) var suppression = 0
    /// How many of those replace the images drawn inside them too.
    private(set) var imageSuppression = 0

    /// The innermost open label, if any.
    var label: Label? {
        entries.last(where: { $0.label != nil })?.label
    }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        if entry.replaces { suppression += 1 }
        if entry.replaces && !entry.keepsImages { imageSuppression += 1 }
    }

    mutating func pop() -> Entry? {
        guard let entry = entries.popLast() else { return nil }
        if entry.replaces { suppression -= 1 }
        if entry.replaces && !entry.keepsImages { imageSuppression -= 1 }
        return entry
    }
}
