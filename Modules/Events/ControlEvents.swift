/// The events a control sends to its targets, as a bit set with UIKit's raw values
/// (`UIControl.Event`).
///
/// Registering for several events at once is a union: `[.touchUpInside, .touchUpOutside]`.
public struct ControlEvents: OptionSet, Sendable, Hashable {
    /// The raw bit mask.
    public let rawValue: UInt

    /// Creates events from a raw bit mask.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// A touch went down in the control (1 << 0).
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A repeated touch went down; the tap count is above 1 (1 << 1).
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    /// A touch moved while inside the control (1 << 2).
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    /// A touch moved while outside the control (1 << 3).
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    /// A touch dragged from outside into the control (1 << 4).
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    /// A touch dragged from inside the control to outside (1 << 5).
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    /// A touch ended inside the control (1 << 6).
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    /// A touch ended outside the control (1 << 7).
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    /// The system cancelled the touch (1 << 8).
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    /// The control's value changed (1 << 12).
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    /// The control's primary action was triggered, after a tap on a button (1 << 13).
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    /// A menu action was triggered (1 << 14).
    public static let menuActionTriggered = ControlEvents(rawValue: 1 << 14)
    /// Editing began in a text control (1 << 16).
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// The text of a text control changed by an edit (1 << 17).
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// Editing ended in a text control (1 << 18).
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// Editing ended because the user pressed Return (1 << 19).
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)
    /// Every touch event (0xFFF).
    public static let allTouchEvents = ControlEvents(rawValue: 0xFFF)
    /// Every editing event (0xF0000).
    public static let allEditingEvents = ControlEvents(rawValue: 0xF_0000)
    /// Bits available to applications (0x0F000000).
    public static let applicationReserved = ControlEvents(rawValue: 0x0F00_0000)
    /// Bits reserved for the framework (0xF0000000).
    public static let systemReserved = ControlEvents(rawValue: 0xF000_0000)
    /// Every event (0xFFFFFFFF).
    public static let allEvents = ControlEvents(rawValue: 0xFFFF_FFFF)

    /// The named single events, in bit order, for descriptions and traces.
    public static let namedEvents: [(event: ControlEvents, name: String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
        (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered"),
        (.menuActionTriggered, "menuActionTriggered"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    /// The names of the single events in the set, in bit order; unnamed bits appear in hex.
    public var names: [String] {
        var result: [String] = []
        var rest = rawValue
        for (event, name) in ControlEvents.namedEvents where contains(event) {
            result.append(name)
            rest &= ~event.rawValue
        }
        if rest != 0 { result.append("0x" + String(rest, radix: 16)) }
        return result
    }
}

extension ControlEvents: CustomStringConvertible {
    /// The event names joined by `|`, or `none` for the empty set.
    public var description: String { isEmpty ? "none" : names.joined(separator: "|") }
}
