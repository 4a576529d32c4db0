/// The position of an item in a collection view: a section and an item within it, as UIKit's
/// `IndexPath` with `section` and `item`.
///
/// Trellis has its own type so that the module does not depend on Foundation. A file that also
/// imports Foundation can write `TrellisGrid.IndexPath`, or declare
/// `typealias IndexPath = TrellisGrid.IndexPath` once, since a module's own declarations take
/// precedence over imported ones.
///
/// Index paths order by section, then item:
///
/// ```swift
/// let first = IndexPath(item: 4, section: 0)
/// let second = IndexPath(item: 0, section: 1)
/// first < second  // true
/// ```
public struct IndexPath: Sendable, Hashable, Comparable {
    /// The section's index.
    public var section: Int
    /// The item's index within its section.
    public var item: Int

    /// Creates an index path with UIKit's argument order.
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// The item's index, under the name table views use.
    public var row: Int {
        get { item }
        set { item = newValue }
    }

    /// Orders by section, then by item.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

extension IndexPath: CustomStringConvertible {
    /// The index path as `section.item`, such as `0.3`.
    public var description: String { "\(section).\(item)" }
}
