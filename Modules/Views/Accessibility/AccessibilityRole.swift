/// What an accessibility node is, in one word, derived from its traits: the word a screen
/// reader says after the label ("Save, button") and the role a platform's accessibility API
/// would give it.
///
/// ```swift
/// AccessibilityRole(traits: [.button, .toggleButton], isGroup: false)   // .toggleButton
/// AccessibilityRole(traits: .staticText, isGroup: false)                // .text
/// ```
public enum AccessibilityRole: String, Sendable, Hashable, CaseIterable {
    /// An editable text field (``AccessibilityTraits/textEntry``).
    case textField
    /// A search field (``AccessibilityTraits/searchField``).
    case searchField
    /// A control whose value steps up and down (``AccessibilityTraits/adjustable``).
    case adjustable
    /// An on/off switch (``AccessibilityTraits/toggleButton``).
    case toggleButton
    /// A key of a keyboard (``AccessibilityTraits/keyboardKey``).
    case keyboardKey
    /// A link (``AccessibilityTraits/link``).
    case link
    /// A button (``AccessibilityTraits/button``).
    case button
    /// A tab bar (``AccessibilityTraits/tabBar``).
    case tabBar
    /// A section heading (``AccessibilityTraits/header``).
    case header
    /// An image (``AccessibilityTraits/image``).
    case image
    /// Text that does not change (``AccessibilityTraits/staticText``).
    case text
    /// The summary of a screen (``AccessibilityTraits/summaryElement``).
    case summary
    /// An element without a trait that names what it is.
    case element
    /// A container read as a unit: a view that groups its children, lists its elements or is
    /// modal.
    case group

    /// The role of a node with traits: the first of textField, searchField, adjustable,
    /// toggleButton, keyboardKey, link, button, tabBar, header, image, text and summary whose
    /// trait is set; otherwise ``group`` for a container and ``element`` for an element.
    ///
    /// - Parameters:
    ///   - traits: The node's traits.
    ///   - isGroup: Whether the node is a container read as a unit.
    public init(traits: AccessibilityTraits, isGroup: Bool) {
        let bits = traits.rawValue
        if bits & AccessibilityTraits.textEntry.rawValue != 0 {
            self = bits & AccessibilityTraits.searchField.rawValue != 0 ? .searchField : .textField
            return
        }
        for (trait, role) in AccessibilityRole.precedence where bits & trait.rawValue != 0 {
            self = role
            return
        }
        self = isGroup ? .group : .element
    }

    /// The traits that name a role, strongest first (after ``AccessibilityTraits/textEntry``).
    private static let precedence: [(AccessibilityTraits, AccessibilityRole)] = [
        (.searchField, .searchField), (.adjustable, .adjustable), (.toggleButton, .toggleButton),
        (.keyboardKey, .keyboardKey), (.link, .link), (.button, .button), (.tabBar, .tabBar),
        (.header, .header), (.image, .image), (.staticText, .text), (.summaryElement, .summary),
    ]
}
