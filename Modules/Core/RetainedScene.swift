public import TrellisGeometry

/// What a backend keeps of a retained tree between frames (see ``RetainedFrame``): the
/// segments and images sent so far, and the display lists it draws from them.
///
/// ```swift
/// let scene = RetainedScene()
/// let changes = try scene.apply(frameBytes)       // validates, then keeps the frame's parts
/// let whole = try scene.displayList()             // everything, for a full repaint
/// let part = try scene.displayList(touching: changes.damage)   // what the damage needs
/// ```
///
/// A malformed frame is an error and leaves the scene as it was.
public final class RetainedScene {
    /// The canvas size in points.
    @exclusivity(unchecked) public private(set) var size = Size.zero
    /// Device pixels per point.
    @exclusivity(unchecked) public private(set) var scale = 1.0
    /// The segment drawn first.
    @exclusivity(unchecked) public private(set) var rootID: UInt32 = 0
    /// Whether a frame was applied since the scene was created.
    @exclusivity(unchecked) public private(set) var hasFrame = false

    /// The kept segments, each in a slot of `slots` found through `slotOfID`: a walk from
    /// the root follows the slots its references were resolved to, without hashing an id.
    @exclusivity(unchecked) private var slots: [SegmentSlot] = []
    @exclusivity(unchecked) private var slotOfID: [UInt32: Int] = [:]
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    /// The kept segments that draw an image with a content key (an image view's image).
    @exclusivity(unchecked) private var segmentsDrawingContentImages = Set<UInt32>()

    /// Whether a kept segment draws an image with a content key (an image view's image), as
    /// terminal graphics place: `false` means no frame of this scene draws one. Kept segments
    /// that are not drawn count too, so `true` only says that a frame may.
    ///
    /// - Complexity: O(1); kept up to date as frames are applied.
    public var mayDrawContentImages: Bool { !segmentsDrawingContentImages.isEmpty }
    @exclusivity(unchecked) private var images: [UInt32: DisplayImage] = [:]
    /// How many frames had defined each image: a backend that caches what it made of one knows
    /// it is stale when the number moves on. A segment's number is in its slot.
    private var imageVersions: [UInt32: UInt64] = [:]
    private var nextVersion: UInt64 = 1

    /// A kept segment.
    public func segment(_ id: UInt32) -> RetainedSegment? {
        slotOfID[id].flatMap { slots[$0].segment }
    }

    /// Every kept image by id.
    public var keptImages: [UInt32: DisplayImage] { images }

    /// A kept image.
    public func image(_ id: UInt32) -> DisplayImage? { images[id] }

    /// A number that changes whenever a segment is defined again (0 for one not kept).
    public func version(ofSegment id: UInt32) -> UInt64 {
        slotOfID[id].map { slots[$0].version } ?? 0
    }

    // MARK: Segments by slot

    /// How many slots the kept segments occupy: every ``slot(ofSegment:)`` is below it.
    ///
    /// A slot is a small number for a kept segment, which it keeps until it is released (a
    /// later segment may then take it). A backend that keeps something for each segment can
    /// keep it in an array indexed by slot, and walk the tree by slot
    /// (``slot(ofReference:inSlot:)``) without looking an id up at each segment. What it kept
    /// for a slot belongs to the segment there while ``version(inSlot:)`` is the number it
    /// was made for: a slot never holds two definitions with the same number.
    public var slotCount: Int { slots.count }

    /// The slot of a kept segment.
    public func slot(ofSegment id: UInt32) -> Int? { slotOfID[id] }

    /// The slot of the root segment, once a frame was applied.
    public var rootSlot: Int? { hasFrame ? slotOfID[rootID] : nil }

    /// The id of the segment in a slot below ``slotCount``.
    public func id(inSlot slot: Int) -> UInt32 { slots[slot].id }

    /// The segment in a slot below ``slotCount``; `nil` for a slot a released segment left.
    public func segment(inSlot slot: Int) -> RetainedSegment? { slots[slot].segment }

    /// The ``version(ofSegment:)`` of the segment in a slot below ``slotCount`` (0 for an empty
    /// slot).
    public func version(inSlot slot: Int) -> UInt64 { slots[slot].version }

    /// The slot of the segment that reference `index` of the segment in `slot` draws.
    ///
    /// - Throws: ``DisplayListError`` when that segment is not kept.
    /// - Complexity: O(1) for a reference resolved when its frame was applied, as most are.
    public func slot(ofReference index: Int, inSlot slot: Int) throws(DisplayListError) -> Int {
        let holder = slots[slot]
        guard let segment = holder.segment, segment.references.indices.contains(index) else {
            throw DisplayListError(
                offset: 0, command: nil, commandName: nil,
                reason: "segment \(holder.id) has no reference \(index)")
        }
        return try resolveSlot(
            of: segment.references[index].id,
            resolved: index < holder.children.count ? holder.children[index] : -1,
            in: slots, slotOfID: slotOfID)
    }

    /// A number that changes whenever an image is sent again (0 for one not kept).
    public func version(ofImage id: UInt32) -> UInt64 { imageVersions[id] ?? 0 }

    /// The deepest nesting of segments; deeper references, and cycles, are errors.
    public static let maximumDepth = 1024

    /// Creates an empty scene.
    public init() {}

    /// The number of segments kept.
    public var segmentCount: Int { slotOfID.count }

    /// What a frame changed.
    public struct Changes: Sendable, Hashable {
        /// Whether everything was replaced: the first frame, a reset, or a new canvas size or
        /// scale. The whole canvas is then damaged.
        public var isFull: Bool
        /// The canvas areas that may differ from the last frame, in points; empty when nothing
        /// changed.
        public var damage: [Rect]
    }

    /// Applies an encoded ``RetainedFrame``.
    ///
    /// - Throws: ``DisplayListError`` for a malformed frame, a root segment that is not
    ///   defined, or an image command whose image is not kept; the scene is then unchanged.
    /// - Complexity: O(*n*) in the size of the frame.
    @discardableResult
    public func apply(_ buffer: UnsafeRawBufferPointer) throws(DisplayListError) -> Changes {
        var decoder = DisplayListDecoder(reader: ByteReader(buffer))
        let frame = try decoder.decodeRetainedFrame(keptImages: images)
        if frame.resets {
            try replace(with: frame)
            return Changes(isFull: true, damage: [Rect(size: frame.size)])
        }
        // Every segment the frame sends, and its root, must be drawable once it is applied;
        // segments kept from before are checked when they are drawn.
        let released = Set(frame.releasedSegments)
        let sent = Set(frame.segments.map(\.id))
        func isDefined(_ id: UInt32) -> Bool {
            sent.contains(id) || (!released.contains(id) && slotOfID[id] != nil)
        }
        guard isDefined(frame.rootID) else {
            throw DisplayListError(
                offset: 0, command: nil, commandName: nil,
                reason: "the root segment \(frame.rootID) is not defined")
        }
        for segment in frame.segments {
            for reference in segment.references where !isDefined(reference.id) {
                throw DisplayListError(
                    offset: 0, command: nil, commandName: nil,
                    reason:
                        "segment \(segment.id) draws segment \(reference.id), which is not defined")
            }
        }
        let full = !hasFrame || frame.size != size || frame.scale != scale
        for id in frame.releasedSegments {
            if let slot = slotOfID.removeValue(forKey: id) {
                slots[slot] = SegmentSlot(id: id)
                freeSlots.append(slot)
            }
            segmentsDrawingContentImages.remove(id)
        }
        for id in frame.releasedImages {
            images[id] = nil
            imageVersions[id] = nil
        }
        for image in frame.images {
            images[image.id] = image
            imageVersions[image.id] = nextVersion
        }
        for segment in frame.segments {
            let slot: Int
            if let kept = slotOfID[segment.id] {
                slot = kept
            } else if let free = freeSlots.popLast() {
                slot = free
            } else {
                slot = slots.count
                slots.append(SegmentSlot(id: segment.id))
            }
            slotOfID[segment.id] = slot
            slots[slot] = SegmentSlot(id: segment.id, segment: segment, version: nextVersion)
            if Self.drawsContentImage(segment) {
                segmentsDrawingContentImages.insert(segment.id)
            } else {
                segmentsDrawingContentImages.remove(segment.id)
            }
        }
        // References are resolved once every segment of the frame is in its slot; a reference
        // to a kept segment sent again later finds a stale slot and is looked up by id.
        for segment in frame.segments {
            guard let slot = slotOfID[segment.id] else { continue }
            slots[slot].children = segment.references.map { slotOfID[$0.id] ?? -1 }
        }
        nextVersion += 1
        size = frame.size
        scale = frame.scale
        rootID = frame.rootID
        hasFrame = true
        return Changes(
            isFull: full, damage: full ? [Rect(size: frame.size)] : frame.damage)
    }

    /// Applies a frame that resets the scene: its segments and images become the whole scene.
    ///
    /// The new slots are built apart and resolved as they are validated, so that one lookup
    /// checks a reference and finds its slot, and the scene changes only once the whole frame
    /// is found good.
    private func replace(with frame: RetainedFrame) throws(DisplayListError) {
        var newSlots: [SegmentSlot] = []
        var newSlotOfID: [UInt32: Int] = [:]
        newSlots.reserveCapacity(frame.segments.count)
        newSlotOfID.reserveCapacity(frame.segments.count)
        var drawingContentImages = Set<UInt32>()
        // The decoder refuses a frame that defines a segment twice.
        for segment in frame.segments {
            newSlotOfID[segment.id] = newSlots.count
            newSlots.append(SegmentSlot(id: segment.id, segment: segment, version: nextVersion))
            if Self.drawsContentImage(segment) { drawingContentImages.insert(segment.id) }
        }
        guard newSlotOfID[frame.rootID] != nil else {
            throw DisplayListError(
                offset: 0, command: nil, commandName: nil,
                reason: "the root segment \(frame.rootID) is not defined")
        }
        for (slot, segment) in frame.segments.enumerated() where !segment.references.isEmpty {
            var children: [Int] = []
            children.reserveCapacity(segment.references.count)
            for reference in segment.references {
                guard let child = newSlotOfID[reference.id] else {
                    throw DisplayListError(
                        offset: 0, command: nil, commandName: nil,
                        reason:
                            "segment \(segment.id) draws segment \(reference.id), which is not defined"
                    )
                }
                children.append(child)
            }
            newSlots[slot].children = children
        }
        slots = newSlots
        slotOfID = newSlotOfID
        freeSlots.removeAll()
        segmentsDrawingContentImages = drawingContentImages
        images.removeAll(keepingCapacity: true)
        imageVersions.removeAll(keepingCapacity: true)
        for image in frame.images {
            images[image.id] = image
            imageVersions[image.id] = nextVersion
        }
        nextVersion += 1
        size = frame.size
        scale = frame.scale
        rootID = frame.rootID
        hasFrame = true
    }

    /// Whether a segment draws an image with a content key (an image view's image).
    private static func drawsContentImage(_ segment: RetainedSegment) -> Bool {
        segment.commands.contains { command in
            if case .drawImage(_, _, _, _, _, .some) = command { return true }
            return false
        }
    }

    /// Applies an encoded frame given as bytes; see ``apply(_:)-(UnsafeRawBufferPointer)``.
    @discardableResult
    public func apply(_ bytes: [UInt8]) throws(DisplayListError) -> Changes {
        let result = bytes.withUnsafeBytes { buffer -> Result<Changes, DisplayListError> in
            do throws(DisplayListError) {
                return .success(try apply(buffer))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Decodes what a backend's render entry receives: a display list as it is, or a retained
    /// frame applied to this scene and drawn whole.
    ///
    /// - Throws: ``DisplayListError`` for a malformed list or frame.
    public func displayList(decoding buffer: UnsafeRawBufferPointer) throws(DisplayListError)
        -> DisplayList
    {
        guard RetainedFrame.isRetainedFrame(buffer) else {
            return try DisplayList(decoding: buffer)
        }
        try apply(buffer)
        return try displayList()
    }

    /// The whole frame as one display list: every segment's commands in drawing order.
    ///
    /// - Throws: ``DisplayListError`` for a reference to a segment that is not kept, or
    ///   segments nested deeper than ``maximumDepth`` (a cycle).
    /// - Complexity: O(*n*) in the number of commands drawn.
    public func displayList() throws(DisplayListError) -> DisplayList {
        try flatten(touching: nil)
    }

    /// The segments that can touch any of `areas` (canvas points), as one display list: a
    /// segment whose bounds miss them all is left out with everything it draws.
    ///
    /// Drawn with its clip set to the areas over the last frame, it gives the same pixels as
    /// the whole list would inside them.
    ///
    /// - Throws: As ``displayList()``.
    /// - Complexity: O(*n*) in the number of commands of the segments that touch the areas.
    public func displayList(touching areas: [Rect]) throws(DisplayListError) -> DisplayList {
        try flatten(touching: areas)
    }

    /// Passes the commands of the segments that can touch any of `areas` (canvas points; all
    /// segments when `nil`) to `body` in drawing order, in runs, without building a list: what
    /// ``displayList(touching:)`` would hold, for a backend that draws as it walks.
    ///
    /// The images the commands draw are in ``keptImages``.
    ///
    /// - Throws: As ``displayList()``, possibly after some runs were passed.
    /// - Complexity: As ``displayList(touching:)``.
    public func forEachRun(
        touching areas: [Rect]?, _ body: (ArraySlice<DisplayCommand>) -> Void
    ) throws(DisplayListError) {
        guard hasFrame else { return }
        try withoutActuallyEscaping(body) { (body) throws(DisplayListError) in
            var walker = SegmentWalker(
                slots: slots, slotOfID: slotOfID, areas: areas, emit: body)
            try walker.draw(root: rootID)
        }
    }

    private func flatten(touching areas: [Rect]?) throws(DisplayListError) -> DisplayList {
        var list = DisplayList(size: size, scale: scale)
        guard hasFrame else { return list }
        var commands: [DisplayCommand] = []
        commands.reserveCapacity(areas == nil ? 1024 : 128)
        var imageIDs = Set<UInt32>()
        try forEachRun(touching: areas) { run in
            commands.append(contentsOf: run)
            for index in run.indices {
                if case .drawImage(let image, _, _, _, _, _) = run[index] { imageIDs.insert(image) }
            }
        }
        list.commands = commands
        var ids = Array(imageIDs)
        ids.sort()
        for id in ids {
            guard let image = images[id] else {
                throw DisplayListError(
                    offset: 0, command: nil, commandName: nil,
                    reason: "image \(id) is drawn but not kept")
            }
            list.images.append(image)
        }
        return list
    }
}

/// A kept segment, its bounds apart so that culling reads them without copying it, and the
/// slot each of its references was resolved to (-1 when it was not kept then).
private struct SegmentSlot {
    var id: UInt32
    var segment: RetainedSegment?
    var bounds = Rect.zero
    var children: [Int] = []
    /// The number of the frame that defined the segment (0 for an empty slot).
    var version: UInt64 = 0

    init(id: UInt32, segment: RetainedSegment? = nil, version: UInt64 = 0) {
        self.id = id
        self.segment = segment
        self.version = version
        bounds = segment?.bounds ?? .zero
    }
}

/// The slot of segment `id`: the one a reference was resolved to while it still holds the
/// segment, or else the one its id is kept in.
private func resolveSlot(
    of id: UInt32, resolved: Int, in slots: [SegmentSlot], slotOfID: [UInt32: Int]
) throws(DisplayListError) -> Int {
    if resolved >= 0, resolved < slots.count, slots[resolved].id == id,
        slots[resolved].segment != nil
    {
        return resolved
    }
    guard let slot = slotOfID[id] else {
        throw DisplayListError(
            offset: 0, command: nil, commandName: nil,
            reason: "segment \(id) is drawn but not defined")
    }
    return slot
}

/// Walks segments from the root, passing on the commands of those the areas need.
private struct SegmentWalker {
    let slots: [SegmentSlot]
    let slotOfID: [UInt32: Int]
    let areas: [Rect]?
    let emit: (ArraySlice<DisplayCommand>) -> Void
    /// The segments being drawn, outermost first: few, so a list is quicker than a set.
    private var onPath: [UInt32] = []

    init(
        slots: [SegmentSlot], slotOfID: [UInt32: Int], areas: [Rect]?,
        emit: @escaping (ArraySlice<DisplayCommand>) -> Void
    ) {
        self.slots = slots
        self.slotOfID = slotOfID
        // Standardized, and without the empty ones, which meet nothing.
        self.areas = areas?.compactMap { $0.isEmpty ? nil : $0.standardized }
        self.emit = emit
    }

    private func error(_ reason: String) -> DisplayListError {
        DisplayListError(offset: 0, command: nil, commandName: nil, reason: reason)
    }

    private func slot(of id: UInt32, resolved: Int) throws(DisplayListError) -> Int {
        try resolveSlot(of: id, resolved: resolved, in: slots, slotOfID: slotOfID)
    }

    /// Whether two rectangles of sizes that are not negative, the first not empty, overlap in
    /// an area greater than zero: `Rect.intersects` without building the intersection.
    /// A NaN makes every comparison false, as a null rectangle meets nothing.
    @inline(__always)
    private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        b.size.width > 0 && b.size.height > 0
            && a.origin.x < b.origin.x + b.size.width && b.origin.x < a.origin.x + a.size.width
            && a.origin.y < b.origin.y + b.size.height && b.origin.y < a.origin.y + a.size.height
    }

    mutating func draw(root id: UInt32) throws(DisplayListError) {
        try draw(slot: try slot(of: id, resolved: -1), transform: .identity, depth: 0)
    }

    /// Draws the segment in a slot, whose first command draws with `transform` to the canvas.
    private mutating func draw(slot: Int, transform: AffineTransform, depth: Int)
        throws(DisplayListError)
    {
        // A segment the areas miss is left out before it is looked at whole: most are.
        if let areas {
            let bounds = slots[slot].bounds
            // Views are mostly moved, not turned or scaled: their bounds only shift.
            let reach =
                transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
                ? bounds.offsetBy(dx: transform.tx, dy: transform.ty) : bounds.applying(transform)
            guard areas.contains(where: { Self.overlap($0, reach) }) else { return }
        }
        let id = slots[slot].id
        guard let segment = slots[slot].segment else {
            throw error("segment \(id) is drawn but not defined")
        }
        guard depth < RetainedScene.maximumDepth, !onPath.contains(id) else {
            throw error(
                "segment \(id) is nested in itself or deeper than \(RetainedScene.maximumDepth)")
        }
        onPath.append(id)
        defer { onPath.removeLast() }
        let children = slots[slot].children
        // Commands are passed on in runs between references; the transform is only followed
        // when a reference needs it.
        var current = transform
        var saved: [AffineTransform] = []
        var followed = 0
        var copied = 0
        for (index, reference) in segment.references.enumerated() {
            let position = min(reference.position, segment.commands.count)
            if areas != nil {
                for index in followed..<position {
                    switch segment.commands[index] {
                    case .save: saved.append(current)
                    case .restore: current = saved.popLast() ?? current
                    case .concatenate(let t): current = t.concatenating(current)
                    default: break
                    }
                }
                followed = position
            }
            if copied < position { emit(segment.commands[copied..<position]) }
            copied = position
            let child = try self.slot(
                of: reference.id, resolved: index < children.count ? children[index] : -1)
            try draw(slot: child, transform: current, depth: depth + 1)
        }
        if copied < segment.commands.count { emit(segment.commands[copied...]) }
    }
}

extension DisplayListDecoder {
    /// Decodes and validates a retained frame; image commands may draw the images `keptImages`
    /// holds (unless the frame releases them or resets) and those it sends.
    mutating func decodeRetainedFrame(keptImages: [UInt32: DisplayImage]) throws(DisplayListError)
        -> RetainedFrame
    {
        let magic = try bytes(4)
        guard RetainedFrame.magic.elementsEqual(magic) else {
            throw fail("not a Trellis retained frame (the first bytes are not \"TRRF\")", at: 0)
        }
        let version = try u16()
        guard version >= 1, version <= RetainedFrame.formatVersion else {
            throw fail(
                "retained frame version \(version); this reader reads 1 to "
                    + "\(RetainedFrame.formatVersion)")
        }
        self.version = version
        let flagsOffset = reader.offset
        let flags = try u16()
        guard flags & ~1 == 0 else { throw fail("unknown frame flags \(flags)", at: flagsOffset) }
        let width = try canvasSide("canvas width")
        let height = try canvasSide("canvas height")
        let scaleOffset = reader.offset
        let scale = try number("scale")
        guard scale > 0 && scale <= 16 else {
            throw fail("scale \(scale) is outside (0, 16]", at: scaleOffset)
        }
        let rootID = try u32()
        let damageCount = Int(try u32())
        let imageCount = Int(try u32())
        let releasedImageCount = Int(try u32())
        let segmentCount = Int(try u32())
        let releasedSegmentCount = Int(try u32())
        // The smallest encodings: a rectangle 32 bytes, an image 24, an id 4, a segment 44.
        let needed =
            damageCount * 32 + imageCount * 24 + releasedImageCount * 4 + segmentCount * 44
            + releasedSegmentCount * 4
        guard damageCount <= reader.remaining / 32, imageCount <= reader.remaining / 24,
            releasedImageCount <= reader.remaining / 4, segmentCount <= reader.remaining / 44,
            releasedSegmentCount <= reader.remaining / 4, needed <= reader.remaining
        else {
            throw fail("the counts in the header cannot fit in the \(reader.remaining) bytes left")
        }
        var frame = RetainedFrame(
            size: Size(width: width, height: height), scale: scale, rootID: rootID,
            resets: flags & 1 != 0)
        for _ in 0..<damageCount {
            let offset = reader.offset
            let area = try rect("damage")
            guard area.width >= 0, area.height >= 0 else {
                throw fail("a damaged area has a negative size", at: offset)
            }
            frame.damage.append(area)
        }
        imageIDs = []
        for _ in 0..<imageCount { frame.images.append(try image()) }
        for _ in 0..<releasedImageCount { frame.releasedImages.append(try u32()) }
        var drawable = frame.resets ? Set<UInt32>() : Set(keptImages.keys)
        for id in frame.releasedImages { drawable.remove(id) }
        for image in frame.images { drawable.insert(image.id) }
        imageIDs = drawable
        var defined = Set<UInt32>()
        for _ in 0..<segmentCount {
            let segment = try retainedSegment()
            guard defined.insert(segment.id).inserted else {
                throw fail("segment \(segment.id) is defined twice")
            }
            frame.segments.append(segment)
        }
        for _ in 0..<releasedSegmentCount { frame.releasedSegments.append(try u32()) }
        guard reader.remaining == 0 else {
            throw fail("\(reader.remaining) unexpected bytes after the frame")
        }
        return frame
    }

    private mutating func retainedSegment() throws(DisplayListError) -> RetainedSegment {
        let id = try u32()
        let commandCount = Int(try u32())
        let referenceCount = Int(try u32())
        guard commandCount <= reader.remaining / 8, referenceCount <= reader.remaining / 8 else {
            throw fail("segment \(id): its counts cannot fit in the \(reader.remaining) bytes left")
        }
        let boundsOffset = reader.offset
        let bounds = try rect("segment bounds")
        guard bounds.width >= 0, bounds.height >= 0 else {
            throw fail("segment \(id) has bounds of a negative size", at: boundsOffset)
        }
        var references: [RetainedSegment.Reference] = []
        references.reserveCapacity(referenceCount)
        for _ in 0..<referenceCount {
            let offset = reader.offset
            let position = Int(try u32())
            let child = try u32()
            guard position <= commandCount, position >= (references.last?.position ?? 0) else {
                throw fail(
                    "segment \(id): reference at position \(position) is out of order or past "
                        + "its \(commandCount) commands", at: offset)
            }
            guard child != id else { throw fail("segment \(id) draws itself", at: offset) }
            references.append(RetainedSegment.Reference(position: position, id: child))
        }
        var commands: [DisplayCommand] = []
        commands.reserveCapacity(commandCount)
        var stack: [DisplayOpcode] = []
        for index in 0..<commandCount {
            commandIndex = index
            commandOpcode = nil
            let command = try self.command()
            try checkNesting(of: command, in: &stack)
            commands.append(command)
        }
        commandIndex = nil
        commandOpcode = nil
        guard stack.isEmpty else {
            throw fail("segment \(id) leaves \(stack.count) saves, layers or hints open")
        }
        return RetainedSegment(id: id, bounds: bounds, commands: commands, references: references)
    }
}
