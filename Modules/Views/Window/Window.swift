public import TrellisEvents
public import TrellisGeometry
public import TrellisRender
import TrellisText

/// The root of a view hierarchy: a canvas of a size and scale, a layout direction, and the
/// backend that draws it; it turns touches into control events.
///
/// ```swift
/// let window = Window(size: Size(width: 320, height: 480))
/// let button = Button(frame: Rect(x: 20, y: 100, width: 120, height: 40))
/// button.setTitle("Save", for: .normal)
/// window.addSubview(button)
/// window.dispatch(Touch(phase: .began, location: Point(x: 30, y: 110)))
/// window.dispatch(Touch(phase: .ended, location: Point(x: 30, y: 110)))
/// let frame = window.makeDisplayList()
/// ```
@MainActor
public final class Window: View {
    /// Device pixels per point.
    public var scale: Double {
        didSet { setNeedsDisplay() }
    }

    /// The view tracking the current touch, from its `began` to its `ended` or `cancelled`.
    public private(set) weak var trackingView: View?

    /// The window's clock, in seconds: the time at which animations are drawn. It starts at 0
    /// and only moves with ``advanceTime(to:)`` and ``advance(by:)``: a live terminal app
    /// moves it in real time, a test or a scene render wherever it likes.
    public internal(set) var currentTime: Double = 0
    /// The views with animations in flight.
    var animatingViews: [ObjectIdentifier: View] = [:]
    /// Completions to call on the next time step.
    var pendingCompletions: [() -> Void] = []

    /// The view that receives keyboard input, such as an editing text field.
    public internal(set) weak var focusedView: View?

    /// The most drawing commands a frame may hold, in all its views together
    /// (``defaultMaximumDrawingCommands`` unless set).
    ///
    /// Views draw what they show (a page control at most 256 dots, a label the lines its frame
    /// holds), so only a tree of millions of views comes near the default; ``render()`` refuses
    /// a frame beyond it with a `PluginError` of code `overBudget` before encoding it.
    public var maximumDrawingCommands = Window.defaultMaximumDrawingCommands

    /// The backend that draws the window. Switching it switches the text metrics to the new
    /// backend's, and every view's text is measured and laid out again.
    public var backend: (any Backend)? {
        didSet {
            backendMeasurer = TextMeasurer(metrics: Window.metrics(for: backend))
            textMetricsDidChange()
        }
    }

    /// The measurer of the window's text, following its backend; views reach it as
    /// ``View/textMeasurer``.
    private(set) var backendMeasurer: TextMeasurer = View.defaultTextMeasurer

    /// What the window has sent to the backend that retains segments, if it has one.
    var retainedSession: RetainedSession?

    /// The id of the window's own segment, the root of its retained frames.
    var segmentID: UInt32 { segment?.id ?? makeSegment(for: self).id }

    /// The next segment id: unique in the process, so that a view keeps its id wherever it goes.
    private static var nextSegmentID: UInt32 = 1

    /// Gives a view a segment.
    func makeSegment(for view: View) -> ViewSegment {
        if let segment = view.segment { return segment }
        let segment = ViewSegment(id: Window.nextSegmentID)
        Window.nextSegmentID &+= 1
        view.segment = segment
        return segment
    }

    /// Creates a window with a size in points.
    public init(
        size: Size, scale: Double = 1, layoutDirection: LayoutDirection = .leftToRight,
        backend: (any Backend)? = nil
    ) {
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        super.init(frame: Rect(size: size))
        self.layoutDirection = layoutDirection
        backgroundColor = .white
        if let backend {
            self.backend = backend
            backendMeasurer = TextMeasurer(metrics: Window.metrics(for: backend))
        }
    }

    /// Lays out every view that needs it, measuring all of the pass's text in one batch first.
    public override func layoutIfNeeded() {
        if subtreeNeedsLayout { prefetchTextMeasurements() }
        super.layoutIfNeeded()
    }

    /// The window's size in points.
    public var size: Size {
        get { bounds.size }
        set { frame = Rect(size: newValue) }
    }

    /// Lays out every view that needs it and records the frame as a display list.
    public func makeDisplayList() -> DisplayList {
        makeDisplayList(scale: scale)
    }

    // MARK: Touches

    /// Delivers a touch in window coordinates.
    ///
    /// A touch that begins hit-tests the hierarchy and goes up from the view it lands on until a
    /// view accepts it in ``View/handleTouch(_:)``; that view keeps receiving the touch until it
    /// ends or is cancelled, as in UIKit, even when it moves away. Controls turn touches into
    /// control events (see ``Control``); scroll views scroll by dragging.
    public func dispatch(_ touch: Touch) {
        if touch.phase == .began {
            if let previous = trackingView {
                var cancel = touch
                cancel.phase = .cancelled
                _ = previous.handleTouch(localized(cancel, for: previous))
            }
            layoutIfNeeded()
            trackingView = nil
            var candidate = hitTest(touch.location)
            while let view = candidate {
                if view.handleTouch(localized(touch, for: view)) {
                    trackingView = view
                    break
                }
                candidate = view.superview
            }
            return
        }
        guard let target = trackingView else { return }
        _ = target.handleTouch(localized(touch, for: target))
        if touch.phase == .ended || touch.phase == .cancelled { trackingView = nil }
    }

    private func localized(_ touch: Touch, for view: View) -> Touch {
        var local = touch
        local.location = view.convert(touch.location, from: self)
        return local
    }
}

extension Window {
    /// Scrolls the innermost scroll view under a point (window coordinates) that can still move
    /// in the wheel's direction, as a mouse wheel does.
    ///
    /// Nested scroll views chain as in AppKit and UIKit: a scroll view that cannot move in that
    /// direction — its content fits its bounds, it is already at its end, or scrolling is
    /// disabled — passes the wheel on to the nearest enclosing scroll view that can. A scroll
    /// view that moves at all takes the whole step, even when it reaches its end partway: the
    /// remainder is not handed on, so an inner view never drags its ancestor along in the same
    /// step; the next step, which the inner view can no longer take, scrolls the ancestor.
    ///
    /// - Parameters:
    ///   - delta: The distance to scroll, in points; positive heights move towards the end.
    ///   - location: Where the wheel is, in window coordinates.
    /// - Returns: The scroll view that scrolled, or `nil`.
    @discardableResult
    public func dispatchScroll(_ delta: Size, at location: Point) -> ScrollView? {
        layoutIfNeeded()
        var view = hitTest(location)
        while let current = view {
            if let scroll = current as? ScrollView, scroll.scroll(by: delta) { return scroll }
            view = current.superview
        }
        return nil
    }
}

extension Window {
    /// Advances the window's clock (``currentTime``) to a time: controls that repeat while held
    /// (a ``Stepper``) act on the time that passed, animations move on (their views are drawn
    /// again), and the completions of the animations that ended are called. A run loop calls
    /// it periodically; tests call it to simulate time. A time earlier than the current one
    /// does not turn the clock back.
    public func advanceTime(to timestamp: Double) {
        (trackingView as? Stepper)?.advanceTime(to: timestamp)
        if timestamp.isFinite, timestamp > currentTime { currentTime = timestamp }
        stepAnimations()
    }

    /// Advances the window's clock by a number of seconds; see ``advanceTime(to:)``.
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else {
            advanceTime(to: currentTime)
            return
        }
        advanceTime(to: currentTime + seconds)
    }

    /// Whether an animation is in flight or a completion is waiting, so that a run loop keeps
    /// advancing the clock.
    public var hasRunningAnimations: Bool {
        !animatingViews.isEmpty || !pendingCompletions.isEmpty
    }

    /// Starts following a view that has animations.
    func track(_ view: View) {
        animatingViews[ObjectIdentifier(view)] = view
        view.setNeedsDisplay()
    }

    /// Ends an animation, finished or replaced, and queues its block's completion when it was
    /// the last of the block.
    func end(_ animation: PropertyAnimation, finished: Bool) {
        if let completion = animation.group.end(finished: finished) {
            pendingCompletions.append(completion)
        }
    }

    /// Draws every animating view again and ends the animations whose time is over.
    private func stepAnimations() {
        for (key, view) in animatingViews {
            guard view.window === self else {
                for animation in view.animations.values { end(animation, finished: false) }
                view.animations.removeAll()
                animatingViews[key] = nil
                continue
            }
            view.setNeedsDisplay()
            for (property, animation) in view.animations
            where animation.progress(at: currentTime) == nil {
                view.animations[property] = nil
                end(animation, finished: true)
            }
            if view.animations.isEmpty { animatingViews[key] = nil }
        }
        let completions = pendingCompletions
        pendingCompletions.removeAll()
        for completion in completions { completion() }
    }
}
