public import TrellisViews

/// The AT-SPI roles Trellis's accessibility nodes take, with AT-SPI's numbers (`AtspiRole`)
/// and role names, which screen readers such as Orca speak.
///
/// ```swift
/// AtSpiRole(AccessibilityRole.button)        // .pushButton
/// AtSpiRole.pushButton.name                  // "push button"
/// AtSpiRole.pushButton.rawValue              // 43
/// ```
public enum AtSpiRole: UInt32, Sendable, Hashable, CaseIterable {
    /// A check box (a toggle shown as a box).
    case checkBox = 7
    /// A top-level window: the Trellis window.
    case frame = 23
    /// An image.
    case image = 27
    /// Text that does not change.
    case label = 29
    /// A list of items: a collection view.
    case list = 31
    /// A tab bar.
    case pageTabList = 38
    /// A container of other objects: a group.
    case panel = 39
    /// A button.
    case pushButton = 43
    /// A control that picks a value in a range.
    case slider = 51
    /// A value stepped up and down by buttons: a stepper.
    case spinButton = 52
    /// An item of a list: a collection view's cell.
    case listItem = 32
    /// A button that stays on or off.
    case toggleButton = 62
    /// An object whose role is not known: an element without a trait that names one.
    case unknown = 67
    /// The application, the root of its tree.
    case application = 75
    /// A single-line text field.
    case entry = 79
    /// A section heading.
    case heading = 83
    /// A link.
    case link = 88
    /// Text that is not a label of anything else: a summary.
    case `static` = 116

    /// The role's name as AT-SPI spells it, such as `push button`.
    public var name: String {
        switch self {
        case .checkBox: "check box"
        case .frame: "frame"
        case .image: "image"
        case .label: "label"
        case .list: "list"
        case .listItem: "list item"
        case .spinButton: "spin button"
        case .pageTabList: "page tab list"
        case .panel: "panel"
        case .pushButton: "push button"
        case .slider: "slider"
        case .toggleButton: "toggle button"
        case .unknown: "unknown"
        case .application: "application"
        case .entry: "entry"
        case .heading: "heading"
        case .link: "link"
        case .static: "static"
        }
    }

    /// The AT-SPI role of a Trellis accessibility role.
    ///
    /// Buttons and keyboard keys are push buttons, switches toggle buttons, adjustable
    /// controls sliders, text and search fields entries, text labels, headers headings, tab
    /// bars page tab lists, groups panels, summaries static text, and elements without a
    /// trait that names what they are `unknown`.
    ///
    /// - Parameter role: The node's role.
    public init(_ role: AccessibilityRole) {
        switch role {
        case .textField, .searchField: self = .entry
        case .adjustable: self = .slider
        case .toggleButton: self = .toggleButton
        case .keyboardKey, .button: self = .pushButton
        case .link: self = .link
        case .tabBar: self = .pageTabList
        case .header: self = .heading
        case .image: self = .image
        case .text: self = .label
        case .summary: self = .static
        case .element: self = .unknown
        case .group: self = .panel
        }
    }

    /// The AT-SPI role the bridge gives an entry of the accessibility tree: the role of its
    /// ``AccessibilityRole`` (``init(_:)``), refined by what the node's traits cannot say.
    ///
    /// - A group whose container type is ``AccessibilityContainerType/list`` (a collection
    ///   view) is a ``list``; a group with a numeric value range (a stepper) a ``spinButton``.
    /// - An element without a trait that names what it is becomes a ``listItem`` in a list,
    ///   else a ``label`` when it has a label; it stays ``unknown`` otherwise.
    ///
    /// - Parameters:
    ///   - entry: The entry.
    ///   - inList: Whether the entry's parent is a list.
    package init(entry: AccessibilityTreeBuilder.Entry, inList: Bool) {
        let role = entry.node.role
        switch role {
        case .group where entry.containerType == .list: self = .list
        case .group where entry.valueRange != nil: self = .spinButton
        case .element where inList: self = .listItem
        case .element where !(entry.node.label ?? "").isEmpty: self = .label
        default: self.init(role)
        }
    }
}

/// AT-SPI's states (`AtspiStateType`) that Trellis reports, by their bit numbers in the
/// two-word state set `GetState` returns.
public enum AtSpiState: Int, Sendable, Hashable, CaseIterable {
    /// The window is the active one.
    case active = 1
    /// A toggle is on.
    case checked = 4
    /// The object's text can be edited.
    case editable = 7
    /// The object is enabled (not dimmed).
    case enabled = 8
    /// The object can take keyboard focus.
    case focusable = 11
    /// The object has keyboard focus.
    case focused = 12
    /// The window can be resized.
    case resizable = 21
    /// The object can be selected.
    case selectable = 22
    /// The object is selected.
    case selected = 23
    /// The object reacts to input.
    case sensitive = 24
    /// The object is on the screen.
    case showing = 25
    /// The object's text is one line.
    case singleLine = 26
    /// The object is not hidden.
    case visible = 30
    /// The object can be checked.
    case checkable = 41

    /// The state's name as AT-SPI spells it (in `pyatspi`, upper case after `STATE_`).
    public var name: String {
        switch self {
        case .active: "active"
        case .checked: "checked"
        case .editable: "editable"
        case .enabled: "enabled"
        case .focusable: "focusable"
        case .focused: "focused"
        case .resizable: "resizable"
        case .selectable: "selectable"
        case .selected: "selected"
        case .sensitive: "sensitive"
        case .showing: "showing"
        case .singleLine: "single-line"
        case .visible: "visible"
        case .checkable: "checkable"
        }
    }

    /// A state set as AT-SPI sends it: two 32-bit words, bit *n* for state *n*.
    ///
    /// - Parameter states: The states.
    /// - Returns: The two words.
    public static func words(_ states: Set<AtSpiState>) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states { words[state.rawValue / 32] |= 1 << UInt32(state.rawValue % 32) }
        return words
    }
}
