/// Freed blocks of a pooled array, by exact size, so that rows and columns that grow or go away
/// leave little garbage behind: the next block of the same size reuses the space. Blocks larger
/// than ``largestRecycled`` are not recycled; they stay garbage until the pool is compacted.
struct BlockFreeList {
    static let largestRecycled = 64
    private var lists: [[Int32]] = Array(repeating: [], count: BlockFreeList.largestRecycled + 1)
    /// The number of elements in free blocks and in abandoned large blocks.
    private(set) var freeElements = 0

    /// Takes a free block of `capacity` elements, if there is one.
    @inline(__always)
    mutating func take(_ capacity: Int32) -> Int32? {
        guard capacity <= BlockFreeList.largestRecycled, !lists[Int(capacity)].isEmpty,
            let start = lists[Int(capacity)].popLast()
        else { return nil }
        freeElements -= Int(capacity)
        return start
    }

    /// Gives back a block.
    @inline(__always)
    mutating func give(_ start: Int32, _ capacity: Int32) {
        guard capacity > 0 else { return }
        freeElements += Int(capacity)
        if capacity <= BlockFreeList.largestRecycled { lists[Int(capacity)].append(start) }
    }

    /// Forgets every block (after the pool was rewritten).
    mutating func removeAll() {
        for i in lists.indices { lists[i].removeAll() }
        freeElements = 0
    }
}
