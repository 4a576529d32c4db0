import Glibc

/// Work split between the calling thread and one more, for the few steps of a command that are
/// large, independent and touch no views.
enum SecondThread {
    /// Runs `background` on a new thread while `foreground` runs on this one, and returns
    /// both results once both are done. When no thread can be made, `background` runs here
    /// after `foreground`: the results are the same either way.
    static func run<A, B: Sendable>(
        _ foreground: () -> A, alongside background: @escaping @Sendable () -> B
    ) -> (A, B) {
        let result = ResultBox<B>()
        let job = Job { result.value = background() }
        let context = Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, runJob, context) == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            let first = foreground()
            return (first, background())
        }
        let first = foreground()
        pthread_join(thread, nil)
        // The join orders the thread's write of the result before this read.
        guard let second = result.value else { preconditionFailure("the thread ran no job") }
        return (first, second)
    }

    /// A closure handed to a new thread.
    private final class Job: @unchecked Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }

    /// Where the new thread leaves its result; read only after the thread is joined.
    private final class ResultBox<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// The new thread's entry: runs the job it is handed and releases it.
    private static let runJob:
        @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
            guard let context else { return nil }
            Unmanaged<Job>.fromOpaque(context).takeRetainedValue().work()
            return nil
        }
}
