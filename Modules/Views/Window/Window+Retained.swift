import TrellisGeometry
public import TrellisRender

/// A view's own drawing, kept between frames for backends that retain segments: the commands
/// it records itself, where its subviews are drawn among them, and the area its subtree can
/// touch.
@MainActor
final class ViewSegment {
    let id: UInt32
    /// Whether the commands are the view's current drawing.
    var isValid = false
    var commands: [DisplayCommand] = []
    var subviews: [(position: Int, view: View)] = []
    var imageIDs: [UInt32] = []
    /// The area the view and its subviews can touch, in its superview's coordinates (the
    /// canvas's for the window); `Rect.zero` when nothing is drawn.
    var bounds = Rect.zero

    init(id: UInt32) {
        self.id = id
    }

    /// The segment as a frame sends it.
    var retained: RetainedSegment {
        RetainedSegment(
            id: id, bounds: bounds, commands: commands,
            references: subviews.compactMap { entry in
                entry.view.segment.map {
                    RetainedSegment.Reference(position: entry.position, id: $0.id)
                }
            })
    }
}

/// What a window has sent to one backend that retains segments.
@MainActor
final class RetainedSession {
    /// The backend the segments were sent to.
    let backend: ObjectIdentifier
    let size: Size
    let scale: Double
    /// Image ids that stay the same from frame to frame.
    let images = ImageRegistry()
    /// The segments the backend holds.
    var sentSegments = Set<UInt32>()
    /// The drawing commands of each segment the backend holds, as recorded for it, and their
    /// sum: a segment may be recorded again for another window, so its own count is not it.
    var heldCommands: [UInt32: Int] = [:]
    var commandCount = 0
    /// How many held segments draw each image, and the images the backend holds.
    var imageUses: [UInt32: Int] = [:]
    var sentImages = Set<UInt32>()
    /// Whether the next frame is the first.
    var isNew = true

    init(backend: ObjectIdentifier, size: Size, scale: Double) {
        self.backend = backend
        self.size = size
        self.scale = scale
    }
}

extension Window {
    /// The next frame for a backend that retains segments: the segments of the views whose
    /// drawing changed since the last frame sent to it, and the areas they covered and cover.
    ///
    /// The first frame for a backend (and the first after its size or scale changed) sends
    /// every segment and resets the backend's.
    ///
    /// - Complexity: O(the views that changed, their ancestors and their commands), plus the
    ///   subtrees that were added.
    public func makeRetainedFrame(for backend: any Backend) -> RetainedFrame {
        layoutIfNeeded()
        let identity = ObjectIdentifier(backend as AnyObject)
        if let session = retainedSession,
            session.backend != identity || session.size != bounds.size
                || session.scale != scale
        {
            retainedSession = nil
        }
        let session =
            retainedSession
            ?? RetainedSession(backend: identity, size: bounds.size, scale: scale)
        retainedSession = session
        var builder = RetainedFrameBuilder(window: self, session: session)
        return builder.build()
    }

    /// Makes the next frame for a backend that retains segments a full one: every segment is
    /// sent again and the whole canvas repainted, as after the terminal was cleared by another
    /// program.
    public func setNeedsFullRedraw() {
        retainedSession = nil
        setNeedsDisplay()
    }

    /// Renders the window as a retained frame through a backend that keeps segments.
    func renderRetained(with backend: any Backend) throws(PluginError) -> [UInt8] {
        let frame = makeRetainedFrame(for: backend)
        if let session = retainedSession, session.commandCount > maximumDrawingCommands {
            retainedSession = nil
            throw overBudget(session.commandCount)
        }
        do {
            return try backend.render(encoded: frame.encoded())
        } catch {
            // The backend may hold part of the frame: start afresh next time.
            retainedSession = nil
            throw error
        }
    }
}

/// Builds one retained frame from the views that changed.
@MainActor
private struct RetainedFrameBuilder {
    let window: Window
    let session: RetainedSession
    var frame: RetainedFrame
    /// Views no longer drawn by the segment that drew them.
    var dropped: [View] = []

    init(window: Window, session: RetainedSession) {
        self.window = window
        self.session = session
        frame = RetainedFrame(
            size: window.bounds.size, scale: window.scale, rootID: window.segmentID)
    }

    mutating func build() -> RetainedFrame {
        if session.isNew {
            frame.resets = true
            session.isNew = false
            send(window, isRoot: true)
        } else {
            _ = update(window, parentToCanvas: .identity, isRoot: true)
        }
        // A view no segment draws any more is released, even in the window (under a hidden
        // container, say): when it is drawn again it is sent again.
        for view in dropped where !isDrawn(view) { release(view) }
        for (id, uses) in session.imageUses where uses <= 0 {
            session.imageUses[id] = nil
            if session.sentImages.remove(id) != nil { frame.releasedImages.append(id) }
            session.images.release(id: id)
        }
        return frame
    }

    /// Whether the segment of the view's superview, as the backend holds it, draws the view.
    private func isDrawn(_ view: View) -> Bool {
        guard view.window === window, let parent = view.superview?.segment,
            session.sentSegments.contains(parent.id)
        else { return false }
        return parent.subviews.contains { $0.view === view }
    }

    /// The transform from a view's coordinates to the canvas, given its superview's.
    private func toCanvas(_ view: View, parentToCanvas: AffineTransform, isRoot: Bool)
        -> AffineTransform
    {
        isRoot
            ? AffineTransform(translationX: -view.bounds.minX, y: -view.bounds.minY)
            : view.presentation.transformToSuperview.concatenating(parentToCanvas)
    }

    /// Brings a view's segment, and the changed ones below it, up to date; returns whether the
    /// area its subtree covers changed.
    private mutating func update(_ view: View, parentToCanvas: AffineTransform, isRoot: Bool)
        -> Bool
    {
        let segment = view.segment ?? window.makeSegment(for: view)
        guard session.sentSegments.contains(segment.id) else {
            send(view, isRoot: isRoot)
            return true
        }
        let oldBounds = segment.bounds
        let recorded = !segment.isValid
        if recorded { record(view, segment, isRoot: isRoot) }
        let childToCanvas = toCanvas(view, parentToCanvas: parentToCanvas, isRoot: isRoot)
        var childrenMoved = false
        for child in view.takeSubviewsNeedingDisplay() {
            if update(child, parentToCanvas: childToCanvas, isRoot: false) { childrenMoved = true }
        }
        // A view draws subviews the backend has not got only after it recorded itself again.
        if recorded {
            for entry in segment.subviews
            where !(entry.view.segment.map { session.sentSegments.contains($0.id) } ?? false) {
                send(entry.view, isRoot: false)
                childrenMoved = true
            }
        }
        if recorded || childrenMoved { segment.bounds = bounds(of: segment) }
        let moved = segment.bounds != oldBounds
        if recorded || moved { frame.segments.append(segment.retained) }
        // Its drawing and every change below it are now with the backend.
        view.needsDisplay = false
        if recorded {
            let area = union(oldBounds, segment.bounds)
            if !area.isEmpty { frame.damage.append(area.applying(parentToCanvas)) }
        }
        return moved
    }

    /// Sends a view's segment and every segment below it, which the backend does not hold.
    private mutating func send(_ view: View, isRoot: Bool) {
        let segment = view.segment ?? window.makeSegment(for: view)
        if !segment.isValid || !session.sentSegments.contains(segment.id) {
            record(view, segment, isRoot: isRoot)
        }
        _ = view.takeSubviewsNeedingDisplay()
        for entry in segment.subviews { send(entry.view, isRoot: false) }
        segment.bounds = bounds(of: segment)
        frame.segments.append(segment.retained)
        session.sentSegments.insert(segment.id)
    }

    /// Records a view's own drawing into its segment, counting the images it draws and noting
    /// the subviews it no longer draws.
    private mutating func record(_ view: View, _ segment: ViewSegment, isRoot: Bool) {
        let context = DrawingContext(
            segmentOf: window.bounds.size, scale: window.scale, images: session.images)
        view.render(into: context, asRoot: isRoot)
        let previous = segment.subviews.map(\.view)
        let previousImages = segment.imageIDs
        let counted = session.heldCommands.updateValue(
            context.list.commands.count, forKey: segment.id)
        session.commandCount += context.list.commands.count - (counted ?? 0)
        segment.commands = context.list.commands
        segment.subviews = context.subviewPositions ?? []
        segment.imageIDs = context.drawnImageIDs
        segment.isValid = true
        session.sentSegments.insert(segment.id)
        for id in previousImages { session.imageUses[id, default: 0] -= 1 }
        for id in segment.imageIDs {
            session.imageUses[id, default: 0] += 1
            if session.sentImages.insert(id).inserted {
                frame.images.append(session.images.displayImage(id: id))
            }
        }
        let current = Set(segment.subviews.map { ObjectIdentifier($0.view) })
        for view in previous where !current.contains(ObjectIdentifier(view)) {
            dropped.append(view)
        }
    }

    /// Tells the backend to forget the segments of a view and its subtree.
    private mutating func release(_ view: View) {
        guard let segment = view.segment, session.sentSegments.remove(segment.id) != nil else {
            return
        }
        frame.releasedSegments.append(segment.id)
        session.commandCount -= session.heldCommands.removeValue(forKey: segment.id) ?? 0
        for id in segment.imageIDs { session.imageUses[id, default: 0] -= 1 }
        segment.isValid = false
        for entry in segment.subviews { release(entry.view) }
    }

    private func bounds(of segment: ViewSegment) -> Rect {
        var references: [RetainedSegment.Reference] = []
        var subviewBounds: [UInt32: Rect] = [:]
        references.reserveCapacity(segment.subviews.count)
        for entry in segment.subviews {
            guard let child = entry.view.segment else { continue }
            references.append(RetainedSegment.Reference(position: entry.position, id: child.id))
            subviewBounds[child.id] = child.bounds
        }
        return RetainedSegment.bounds(
            of: segment.commands, references: references,
            referencedBounds: { subviewBounds[$0] })
    }

    private func union(_ a: Rect, _ b: Rect) -> Rect {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return a.union(b)
    }
}
