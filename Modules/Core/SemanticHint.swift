public import TrellisGeometry

/// What the drawing between a ``DisplayCommand/beginSemantic(_:)`` and its
/// ``DisplayCommand/endSemantic`` shows: a control in a state, or a label's text.
///
/// A hint changes nothing a pixel backend draws. A backend that draws for character cells, where
/// a switch's thumb or a stepper's plus is thinner than a cell, reads the hint and draws the
/// control its own way inside ``frame``, and clips a label's text to its frame.
///
/// ```swift
/// list.append(.beginSemantic(SemanticHint(
///     frame: Rect(x: 0, y: 0, width: 51, height: 31), kind: .toggle(isOn: true))))
/// list.append(.fillRoundedRect(track, radii: .uniform(15.5), color: .green))
/// list.append(.endSemantic)
/// ```
public struct SemanticHint: Sendable, Hashable {
    /// The rectangle the control or text takes, in the coordinates of the commands around it.
    public var frame: Rect
    /// What it is, with the values that decide how it looks.
    public var kind: Kind
    /// Its state: highlighted, selected, disabled, focused, mirrored.
    public var state: State

    /// Creates a hint.
    public init(frame: Rect, kind: Kind, state: State = []) {
        self.frame = frame
        self.kind = kind
        self.state = state
    }

    /// What a hinted rectangle shows.
    public enum Kind: Sendable, Hashable {
        /// A push button with its title (empty for a button with only an image), and where its
        /// layout put the title and the image.
        ///
        /// `titleFrame` and `imageFrame` are the rectangles the button gave its title and its
        /// image after its content insets, alignment, direction and spacing, in the hint's
        /// coordinates (those of ``SemanticHint/frame``); `nil` when the button shows no such
        /// part or did not say (a list of format version 2). A cell backend writes the title on
        /// the row and in the columns of `titleFrame`, and keeps the cells of `imageFrame` for
        /// the image.
        case button(title: String, titleFrame: Rect? = nil, imageFrame: Rect? = nil)
        /// An on/off switch.
        case toggle(isOn: Bool)
        /// A slider whose thumb stands at `value` between `minimum` and `maximum`.
        case slider(minimum: Double, maximum: Double, value: Double)
        /// A stepper: a minus and a plus, each dimmed when it cannot step further.
        case stepper(value: Double, canDecrement: Bool, canIncrement: Bool)
        /// A segmented control: its segments' titles (empty for an image segment) and the
        /// selected one, if any.
        case segmentedControl(titles: [String], selectedIndex: Int?)
        /// A page control: one dot per page, the current one marked.
        case pageControl(currentPage: Int, numberOfPages: Int)
        /// A text field: the text as shown (bullets for secure entry), the placeholder shown
        /// when it is empty, and the caret's position in grapheme clusters when editing.
        case textField(text: String, placeholder: String, cursor: Int?)
        /// The ring that marks the view with keyboard focus.
        case focusRing
        /// A label's text, which must stay inside the frame; text wider than the frame is cut
        /// as `truncation` says.
        case label(truncation: Truncation)

        /// The kind's name, as the text backend and error messages spell it.
        public var name: String {
            switch self {
            case .button: "button"
            case .toggle: "switch"
            case .slider: "slider"
            case .stepper: "stepper"
            case .segmentedControl: "segmented-control"
            case .pageControl: "page-control"
            case .textField: "text-field"
            case .focusRing: "focus-ring"
            case .label: "label"
            }
        }
    }

    /// Where text that does not fit its frame loses characters.
    public enum Truncation: UInt8, Sendable, Hashable, CaseIterable {
        /// Cut at the frame's edge, with no ellipsis.
        case clip = 0
        /// An ellipsis replaces the start.
        case head = 1
        /// An ellipsis replaces the middle.
        case middle = 2
        /// An ellipsis replaces the end.
        case tail = 3
    }

    /// The oldest display-list format version that holds the hint: 3 for a button that says
    /// where its title or image is, else 2.
    var formatVersion: UInt16 {
        if case .button(_, let titleFrame, let imageFrame) = kind,
            titleFrame != nil || imageFrame != nil
        {
            return 3
        }
        return 2
    }

    /// The state of a hinted control, as bits.
    public struct State: OptionSet, Sendable, Hashable {
        /// The bits.
        public let rawValue: UInt8
        /// Creates a state from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A touch is down inside the control.
        public static let highlighted = State(rawValue: 1)
        /// The control is selected (a selected button, a switch that is on is not "selected").
        public static let selected = State(rawValue: 2)
        /// The control does not respond to touches.
        public static let disabled = State(rawValue: 4)
        /// The control has keyboard focus.
        public static let focused = State(rawValue: 8)
        /// The control is laid out right to left: its segments, page dots and track run from
        /// the right, and its text is aligned there.
        public static let mirrored = State(rawValue: 16)
        /// Every bit a state may hold.
        static let known: State = [.highlighted, .selected, .disabled, .focused, .mirrored]
    }
}
