#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory of solvers that were released, kept for the next solvers of the process.
///
/// A tableau's storage is a few large blocks. Freeing them returns their pages to the kernel,
/// and the next solver pays for fresh, zeroed pages again: for a system of a million
/// constraints that is a third of the solving time. Solvers come and go in a layout engine's
/// life (each fitting-size computation solves a subtree in a solver of its own), so released
/// blocks are kept here, one list per kind of storage, and a new solver's storage starts from
/// the block its kind had last time. At most ``limit`` bytes are kept; beyond that, blocks are
/// freed.
enum BufferCache {
    /// The most bytes kept.
    static let limit = 768 << 20
    /// How many kinds of storage there are (see `RawVector.kind`).
    static let kinds = 16

    private nonisolated(unsafe) static var lists:
        [[(pointer: UnsafeMutableRawPointer, bytes: Int)]] =
            Array(repeating: [], count: kinds)
    private nonisolated(unsafe) static var total = 0
    private nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// A kept block of `kind` holding at least `bytes`, if there is one.
    static func take(kind: Int, atLeast bytes: Int) -> (UnsafeMutableRawPointer, Int)? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let i = lists[kind].lastIndex(where: { $0.bytes >= bytes }) else { return nil }
        let block = lists[kind].remove(at: i)
        total -= block.bytes
        return (block.pointer, block.bytes)
    }

    /// Keeps a block, or frees it when the cache is full.
    static func give(kind: Int, _ pointer: UnsafeMutableRawPointer, bytes: Int) {
        pthread_mutex_lock(lock)
        if total + bytes <= limit && lists[kind].count < 4 {
            lists[kind].append((pointer, bytes))
            total += bytes
            pthread_mutex_unlock(lock)
            return
        }
        pthread_mutex_unlock(lock)
        free(pointer)
    }

    /// Frees every kept block.
    static func purge() {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for kind in lists.indices {
            for block in lists[kind] { free(block.pointer) }
            lists[kind].removeAll()
        }
        total = 0
    }
}
