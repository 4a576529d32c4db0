/// Where an object keeps its position in one kind of ``ObjectList``, and the placeholder that
/// marks a removed element until the list is compacted.
///
/// An object can be in several lists of different kinds (a constraint is listed by its
/// installation item and by each item it refers to); each kind stores the position in a field
/// of its own.
@_spi(ObjectList) public protocol ObjectListPosition {
    associatedtype Element: AnyObject
    /// The element's position in its list of this kind, as last stored.
    static func position(of element: Element) -> Int
    /// Stores the element's position in its list of this kind.
    static func setPosition(_ position: Int, of element: Element)
    /// An object that is never listed, standing in for removed elements.
    static var placeholder: Element { get }
}

/// An ordered list of objects that removes any element in amortised O(1): each element knows
/// its position, a removal leaves the placeholder in its place, and the placeholders are
/// squeezed out at once (O(n) for any number of removals) when the list is next read in order
/// or when they make up half of it.
///
/// `subviews`, a layout item's children and the constraints an item holds are such lists:
/// taking every subview out front to back, as `subviews.forEach { $0.removeFromSuperview() }`
/// does, is then linear instead of quadratic.
///
/// The list is SPI rather than `package`: another module (the views') specialises the
/// inlinable members of a generic type only when the type is public, and an unspecialised
/// `append` looks up the array's metadata on every call (ten times the work).
@_spi(ObjectList) public struct ObjectList<Position: ObjectListPosition> {
    /// The listed objects' type.
    public typealias Element = Position.Element

    @usableFromInline var storage: [Element] = []
    @usableFromInline var holes = 0

    /// Creates an empty list.
    @inlinable public init() {}

    /// The number of elements.
    @inlinable public var count: Int { storage.count - holes }

    /// Whether the list has no elements.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// The elements in order.
    ///
    /// - Complexity: O(1) when nothing was removed since the last read, else O(n).
    @inlinable public var elements: [Element] {
        mutating get {
            compact()
            return storage
        }
    }

    /// Adds an element at the end.
    ///
    /// - Complexity: Amortised O(1).
    @inlinable public mutating func append(_ element: Element) {
        Position.setPosition(storage.count, of: element)
        // Room for a few at once: most lists hold two to four, and growing one at a time
        // would take an allocation for each of the first three.
        if storage.count == storage.capacity { storage.reserveCapacity(max(4, 2 * storage.count)) }
        storage.append(element)
    }

    /// Inserts an element at an index of ``elements``, clamped to the valid range.
    ///
    /// - Complexity: O(n).
    @inlinable public mutating func insert(_ element: Element, at index: Int) {
        compact()
        let clamped = min(max(index, 0), storage.count)
        storage.insert(element, at: clamped)
        renumber(from: clamped)
    }

    /// Whether the element is in the list.
    ///
    /// - Complexity: O(1).
    @inlinable public func contains(_ element: Element) -> Bool {
        let position = Position.position(of: element)
        return storage.indices.contains(position) && storage[position] === element
    }

    /// Removes an element; does nothing if it is not in the list.
    ///
    /// - Complexity: Amortised O(1).
    @inlinable public mutating func remove(_ element: Element) {
        guard contains(element) else { return }
        let position = Position.position(of: element)
        Position.setPosition(-1, of: element)
        if position == storage.count - 1 {
            storage.removeLast()
            return
        }
        storage[position] = Position.placeholder
        holes += 1
        if holes * 2 > storage.count { compact() }
    }

    /// Calls `body` with each element in order, skipping removed ones without compacting the
    /// list (so a deinitialiser can walk it).
    @inlinable public func visitElements(_ body: (Element) -> Void) {
        let placeholder = Position.placeholder
        for element in storage where element !== placeholder { body(element) }
    }

    /// Removes every element.
    @inlinable public mutating func removeAll() {
        for element in storage where element !== Position.placeholder {
            Position.setPosition(-1, of: element)
        }
        storage = []
        holes = 0
    }

    @inlinable mutating func compact() {
        guard holes > 0 else { return }
        let placeholder = Position.placeholder
        storage.removeAll { $0 === placeholder }
        holes = 0
        renumber(from: 0)
    }

    @inlinable func renumber(from start: Int) {
        for index in start..<storage.count { Position.setPosition(index, of: storage[index]) }
    }
}
