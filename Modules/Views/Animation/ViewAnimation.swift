public import TrellisGeometry

/// How an animation's progress follows its time.
enum AnimationTiming {
    case curve(TimingCurve)
    case spring(SpringTiming)
}

/// The animations started by one `animate` call, and its completion.
@MainActor
final class AnimationGroup {
    private var pending = 0
    private var interrupted = false
    private var completion: ((Bool) -> Void)?
    /// Whether the animated views take touches while they move.
    let allowsInteraction: Bool

    init(completion: ((Bool) -> Void)?, allowsInteraction: Bool) {
        self.completion = completion
        self.allowsInteraction = allowsInteraction
    }

    func add() { pending += 1 }

    /// One animation ended, finished or interrupted; returns the completion to call with its
    /// argument when it was the last.
    func end(finished: Bool) -> (() -> Void)? {
        pending -= 1
        if !finished { interrupted = true }
        guard pending == 0, let completion else { return nil }
        self.completion = nil
        let result = !interrupted
        return { completion(result) }
    }
}

/// One property of one view moving from a value to another.
@MainActor
final class PropertyAnimation {
    let property: AnimatedProperty
    let from: AnimatedValue
    let to: AnimatedValue
    /// The window time at which the animation begins (after its delay).
    let start: Double
    let duration: Double
    let timing: AnimationTiming
    let options: AnimationOptions
    let group: AnimationGroup
    /// The keyframes, for an animation of `animateKeyframes`.
    let keyframes: [AnimationKeyframe]?
    /// The animator whose fraction drives the animation instead of the clock, if any.
    let driver: PropertyAnimator?

    init(
        property: AnimatedProperty, from: AnimatedValue, to: AnimatedValue, start: Double,
        duration: Double, timing: AnimationTiming, options: AnimationOptions,
        group: AnimationGroup, keyframes: [AnimationKeyframe]? = nil,
        driver: PropertyAnimator? = nil
    ) {
        self.property = property
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.timing = timing
        self.options = options
        self.group = group
        self.keyframes = keyframes
        self.driver = driver
    }

    /// The progress at a window time, or `nil` once the animation has ended.
    func progress(at time: Double) -> Double? {
        if let driver {
            guard let fraction = driver.fraction(at: time) else { return nil }
            return timed(fraction)
        }
        let local = time - start
        if local < 0 { return 0 }
        guard duration > 0 else { return nil }
        let cycle = local / duration
        var fraction: Double
        if options.contains(.repeat) {
            let count = cycle.rounded(.down)
            fraction = cycle - count
            if options.contains(.autoreverse), count.truncatingRemainder(dividingBy: 2) == 1 {
                fraction = 1 - fraction
            }
        } else if options.contains(.autoreverse) {
            if cycle >= 2 { return nil }
            fraction = cycle > 1 ? 2 - cycle : cycle
        } else {
            if cycle >= 1 { return nil }
            fraction = cycle
        }
        return timed(fraction)
    }

    /// The progress at a fraction of the duration, through the timing.
    private func timed(_ fraction: Double) -> Double {
        switch timing {
        case .curve(let curve): return curve.progress(at: fraction)
        case .spring(let spring): return spring.progress(atSeconds: fraction * duration)
        }
    }

    /// The value shown at a window time: the model value once the animation has ended.
    func value(at time: Double) -> AnimatedValue {
        guard let progress = progress(at: time) else { return to }
        guard let keyframes else { return from.interpolated(to: to, progress) }
        var current = from
        for keyframe in keyframes {
            if progress >= keyframe.start + keyframe.duration {
                current = keyframe.value
            } else if progress > keyframe.start {
                return current.interpolated(
                    to: keyframe.value, (progress - keyframe.start) / keyframe.duration)
            } else {
                break
            }
        }
        return current
    }
}

/// The property changes made inside an `animate` block.
@MainActor
final class AnimationRecorder {
    struct Change {
        weak var view: View?
        let property: AnimatedProperty
        let from: AnimatedValue
        var to: AnimatedValue
    }

    private(set) var changes: [Change] = []
    private var index: [ObjectIdentifier: [AnimatedProperty: Int]] = [:]

    func record(_ view: View, _ property: AnimatedProperty, from: AnimatedValue, to: AnimatedValue)
    {
        let key = ObjectIdentifier(view)
        if let existing = index[key]?[property] {
            changes[existing].to = to
            return
        }
        index[key, default: [:]][property] = changes.count
        changes.append(Change(view: view, property: property, from: from, to: to))
    }
}

extension View {
    /// The recorder of the innermost `animate` block being run, if any.
    static var animationRecorder: AnimationRecorder?

    /// Notes a change of an animated property for the `animate` block being run.
    func recordAnimatedChange(
        _ property: AnimatedProperty, from: AnimatedValue, to: AnimatedValue
    ) {
        guard let recorder = View.animationRecorder, from != to else { return }
        recorder.record(self, property, from: from, to: to)
    }

    /// Animates the changes made in `animations` to the views' frame, bounds, centre,
    /// transform, alpha, background colour and corner radius, as `UIView.animate` does.
    ///
    /// The model values change at once: `view.alpha` is the end value as soon as the block has
    /// run. What a window draws is the presentation value at the window's time, which moves on
    /// with ``Window/advanceTime(to:)`` (a live terminal app advances it in real time; a test
    /// advances it as it likes, and nothing sleeps). Layout done in the block
    /// (`layoutIfNeeded()`) animates to the new frames.
    ///
    /// ```swift
    /// View.animate(withDuration: 0.3, options: .curveEaseOut) {
    ///     overlay.alpha = 1
    /// } completion: { finished in
    ///     print("shown", finished)
    /// }
    /// window.advance(by: 0.15)   // the overlay is drawn half faded in
    /// ```
    ///
    /// - Parameters:
    ///   - duration: The duration in seconds; 0 applies the changes without animation.
    ///   - delay: Seconds before the animation starts; until then the start values are shown.
    ///   - options: The curve, repetition and interaction options.
    ///   - animations: Makes the changes.
    ///   - completion: Called once every animation of the block has ended, with `true` when
    ///     none was interrupted by another animation of the same property, on the window's next
    ///     time step; at once when the block changed nothing in a window.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(
            duration: duration, delay: delay, options: options,
            timing: .curve(options.curve), animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations` along a timing curve of your own (the curve
    /// options are ignored), as a `UIViewPropertyAnimator` with custom control points does.
    ///
    /// - Parameters:
    ///   - duration: The duration in seconds.
    ///   - delay: Seconds before the animation starts.
    ///   - curve: How progress follows time.
    ///   - options: Repetition and interaction options.
    ///   - animations: Makes the changes.
    ///   - completion: Called once every animation of the block has ended.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, curve: TimingCurve,
        options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        run(
            duration: duration, delay: delay, options: options, timing: .curve(curve),
            animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations` with a spring, as UIKit's
    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)` does;
    /// see ``SpringTiming`` for the oscillator.
    ///
    /// - Parameters:
    ///   - duration: The duration in seconds, by which the spring settles.
    ///   - delay: Seconds before the animation starts.
    ///   - dampingRatio: 1 for no overshoot; smaller values oscillate.
    ///   - velocity: The initial velocity, in distances per second.
    ///   - options: Repetition and interaction options (the curve options are ignored).
    ///   - animations: Makes the changes.
    ///   - completion: Called once every animation of the block has ended.
    public static func animate(
        withDuration duration: Double, delay: Double = 0,
        usingSpringWithDamping dampingRatio: Double, initialSpringVelocity velocity: Double,
        options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let spring = SpringTiming(
            dampingRatio: dampingRatio, initialVelocity: velocity, duration: duration)
        run(
            duration: duration, delay: delay, options: options, timing: .spring(spring),
            animations: animations, completion: completion)
    }

    private static func run(
        duration: Double, delay: Double, options: AnimationOptions, timing: AnimationTiming,
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        start(
            record(animations), duration: duration, delay: delay, options: options,
            timing: timing, completion: completion)
    }

    /// Runs a block and returns the changes it made to animated properties.
    static func record(_ animations: () -> Void) -> [AnimationRecorder.Change] {
        let recorder = AnimationRecorder()
        let outer = animationRecorder
        animationRecorder = recorder
        animations()
        animationRecorder = outer
        return recorder.changes
    }

    /// Starts animations of recorded changes in their views' windows.
    static func start(
        _ changes: [AnimationRecorder.Change], duration: Double, delay: Double,
        options: AnimationOptions, timing: AnimationTiming, completion: ((Bool) -> Void)?,
        keyframes: [ObjectIdentifier: [AnimatedProperty: [AnimationKeyframe]]] = [:],
        driver: PropertyAnimator? = nil
    ) {
        let group = AnimationGroup(
            completion: completion, allowsInteraction: options.contains(.allowUserInteraction))
        // Held until every animation is started, so that the completion cannot come early.
        group.add()
        let seconds = duration.isFinite ? max(duration, 0) : 0
        let wait = delay.isFinite ? max(delay, 0) : 0
        var someWindow: Window?
        for change in changes {
            guard let view = change.view, let window = view.window else { continue }
            someWindow = someWindow ?? window
            guard seconds > 0 else { continue }
            var from = change.from
            if let running = view.animations[change.property] {
                if options.contains(.beginFromCurrentState) {
                    from = running.value(at: window.currentTime)
                }
                window.end(running, finished: false)
            }
            let animation = PropertyAnimation(
                property: change.property, from: from, to: change.to,
                start: window.currentTime + wait, duration: seconds, timing: timing,
                options: options, group: group,
                keyframes: keyframes[ObjectIdentifier(view)]?[change.property], driver: driver)
            group.add()
            view.animations[change.property] = animation
            window.track(view)
        }
        if let ended = group.end(finished: true) {
            // Nothing animates: the completion still comes on the next time step, as UIKit's
            // comes on the next turn of the run loop; without a window, at once.
            if let someWindow {
                someWindow.pendingCompletions.append(ended)
            } else {
                ended()
            }
        }
    }

    /// Whether the view is being animated by a block that did not allow user interaction, so
    /// that it takes no touches until the animation ends.
    var isAnimatingWithoutInteraction: Bool {
        animations.values.contains { !$0.group.allowsInteraction }
    }

    /// What the view shows now: the model values, or the presentation values of the
    /// properties that animate, at the window's time.
    var presentation: Presentation {
        var shown = Presentation(
            center: center, bounds: bounds, transform: transform, alpha: alpha,
            backgroundColor: backgroundColor, cornerRadius: cornerRadius,
            contentTransition: contentTransition)
        guard !animations.isEmpty, let time = window?.currentTime else { return shown }
        for (property, animation) in animations {
            switch (property, animation.value(at: time)) {
            case (.center, .point(let point)): shown.center = point
            case (.bounds, .rect(let rect)): shown.bounds = rect
            case (.transform, .transform(let transform)): shown.transform = transform
            case (.alpha, .number(let number)): shown.alpha = min(max(number, 0), 1)
            case (.backgroundColor, .color(let color)): shown.backgroundColor = color
            case (.cornerRadius, .number(let number)): shown.cornerRadius = max(number, 0)
            case (.contentTransition, .number(let number)): shown.contentTransition = number
            default: break
            }
        }
        return shown
    }

    /// Animates the view's own drawing from its previous state to its current one, as UIKit's
    /// controls do when their value changes (a switch's thumb slides and its track changes
    /// colour): ``contentTransition`` goes from 0 to 1 over the duration, and `draw(in:)` mixes
    /// the two states by its presentation value.
    func animateContentTransition(duration: Double = 0.25) {
        apply(.number(0), to: .contentTransition)
        View.animate(withDuration: duration, options: .allowUserInteraction) {
            contentTransition = 1
        }
    }

    /// The presentation value of the view's alpha: what is drawn now.
    public var presentationAlpha: Double { presentation.alpha }
    /// The presentation value of the view's frame: where it is drawn now.
    public var presentationFrame: Rect {
        let shown = presentation
        return View.frame(bounds: shown.bounds, center: shown.center, transform: shown.transform)
    }
}
