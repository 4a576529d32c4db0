public import TrellisGeometry

/// An accessibility element that is not a view: part of a view that assistive technologies
/// should read as an element of its own, as UIKit's `UIAccessibilityElement`.
///
/// A view that draws several things a user can reach — the bars of a chart, the two halves of
/// a ``Stepper``, the segments of a ``SegmentedControl`` — lists one element for each in its
/// ``View/accessibilityElements``. The element's rectangle is given in its container's
/// coordinates, so that it follows the container as it moves.
///
/// ```swift
/// let bar = AccessibilityElement(accessibilityContainer: chart)
/// bar.accessibilityLabel = "March"
/// bar.accessibilityValue = "42 mm"
/// bar.accessibilityFrameInContainerSpace = Rect(x: 40, y: 10, width: 20, height: 90)
/// chart.accessibilityElements = [bar]
/// ```
///
/// Subclass it to compute the properties, as the controls do for their parts.
@MainActor
open class AccessibilityElement: Accessible {
    /// The view that holds the element; the element's frame is in its coordinates.
    public weak var accessibilityContainer: View?

    /// Whether assistive technologies read it; `true` by default.
    open var isAccessibilityElement = true
    /// What the element is, in a few words.
    open var accessibilityLabel: String?
    /// What activating the element does.
    open var accessibilityHint: String?
    /// The element's current value.
    open var accessibilityValue: String?
    /// What the element is and how it behaves; none by default.
    open var accessibilityTraits: AccessibilityTraits = []
    /// An identifier for tests and automation.
    open var accessibilityIdentifier: String?
    /// The actions offered besides activation.
    open var accessibilityCustomActions: [AccessibilityCustomAction] = []
    /// The element's rectangle in its container's coordinates, as UIKit's
    /// `accessibilityFrameInContainerSpace`.
    open var accessibilityFrameInContainerSpace: Rect = .zero

    /// Creates an element of a container.
    ///
    /// - Parameter container: The view that lists the element in its
    ///   ``View/accessibilityElements``; it is held weakly.
    public init(accessibilityContainer container: View) {
        accessibilityContainer = container
    }

    /// The element's rectangle in window coordinates: ``accessibilityFrameInContainerSpace``
    /// converted from the container (as it is when the container is gone).
    ///
    /// - Complexity: O(the container's depth).
    open var accessibilityFrame: Rect {
        guard let container = accessibilityContainer else {
            return accessibilityFrameInContainerSpace
        }
        return container.convert(accessibilityFrameInContainerSpace, to: nil)
    }

    /// Does nothing and returns `false`, as UIKit's default; subclasses act.
    ///
    /// - Returns: Whether the element did anything.
    open func accessibilityActivate() -> Bool { false }

    /// Does nothing; adjustable subclasses step their value up.
    open func accessibilityIncrement() {}

    /// Does nothing; adjustable subclasses step their value down.
    open func accessibilityDecrement() {}
}
