/// The keyframes added inside an `animateKeyframes` block.
@MainActor
final class KeyframeRecorder {
    struct Track {
        weak var view: View?
        let property: AnimatedProperty
        let from: AnimatedValue
        var keyframes: [AnimationKeyframe]
    }

    private(set) var tracks: [Track] = []
    private var index: [ObjectIdentifier: [AnimatedProperty: Int]] = [:]

    func add(_ changes: [AnimationRecorder.Change], start: Double, duration: Double) {
        for change in changes {
            guard let view = change.view else { continue }
            let key = ObjectIdentifier(view)
            let keyframe = AnimationKeyframe(start: start, duration: duration, value: change.to)
            if let existing = index[key]?[change.property] {
                tracks[existing].keyframes.append(keyframe)
            } else {
                index[key, default: [:]][change.property] = tracks.count
                tracks.append(
                    Track(
                        view: view, property: change.property, from: change.from,
                        keyframes: [keyframe]))
            }
        }
    }
}

/// One keyframe of a property: the value it reaches, and when, as fractions of the whole
/// animation.
struct AnimationKeyframe {
    let start: Double
    let duration: Double
    let value: AnimatedValue
}

extension View {
    /// The recorder of the innermost `animateKeyframes` block being run, if any.
    static var keyframeRecorder: KeyframeRecorder?

    /// Animates through keyframes added in `animations` with
    /// ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``, as
    /// `UIView.animateKeyframes` does: each keyframe moves its properties from where the one
    /// before left them to its values, over its share of the duration; between keyframes the
    /// values hold.
    ///
    /// ```swift
    /// View.animateKeyframes(withDuration: 1) {
    ///     View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { dot.alpha = 1 }
    ///     View.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { dot.alpha = 0 }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - duration: The duration of the whole animation, in seconds.
    ///   - delay: Seconds before it starts.
    ///   - options: Repetition and interaction options; keyframes are paced linearly.
    ///   - animations: Adds the keyframes.
    ///   - completion: Called once the animation has ended; see
    ///     ``animate(withDuration:delay:options:animations:completion:)``.
    public static func animateKeyframes(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let recorder = KeyframeRecorder()
        let outer = keyframeRecorder
        keyframeRecorder = recorder
        animations()
        keyframeRecorder = outer
        let changes = recorder.tracks.map { track in
            AnimationRecorder.Change(
                view: track.view, property: track.property, from: track.from,
                to: track.keyframes.max { $0.start + $0.duration < $1.start + $1.duration }?
                    .value ?? track.from)
        }
        var keyframes: [ObjectIdentifier: [AnimatedProperty: [AnimationKeyframe]]] = [:]
        for track in recorder.tracks {
            guard let view = track.view else { continue }
            keyframes[ObjectIdentifier(view), default: [:]][track.property] = track.keyframes
                .sorted { $0.start < $1.start }
        }
        start(
            changes, duration: duration, delay: delay, options: options, timing: .curve(.linear),
            completion: completion, keyframes: keyframes)
    }

    /// Adds a keyframe inside an `animateKeyframes` block: the changes `animations` makes are
    /// reached over a share of the whole duration.
    ///
    /// - Parameters:
    ///   - start: When the keyframe starts, as a fraction of the whole duration (`0...1`).
    ///   - duration: How long it lasts, as a fraction of the whole duration.
    ///   - animations: Makes the changes. Outside an `animateKeyframes` block they are made
    ///     without animation.
    public static func addKeyframe(
        withRelativeStartTime start: Double, relativeDuration duration: Double,
        animations: () -> Void
    ) {
        guard let keyframes = keyframeRecorder else {
            animations()
            return
        }
        let recorder = AnimationRecorder()
        let outer = animationRecorder
        animationRecorder = recorder
        animations()
        animationRecorder = outer
        let from = start.isFinite ? min(max(start, 0), 1) : 0
        let length = duration.isFinite ? min(max(duration, 0), 1 - from) : 0
        keyframes.add(recorder.changes, start: from, duration: length)
    }
}
