#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable array of plain values in memory that its owner allocates and frees explicitly.
///
/// The tableau's inner loops index these vectors millions of times; Swift's `Array` checks
/// uniqueness (a runtime call) and bounds on every mutation, which costs more than the
/// arithmetic. `RawVector` does neither: indices are the tableau's own dense ids, kept in range
/// by construction. It is a value with reference semantics, so only one owner may hold it, and
/// that owner calls ``deallocate()`` once.
struct RawVector<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0
    /// Which storage of the tableau this is, for ``BufferCache``; -1 keeps no block.
    let kind: Int

    init(kind: Int = -1) {
        self.kind = kind
    }

    /// The element at `index`, which must be in `0..<count`.
    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress { UnsafePointer(base.unsafelyUnwrapped + index) }
        nonmutating unsafeMutableAddress { base.unsafelyUnwrapped + index }
    }

    /// Whether the vector has no elements.
    var isEmpty: Bool { count == 0 }

    /// The elements, to iterate; valid until the vector next changes.
    @inline(__always)
    var elements: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// Appends an element, doubling the capacity when full.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(minimum: count + 1) }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the last element, or `nil` when empty.
    @inline(__always)
    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return (base.unsafelyUnwrapped + count).pointee
    }

    /// Swaps two elements, both in `0..<count`.
    @inline(__always)
    func swapAt(_ i: Int, _ j: Int) {
        let first = self[i]
        self[i] = self[j]
        self[j] = first
    }

    /// Appends `n` copies of an element.
    mutating func append(repeating element: Element, count n: Int) {
        guard n > 0 else { return }
        if count + n > capacity { grow(minimum: count + n) }
        (base.unsafelyUnwrapped + count).initialize(repeating: element, count: n)
        count += n
    }

    /// Makes room for at least `minimumCapacity` elements in one step, so that growing to it
    /// does not copy the elements at every doubling.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(minimum: minimumCapacity) }
    }

    /// Removes every element, keeping the memory.
    mutating func removeAll() {
        count = 0
    }

    /// Frees the memory (into ``BufferCache`` when the vector has a kind); the vector is empty
    /// afterwards.
    mutating func deallocate() {
        if let base {
            if kind >= 0 {
                BufferCache.give(
                    kind: kind, UnsafeMutableRawPointer(base),
                    bytes: capacity * MemoryLayout<Element>.stride)
            } else {
                free(base)
            }
        }
        base = nil
        count = 0
        capacity = 0
    }

    /// Grows with `realloc`, which remaps large blocks instead of copying them; a small vector
    /// first takes the block its kind left in ``BufferCache``, whose pages are already mapped.
    private mutating func grow(minimum: Int) {
        let newCapacity = max(16, capacity * 2, minimum)
        let bytes = newCapacity * MemoryLayout<Element>.stride
        if kind >= 0 && capacity * MemoryLayout<Element>.stride < 1 << 16,
            let (raw, blockBytes) = BufferCache.take(kind: kind, atLeast: bytes)
        {
            let newBase = raw.bindMemory(
                to: Element.self, capacity: blockBytes / MemoryLayout<Element>.stride)
            if let base {
                newBase.initialize(from: base, count: count)
                free(base)
            }
            base = newBase
            capacity = blockBytes / MemoryLayout<Element>.stride
            return
        }
        guard let raw = realloc(base, bytes) else {
            // Out of memory: there is no way to continue that keeps the tableau consistent.
            fatalError("constraint solver: out of memory growing to \(bytes) bytes")
        }
        base = raw.bindMemory(to: Element.self, capacity: newCapacity)
        capacity = newCapacity
    }
}
