public import TrellisGeometry

/// Something assistive technologies can read and act on: a ``View``, or an
/// ``AccessibilityElement`` that stands for part of one. UIKit calls this the `UIAccessibility`
/// informal protocol; here it is a protocol, so that a container's
/// ``View/accessibilityElements`` can hold views and elements together.
///
/// Every property has UIKit's meaning: an element (``isAccessibilityElement``) is read as its
/// ``accessibilityLabel``, its ``accessibilityValue``, its traits and then its
/// ``accessibilityHint``; a screen reader puts its cursor on ``accessibilityFrame``.
///
/// ```swift
/// let items: [any Accessible] = [title, AccessibilityElement(accessibilityContainer: chart)]
/// container.accessibilityElements = items
/// ```
@MainActor
public protocol Accessible: AnyObject {
    /// Whether assistive technologies treat this as one element rather than a container.
    var isAccessibilityElement: Bool { get }
    /// What the element is, in a few words: "Save", "Volume".
    var accessibilityLabel: String? { get }
    /// What activating the element does, read after a pause: "Saves the document".
    var accessibilityHint: String? { get }
    /// The element's current value, when it has one: "30%", "page 2 of 5".
    var accessibilityValue: String? { get }
    /// What the element is and how it behaves.
    var accessibilityTraits: AccessibilityTraits { get }
    /// An identifier for tests and automation; never read aloud.
    var accessibilityIdentifier: String? { get }
    /// The element's rectangle in window coordinates.
    var accessibilityFrame: Rect { get }
    /// The actions offered besides activation.
    var accessibilityCustomActions: [AccessibilityCustomAction] { get }

    /// Activates the element, as a double tap with VoiceOver; returns whether it did anything.
    func accessibilityActivate() -> Bool
    /// Moves an adjustable element's value up by a step.
    func accessibilityIncrement()
    /// Moves an adjustable element's value down by a step.
    func accessibilityDecrement()
}
