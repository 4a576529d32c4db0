/// What an accessibility element is and how it behaves, as UIKit's `UIAccessibilityTraits`,
/// with UIKit's raw values.
///
/// Assistive technologies read the traits after the label and the value ("Save, button",
/// "Wi-Fi, 1, switch button") and choose their gestures by them: an ``adjustable`` element
/// takes swipes up and down, which call ``View/accessibilityIncrement()`` and
/// ``View/accessibilityDecrement()``. Controls give themselves the traits UIKit's do
/// (``Button``: ``button``, with ``selected`` and ``notEnabled`` following its state); assign
/// ``View/accessibilityTraits`` to replace them.
///
/// ```swift
/// heading.accessibilityTraits = .header
/// favourite.accessibilityTraits = [.button, .selected]
/// favourite.accessibilityTraits.names   // ["button", "selected"]
/// ```
///
/// The raw values are UIKit's, so that a bridge to another platform's accessibility API can
/// map them one to one; ``textEntry`` is Trellis's own (UIKit keeps its equivalent private),
/// on a bit UIKit's public traits leave free.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The bits of the traits.
    public let rawValue: UInt64

    /// Creates traits from their bits.
    ///
    /// - Parameter rawValue: UIKit's bits, such as `1 << 0` for ``button``.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Behaves as a button (1 << 0).
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link (1 << 1).
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// Is an image (1 << 2).
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// Is selected, as a selected button or segment (1 << 3).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Plays a sound when activated (1 << 4).
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 4)
    /// Is a key of a keyboard (1 << 5).
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
    /// Is text that does not change (1 << 6).
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    /// Summarises the screen when it appears (1 << 7).
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 7)
    /// Is disabled: read as "dimmed" (1 << 8).
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    /// Changes its label or value often (1 << 9).
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// Is a search field (1 << 10).
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    /// Starts a media session, which assistive technologies keep quiet for (1 << 11).
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// Takes increments and decrements, as a slider (1 << 12).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
    /// Takes touches directly, as a drawing surface (1 << 13).
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
    /// Turns the page when reading reaches its end (1 << 14).
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
    /// Is a tab bar (1 << 15).
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 15)
    /// Is the heading of a section (1 << 16).
    public static let header = AccessibilityTraits(rawValue: 1 << 16)
    /// Takes editable text, as a text field (1 << 32; Trellis's own).
    public static let textEntry = AccessibilityTraits(rawValue: 1 << 32)
    /// Switches between on and off, as a switch (1 << 53).
    public static let toggleButton = AccessibilityTraits(rawValue: 1 << 53)

    /// Every named trait with its name, in the order of their bits.
    public static let named: [(name: String, trait: AccessibilityTraits)] = [
        ("button", .button), ("link", .link), ("image", .image), ("selected", .selected),
        ("playsSound", .playsSound), ("keyboardKey", .keyboardKey), ("staticText", .staticText),
        ("summaryElement", .summaryElement), ("notEnabled", .notEnabled),
        ("updatesFrequently", .updatesFrequently), ("searchField", .searchField),
        ("startsMediaSession", .startsMediaSession), ("adjustable", .adjustable),
        ("allowsDirectInteraction", .allowsDirectInteraction),
        ("causesPageTurn", .causesPageTurn), ("tabBar", .tabBar), ("header", .header),
        ("textEntry", .textEntry), ("toggleButton", .toggleButton),
    ]

    /// The bits of every named trait.
    private static let namedBits = named.reduce(0) { $0 | $1.trait.rawValue }

    /// The names of the traits set, in the order of their bits; bits without a name are
    /// written as `bit<n>`.
    ///
    /// ```swift
    /// AccessibilityTraits([.selected, .button]).names   // ["button", "selected"]
    /// ```
    ///
    /// - Complexity: O(64).
    public var names: [String] {
        var result: [String] = []
        for (name, trait) in AccessibilityTraits.named where rawValue & trait.rawValue != 0 {
            result.append(name)
        }
        let unknown = rawValue & ~AccessibilityTraits.namedBits
        if unknown != 0 {
            for bit in 0..<64 where unknown & (1 << UInt64(bit)) != 0 {
                result.append("bit\(bit)")
            }
        }
        return result
    }

    /// The trait with a name, as ``names`` writes it, or `nil` for an unknown name.
    ///
    /// - Parameter name: A trait's name, such as `"button"` or `"toggleButton"`.
    /// - Returns: The trait, or `nil`.
    /// - Complexity: O(the number of named traits).
    public static func trait(named name: String) -> AccessibilityTraits? {
        named.first { $0.name == name }?.trait
    }
}
