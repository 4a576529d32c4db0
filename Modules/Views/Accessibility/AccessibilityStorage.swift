package import TrellisGeometry

/// The accessibility settings assigned to one view, kept out of line so that a view that has
/// none stays small.
///
/// Each optional is `nil` until assigned: the view's getter then gives its class's default (a
/// button's title as its label, say). Controls in other modules of the package read it to tell
/// an assigned value from a default, as UIKit's controls do.
@MainActor
package final class AccessibilityStorage {
    package var isElement: Bool?
    package var label: String?
    package var hint: String?
    package var value: String?
    package var traits: AccessibilityTraits?
    package var frame: Rect?
    package var elements: [any Accessible]?
    package var elementsHidden = false
    package var groupsChildren = false
    package var isModal = false
    package var containerType: AccessibilityContainerType?
    package var customActions: [AccessibilityCustomAction] = []

    package init() {}
}
