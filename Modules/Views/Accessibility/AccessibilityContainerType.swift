/// What kind of container a view is to assistive technologies, as UIKit's
/// `UIAccessibilityContainerType`.
///
/// ```swift
/// grid.accessibilityContainerType = .list   // a collection view's default
/// ```
public enum AccessibilityContainerType: String, Sendable, Hashable, CaseIterable {
    /// Not a container of any particular kind.
    case none
    /// A table of data in rows and columns.
    case dataTable
    /// A list of items.
    case list
    /// A landmark: a region of the screen a user jumps to.
    case landmark
    /// A group whose elements belong together, read under the container's label.
    case semanticGroup
}
