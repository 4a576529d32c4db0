/// An animation you drive: start it, pause it, scrub it with ``fractionComplete``, reverse it,
/// stop it, in the spirit of `UIViewPropertyAnimator`.
///
/// ```swift
/// let animator = PropertyAnimator(duration: 0.5, curve: .easeInEaseOut) {
///     card.center.y = 40
/// }
/// animator.pauseAnimation()          // active and paused: scrub it
/// animator.fractionComplete = 0.3    // drawn 30 % of the way
/// animator.isReversed = true
/// animator.startAnimation()          // runs back to the start on the window's clock
/// animator.addCompletion { position in print(position) }   // .start
/// ```
///
/// The animations run when the animator becomes active (``startAnimation(afterDelay:)``,
/// ``pauseAnimation()`` or setting ``fractionComplete``): the model values change to the end
/// values then, and what is drawn follows the animator's fraction through its timing curve.
/// Ending at the start sets the model values back to the start values.
@MainActor
public final class PropertyAnimator {
    /// Where an animator ended.
    public enum Position: Sendable, Hashable {
        /// At the end values.
        case end
        /// At the start values.
        case start
        /// Wherever it was when it was stopped.
        case current
    }

    /// The animator's state, as `UIViewAnimatingState`.
    public enum State: Sendable, Hashable {
        /// Not started, or finished.
        case inactive
        /// Started, running or paused.
        case active
        /// Stopped without finishing; ``finishAnimation(at:)`` ends it.
        case stopped
    }

    /// The duration in seconds of a run from start to end.
    public let duration: Double
    private let timing: AnimationTiming
    private var blocks: [() -> Void] = []
    private var completions: [(Position) -> Void] = []
    /// The views and properties this animator drives.
    private var driven: [Driven] = []

    /// A property this animator moves, with its start and end values.
    private struct Driven {
        weak var view: View?
        let property: AnimatedProperty
        let from: AnimatedValue
        let to: AnimatedValue
    }
    /// The window whose clock drives the animator.
    private weak var window: Window?
    /// The fraction at ``resumedAt``, and the window time it resumed at (nil while paused).
    private var baseFraction = 0.0
    private var resumedAt: Double?
    private var delayUntil = 0.0

    /// The state.
    public private(set) var state = State.inactive
    /// Whether the animator runs backwards, towards the start values.
    public var isReversed = false {
        didSet {
            guard isReversed != oldValue, let now = window?.currentTime, resumedAt != nil else {
                return
            }
            rebase(at: now)
        }
    }

    /// Creates an animator with a timing curve.
    public init(duration: Double, curve: TimingCurve = .easeInEaseOut, animations: (() -> Void)?) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        timing = .curve(curve)
        if let animations { blocks.append(animations) }
    }

    /// Creates an animator with a spring (see ``SpringTiming``).
    public init(duration: Double, dampingRatio: Double, animations: (() -> Void)?) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        timing = .spring(SpringTiming(dampingRatio: dampingRatio, duration: duration))
        if let animations { blocks.append(animations) }
    }

    /// Adds animations; they run when the animator becomes active.
    public func addAnimations(_ animations: @escaping () -> Void) {
        blocks.append(animations)
        if state == .active { activate(blocks: [animations]) }
    }

    /// Adds a block called with the position the animator ends at.
    public func addCompletion(_ completion: @escaping (Position) -> Void) {
        completions.append(completion)
    }

    /// Whether the animator is running on the clock (not paused).
    public var isRunning: Bool { state == .active && resumedAt != nil }

    /// How far the animator is, from 0 (start) to 1 (end); setting it while paused scrubs.
    public var fractionComplete: Double {
        get { fraction(at: window?.currentTime ?? 0) ?? (isReversed ? 0 : 1) }
        set {
            if state == .inactive { activate(blocks: blocks) }
            guard state == .active else { return }
            baseFraction = newValue.isFinite ? min(max(newValue, 0), 1) : 0
            if let now = window?.currentTime, resumedAt != nil { resumedAt = now }
            redraw()
        }
    }

    /// Starts or resumes the animator on its window's clock.
    ///
    /// - Parameter delay: Seconds to wait before it moves.
    public func startAnimation(afterDelay delay: Double = 0) {
        if state == .inactive { activate(blocks: blocks) }
        guard state == .active else { return }
        let now = window?.currentTime ?? 0
        delayUntil = now + (delay.isFinite ? max(delay, 0) : 0)
        resumedAt = now
        redraw()
    }

    /// Pauses the animator where it is (activating it first).
    public func pauseAnimation() {
        if state == .inactive { activate(blocks: blocks) }
        guard state == .active, let now = window?.currentTime else { return }
        rebase(at: now)
        resumedAt = nil
    }

    /// Stops the animator. Without finishing, it ends at once where it is: the model values
    /// become what is drawn, and no completion is called. Otherwise it waits in ``State/stopped``
    /// for ``finishAnimation(at:)``.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        if let now = window?.currentTime { rebase(at: now) }
        resumedAt = nil
        if withoutFinishing {
            settle(at: .current)
            state = .inactive
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator at a position and calls the completions.
    public func finishAnimation(at position: Position) {
        guard state == .stopped else { return }
        end(at: position)
    }

    /// The fraction at a window time, or `nil` once a running animator has reached its end.
    func fraction(at time: Double) -> Double? {
        guard let resumedAt, duration > 0 else { return baseFraction }
        let elapsed = max(0, time - max(resumedAt, delayUntil))
        let moved = elapsed / duration
        let value = isReversed ? baseFraction - moved : baseFraction + moved
        if isReversed ? value <= 0 : value >= 1 { return nil }
        return value
    }

    /// Called by the window when the animations ended on their own.
    func reachedEnd() {
        guard state == .active else { return }
        end(at: isReversed ? .start : .end)
    }

    private func rebase(at time: Double) {
        baseFraction = fraction(at: time) ?? (isReversed ? 0 : 1)
        if resumedAt != nil { resumedAt = time }
        delayUntil = min(delayUntil, time)
    }

    private func activate(blocks: [() -> Void]) {
        state = .active
        for block in blocks {
            let changes = View.record(block)
            for change in changes {
                if let view = change.view {
                    driven.append(
                        Driven(
                            view: view, property: change.property, from: change.from,
                            to: change.to))
                    window = window ?? view.window
                }
            }
            View.start(
                changes, duration: max(duration, 1e-9), delay: 0, options: [], timing: timing,
                completion: { [weak self] finished in
                    if finished { self?.reachedEnd() }
                }, driver: self)
        }
    }

    private func redraw() {
        for entry in driven { entry.view?.setNeedsDisplay() }
        window?.advance(by: 0)
    }

    /// Makes the model values those of a position and drops the animations.
    private func settle(at position: Position) {
        let time = window?.currentTime ?? 0
        for entry in driven {
            guard let view = entry.view else { continue }
            let running = view.animations[entry.property].flatMap { $0.driver === self ? $0 : nil }
            let value: AnimatedValue
            switch position {
            case .end: value = entry.to
            case .start: value = entry.from
            case .current:
                value = running?.value(at: time) ?? (isReversed ? entry.from : entry.to)
            }
            if let running {
                view.animations[entry.property] = nil
                window?.end(running, finished: false)
            }
            view.apply(value, to: entry.property)
        }
        driven.removeAll()
    }

    private func end(at position: Position) {
        settle(at: position)
        state = .inactive
        resumedAt = nil
        let callbacks = completions
        completions.removeAll()
        for completion in callbacks { completion(position) }
    }
}

extension View {
    /// Sets a property's model value without recording an animation.
    func apply(_ value: AnimatedValue, to property: AnimatedProperty) {
        let outer = View.animationRecorder
        View.animationRecorder = nil
        defer { View.animationRecorder = outer }
        switch (property, value) {
        case (.center, .point(let point)): center = point
        case (.bounds, .rect(let rect)): bounds = rect
        case (.transform, .transform(let transform)): self.transform = transform
        case (.alpha, .number(let number)): alpha = number
        case (.backgroundColor, .color(let color)): backgroundColor = color
        case (.cornerRadius, .number(let number)): cornerRadius = number
        case (.contentTransition, .number(let number)): contentTransition = number
        default: break
        }
    }
}
