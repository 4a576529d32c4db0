import CMalloc
import Glibc

/// Faults the heap's new pages in on the second core while the command decodes a large scene.
///
/// A large scene's views, constraints and layout state fill tens of megabytes of new memory,
/// and the kernel gives each new page to the process at its first write: a fault that costs
/// about 1.5 µs a page on the machines measured, a quarter of `trellis layout`'s time. The
/// helper thread asks the kernel for the pages first (`MADV_POPULATE_WRITE`, Linux 5.14),
/// just above where the heap's allocations have reached, so that the command's own thread
/// finds them mapped. The pages' contents are not touched, so what the command computes does
/// not change; only where the faults are taken.
///
/// The heap grows from the program break, in steps with ``topPad`` bytes spare above each
/// allocation: that spare room is what the helper populates ahead of use. Large allocations
/// also come from the heap (``mmapThreshold``) so that they are populated too.
///
/// The cost is memory: the spare room, and large arrays that stay in the heap once freed, add
/// about a tenth to a large scene's peak. `TRELLIS_PREFAULT=0` in the environment turns the
/// helper off.
enum HeapPrefault {
    /// Scenes smaller than this are laid out before the thread would repay its start: at
    /// 54 KB (a thousand flex views) the helper takes 7 % off the whole process, at 1 KB it
    /// takes nothing off and adds a thread.
    static let minimumSceneBytes = 32 * 1024
    /// The spare room each growth of the heap leaves above its allocation.
    static let topPad: Int32 = 2 * 1024 * 1024
    /// Allocations below this come from the heap rather than a mapping of their own.
    static let mmapThreshold: Int32 = 32 * 1024 * 1024
    /// How often the helper looks at the break while the heap grows, in nanoseconds. The heap
    /// of a scene being decoded and laid out grows in steps a few milliseconds apart, and the
    /// command's thread faults in what it reaches before the helper looks: the helper keeps
    /// looking this often until the heap has stayed put for ``busyWindow``, and only then
    /// looks less and less often, down to ``idlePollInterval`` (a window left open stops
    /// costing a wakeup every 50 µs).
    static let pollInterval = 50_000
    static let busyWindow = 50_000_000
    static let idlePollInterval = 5_000_000
    /// The most the helper populates in one request, in bytes: 64 pages, a tenth to a fifth
    /// of a millisecond, the longest the command's thread waits to grow the heap meanwhile.
    static let chunk: UInt = 256 * 1024
    /// The pause between chunks, in nanoseconds: long enough for a thread waiting to grow the
    /// heap to wake and take the memory map first.
    static let chunkPause = 20_000

    /// Starts the helper for the scene at `path` if the file is large enough to repay it and
    /// the kernel supports populating memory. Call it once, before the scene is read, from a
    /// process that decodes one scene at a time.
    ///
    /// - Returns: Whether the helper started.
    @MainActor @discardableResult
    static func start(forSceneAt path: String) -> Bool {
        guard !isStarted, getenv("TRELLIS_PREFAULT").map({ String(cString: $0) }) != "0" else {
            return false
        }
        var status = stat()
        guard stat(path, &status) == 0, Int(status.st_size) >= minimumSceneBytes else {
            return false
        }
        return start()
    }

    /// Configures the allocator and starts the helper thread; see the type's description.
    @MainActor @discardableResult
    static func start() -> Bool {
        guard !isStarted, let breakNow = sbrk(0), Int(bitPattern: breakNow) != -1 else {
            return false
        }
        isStarted = true
        let start = pageStart(of: UInt(bitPattern: breakNow))
        guard kernelPopulatesMemory else { return false }
        guard mallopt(M_MMAP_THRESHOLD, mmapThreshold) == 1, mallopt(M_TOP_PAD, topPad) == 1
        else { return false }
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The helper calls only the kernel: the smallest stack a thread may have is plenty.
        pthread_attr_setstacksize(&attributes, Int(PTHREAD_STACK_MIN))
        var thread = pthread_t()
        return pthread_create(
            &thread, &attributes, populateAhead, UnsafeMutableRawPointer(bitPattern: start)) == 0
    }

    /// Whether the kernel can populate memory (`MADV_POPULATE_WRITE`): one without it says so
    /// for an empty range, and nothing is changed either way.
    static var kernelPopulatesMemory: Bool {
        let page = UnsafeMutableRawPointer(bitPattern: pageStart(of: UInt(bitPattern: sbrk(0))))
        return madvise(page, 0, MADV_POPULATE_WRITE) == 0
    }

    /// Whether ``start()`` has run in this process.
    @MainActor private static var isStarted = false

    /// The start of the page holding `address`.
    static func pageStart(of address: UInt) -> UInt {
        address & ~UInt(sysconf(Int32(_SC_PAGESIZE)) - 1)
    }
}

/// The helper thread: populates each range the break moves over, from where it stood when the
/// thread started. The break is read from the C library's record of it (`sbrk(0)` makes no
/// system call once the heap exists), and a range already in use is populated harmlessly: the
/// kernel only maps the pages that are missing.
private func populateAhead(_ start: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let start else { return nil }
    var done = UInt(bitPattern: start)
    var pause = HeapPrefault.pollInterval
    // When the break last moved, in nanoseconds of the monotonic clock (read without a system
    // call); sleeps overrun what they ask for, so the busy window is timed, not counted.
    var moved = monotonicNanoseconds()
    while true {
        guard let top = sbrk(0).map({ UInt(bitPattern: $0) }) else { return nil }
        if top > done {
            // A chunk at a time, with a pause between chunks: populating holds the process's
            // memory map for reading, and the command's thread, growing the heap meanwhile,
            // waits to write it. A reader that asks again at once takes the map before the
            // waiting writer wakes, and the kernel only hands the map to the writer after
            // milliseconds: a helper populating megabytes back to back kept the command's
            // thread waiting for most of the first tenth of a 10,000-row scene.
            var first = true
            while done < top {
                if !first {
                    var interval = timespec(tv_sec: 0, tv_nsec: HeapPrefault.chunkPause)
                    nanosleep(&interval, nil)
                }
                first = false
                let count = Int(min(top - done, HeapPrefault.chunk))
                let result = madvise(
                    UnsafeMutableRawPointer(bitPattern: done), count, MADV_POPULATE_WRITE)
                // Memory the heap gave back meanwhile (ENOMEM) or a range the kernel gave up
                // on (EAGAIN, EINTR) is left to the command's thread; any other failure ends
                // the helper, and the command's thread faults all its pages in itself.
                if result != 0 {
                    guard errno == ENOMEM || errno == EAGAIN || errno == EINTR else { return nil }
                    break
                }
                done += UInt(count)
            }
            done = top
            pause = HeapPrefault.pollInterval
            moved = monotonicNanoseconds()
            continue
        }
        if top < done { done = HeapPrefault.pageStart(of: top) }
        var interval = timespec(tv_sec: 0, tv_nsec: pause)
        nanosleep(&interval, nil)
        if monotonicNanoseconds() - moved >= HeapPrefault.busyWindow {
            pause = min(pause * 2, HeapPrefault.idlePollInterval)
        }
    }
}

/// The monotonic clock, in nanoseconds.
private func monotonicNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
}
