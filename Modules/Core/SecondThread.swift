#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work running on a thread of its own while the thread that started it does other work: the
/// two halves of a long output are written at once, and the second half of a large document is
/// parsed while the first is.
///
/// The starter joins it once (``join()``), which returns what the work returned. When no thread
/// can be started, the work runs in ``join()`` instead, on the starter's thread.
package final class SecondThread<Result: Sendable>: ThreadEntry, @unchecked Sendable {
    // Unchecked sendability: the thread writes `result` before it ends, and the starter reads
    // it only after joining it.

    private var body: (@Sendable () -> Result)?
    private var result: Result?
    private var thread = pthread_t()
    private var isRunning = false

    /// Starts `body` on a new thread.
    package init(_ body: @escaping @Sendable () -> Result) {
        self.body = body
        super.init()
        let context = Unmanaged<ThreadEntry>.passRetained(self).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<ThreadEntry>.fromOpaque(context).takeRetainedValue().runOnThread()
                return nil
            }, context)
        if started == 0 {
            isRunning = true
        } else {
            Unmanaged<ThreadEntry>.fromOpaque(context).release()
        }
    }

    /// Waits for the work to end and returns its result; a second call returns it again.
    package func join() -> Result {
        if isRunning {
            // Joining orders the thread's writes before the starter's reads of them.
            pthread_join(thread, nil)
            isRunning = false
        }
        if let body {
            self.body = nil
            result = body()
        }
        return result!
    }

    override func runOnThread() {
        if let body {
            self.body = nil
            result = body()
        }
    }
}

/// What a thread runs: a class without generic parameters, so that the thread's C entry point,
/// which captures nothing, can call it.
package class ThreadEntry {
    /// Runs the thread's work.
    func runOnThread() {}
}

/// Running two pieces of work at once.
package enum SecondThreads {
    /// Whether the machine has a second processor for a second thread to run on.
    package static let areUseful = sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2

    /// Runs `second` on a new thread and `first` on the caller's, and returns both results once
    /// both are done. When `condition` is false or no thread can be started, the caller runs
    /// `second` after `first`.
    ///
    /// `second` must not touch what `first` changes: the two run at the same time.
    package static func run<First, Second: Sendable>(
        _ first: () -> First, alongside second: @escaping @Sendable () -> Second,
        if condition: Bool = true
    ) -> (First, Second) {
        guard condition else { return (first(), second()) }
        let thread = SecondThread(second)
        let result = first()
        return (result, thread.join())
    }
}
