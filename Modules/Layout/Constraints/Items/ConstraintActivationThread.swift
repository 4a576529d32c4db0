#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Activates a large batch of constraints on a second thread, in the order they are handed
/// over, while the caller makes the rest: the scene decoder parses a container's constraints
/// while those of the containers before it go into the solver.
///
/// The result is that of ``LayoutConstraint/activate(_:)`` on the whole batch in the same
/// order: the same solver state, items told of their constraints in the same order, and all or
/// nothing on failure.
///
/// What the thread touches is what activation touches: the constraints handed over, their
/// items, the ancestors those items are pinned through, and the engine. The caller keeps to the
/// rest until ``finish()`` or ``cancel()``:
/// - it hands over a constraint only once the items that constraint will touch stopped
///   changing (their `translatesFrameIntoConstraints`, frames and parents), and does not touch
///   a constraint once handed over;
/// - it may add new items to the tree and make new constraints, which activation does not read;
/// - the engine of a tree exists before the thread installs anything in it (made by
///   ``start(inTreeOf:expecting:)`` or ``hand(_:)``), so the caller reads it without racing its
///   creation, and the only engine state the caller writes, `needsPlacement`, is one the
///   thread neither reads nor writes.
///
/// Items are told of their constraints (`notifyConstraintsChanged`, which reaches views) on the
/// caller's thread, in ``finish()``. The caller ends the thread with ``finish()`` or
/// ``cancel()``; a second call of either does nothing (``finish()`` then returns the error the
/// thread met, if any).
///
/// Unchecked sendability: the handed-over constraints and the progress counters are shared
/// under ``lock``; everything else belongs to one thread at a time, as described above.
package final class ConstraintActivationThread: @unchecked Sendable {
    /// The constraints handed over (under ``lock``), unretained: the caller keeps them until
    /// ``finish()``.
    @exclusivity(unchecked) private var handed: [Unmanaged<LayoutConstraint>] = []
    /// Whether the caller is done handing over (under ``lock``).
    private var isClosed = false
    /// Whether the thread waits for more (under ``lock``).
    private var isWaiting = false
    /// Whether the caller cancelled (under ``lock``): the thread stops before its next batch.
    private var stops = false
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let moreHanded = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    /// Whether the caller joined the thread (the caller's own state).
    private var isJoined = false
    /// The first item of the constraint last handed over, whose tree has an engine.
    private var lastFirstItem: LayoutItem?

    // The thread's own state, read by the caller only after joining it.
    /// How many of the constraints handed over were installed or found active, in order, and
    /// those of them found active, which are not the thread's to undo.
    @exclusivity(unchecked) private var installedCount = 0
    @exclusivity(unchecked) private var alreadyActive: [Int] = []
    /// The items to tell of their constraints, each once, as a batch activation tells them.
    @exclusivity(unchecked) private var told = TellingList()
    @exclusivity(unchecked) private var failure: LayoutError?

    /// Starts a thread that activates constraints of the tree of `item`, after making room in
    /// its engine for `count` of them; `nil` when no thread can be started (the caller then
    /// activates the batch itself).
    package static func start(inTreeOf item: LayoutItem, expecting count: Int)
        -> ConstraintActivationThread?
    {
        let engine = LayoutEngine.engine(of: item.root)
        engine.solver.state.reserveCapacity(forConstraints: count)
        let activation = ConstraintActivationThread(expecting: count)
        let context = Unmanaged.passRetained(activation).toOpaque()
        let started = pthread_create(
            &activation.thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<ConstraintActivationThread>.fromOpaque(context).takeRetainedValue()
                    .run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<ConstraintActivationThread>.fromOpaque(context).release()
            return nil
        }
        return activation
    }

    private init(expecting count: Int) {
        handed.reserveCapacity(count)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(moreHanded, nil)
    }

    deinit {
        pthread_cond_destroy(moreHanded)
        pthread_mutex_destroy(lock)
        moreHanded.deallocate()
        lock.deallocate()
    }

    /// Hands over constraints to activate after those handed over before.
    package func hand(_ constraints: ArraySlice<LayoutConstraint>) {
        guard !constraints.isEmpty else { return }
        // Made outside the lock and appended at once: the thread waits for the lock less.
        var entries: [Unmanaged<LayoutConstraint>] = []
        entries.reserveCapacity(constraints.count)
        constraints.withUnsafeBufferPointer { constraints in
            for index in constraints.indices {
                let entry = Unmanaged.passUnretained(constraints[index])
                // The engine of each tree exists before the thread installs anything in it:
                // the caller reads it as it adds items to the tree. (A constraint whose items
                // are in two trees fails to install, with no engine made.) The items are
                // compared without taking a reference to them.
                let first = entry._withUnsafeGuaranteedRef { $0.firstItemStorage }
                let last = lastFirstItem.map { Unmanaged.passUnretained($0).toOpaque() }
                if let first, first.toOpaque() != last {
                    let item = first.takeUnretainedValue()
                    lastFirstItem = item
                    _ = LayoutEngine.engine(of: item.root)
                }
                entries.append(entry)
            }
        }
        pthread_mutex_lock(lock)
        handed.append(contentsOf: entries)
        let wakes = isWaiting
        pthread_mutex_unlock(lock)
        if wakes { pthread_cond_signal(moreHanded) }
    }

    /// Waits until every constraint handed over is activated, then tells their items, in the
    /// order a batch activation does.
    ///
    /// - Returns: `nil`, or the error of the first constraint that could not be activated: then
    ///   none of the batch is active, as after a failed ``LayoutConstraint/activate(_:)``.
    package func finish() -> LayoutError? {
        guard !isJoined else { return failure }
        join()
        guard failure != nil else {
            told.tell()
            return nil
        }
        undo()
        return failure
    }

    /// Stops the thread and deactivates what it activated: the batch will not be complete.
    package func cancel() {
        guard !isJoined else { return }
        pthread_mutex_lock(lock)
        stops = true
        pthread_mutex_unlock(lock)
        join()
        undo()
    }

    /// Deactivates what the thread activated, as a failed batch activation does: each item is
    /// told as its constraints go.
    private func undo() {
        var skipped = alreadyActive.last
        for index in (0..<installedCount).reversed() {
            guard index != skipped else {
                alreadyActive.removeLast()
                skipped = alreadyActive.last
                continue
            }
            let constraint = handed[index].takeUnretainedValue()
            constraint.engine?.uninstall(constraint)
        }
    }

    /// Waits for the thread to end; a second call (a `finish` after a `cancel`) finds it ended.
    private func join() {
        guard !isJoined else { return }
        isJoined = true
        pthread_mutex_lock(lock)
        isClosed = true
        let wakes = isWaiting
        pthread_mutex_unlock(lock)
        if wakes { pthread_cond_signal(moreHanded) }
        pthread_join(thread, nil)
    }

    /// The thread: activates what is handed over until the caller is done or one fails.
    private func run() {
        var next = 0
        var batch: [Unmanaged<LayoutConstraint>] = []
        while true {
            pthread_mutex_lock(lock)
            while next == handed.count, !isClosed, !stops {
                isWaiting = true
                pthread_cond_wait(moreHanded, lock)
                isWaiting = false
            }
            // The entries are copied out under the lock: the caller may grow the list meanwhile.
            batch.removeAll(keepingCapacity: true)
            if !stops { batch.append(contentsOf: handed[next...]) }
            pthread_mutex_unlock(lock)
            guard !batch.isEmpty else { break }
            for entry in batch {
                let failed = entry._withUnsafeGuaranteedRef { (constraint) -> LayoutError? in
                    guard !constraint.isActive else {
                        alreadyActive.append(next)
                        return nil
                    }
                    do throws(LayoutError) {
                        told.add(try LayoutEngine.install(constraint, notifies: false))
                        constraint.lastError = nil
                        return nil
                    } catch {
                        return error
                    }
                }
                if let failed {
                    failure = failed
                    return
                }
                next += 1
                installedCount = next
            }
        }
    }
}
