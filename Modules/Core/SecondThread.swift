#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one piece of work on a thread of its own while the caller runs another: the two halves
/// of a long output are written at once on two processors.
package enum SecondThread {
    /// Whether the machine has a second processor for a second thread to run on.
    package static let isUseful = sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2

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
        let work = TypedWork(second)
        let context = Unmanaged<ThreadWork>.passRetained(work).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<ThreadWork>.fromOpaque(context).release()
            let result = first()
            work.run()
            return (result, work.result!)
        }
        let result = first()
        // Joining orders the thread's writes before the caller's reads of them.
        pthread_join(thread, nil)
        return (result, work.result!)
    }
}

/// Work a thread runs: a class without generic parameters, so that the thread's C entry point,
/// which captures nothing, can call it.
private class ThreadWork: @unchecked Sendable {
    func run() {}
}

/// Work that returns a value, which the thread that started it reads after joining.
///
/// Unchecked sendability: `result` is written by one thread before the other reads it, after
/// `pthread_join`.
private final class TypedWork<Result: Sendable>: ThreadWork, @unchecked Sendable {
    private let body: @Sendable () -> Result
    var result: Result?

    init(_ body: @escaping @Sendable () -> Result) {
        self.body = body
    }

    override func run() {
        result = body()
    }
}
