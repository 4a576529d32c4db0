import Glibc

/// Prepares the allocator for a large scene.
///
/// A scene of a few megabytes builds a view tree and constraint engine of tens to hundreds of
/// megabytes, most of it many small objects. With 4 KiB pages the kernel takes a page fault for
/// every 4 KiB the allocator touches for the first time (about a fifth of `trellis layout` on
/// a scene of 10,000 constrained views). Reserving the heap up front and asking for transparent
/// huge pages there (where the system allows them on request, `madvise`) makes that one fault
/// per 2 MiB.
enum HeapReservation {
    /// Scenes smaller than this are left alone: their heap is small, and a reservation would
    /// only cost its system calls.
    static let threshold = 256 << 10
    /// Heap bytes reserved per byte of scene, about what a constrained view tree takes.
    static let bytesPerSceneByte = 64
    /// The largest reservation.
    static let limit = 1 << 30
    /// The huge page size of x86-64 and AArch64 with 4 KiB pages.
    static let hugePage = 2 << 20

    /// Reserves heap for the scenes at `paths`, once, when together they are large enough.
    static func prepare(forScenes paths: [String]) {
        var total = 0
        for path in paths {
            var info = stat()
            if stat(path, &info) == 0 { total += Int(info.st_size) }
        }
        guard total >= threshold else { return }
        // `mallopt` is glibc's (malloc.h, which the C library module leaves out); another C
        // library goes without the reservation.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let size = min(limit, total * bytesPerSceneByte)
        // Freeing must not give the reservation back (M_TRIM_THRESHOLD), and the block that
        // grows the heap must come from it, not from a mapping of its own (M_MMAP_THRESHOLD);
        // the heap then grows by the block and the pad (M_TOP_PAD) at once.
        guard mallopt(-1, Int32(size)) == 1, mallopt(-3, Int32(4 * hugePage)) == 1,
            mallopt(-2, Int32(size)) == 1
        else { return }
        guard let block = malloc(2 * hugePage) else { return }
        let end = Int(bitPattern: sbrk(0))
        let start = (Int(bitPattern: block) + hugePage - 1) & ~(hugePage - 1)
        let length = (end - start) & ~(hugePage - 1)
        if length > 0, let base = UnsafeMutableRawPointer(bitPattern: start) {
            _ = madvise(base, length, MADV_HUGEPAGE)
        }
        free(block)
    }
}
