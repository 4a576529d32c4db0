public import TrellisGeometry

/// A frame that sends only what changed since the last one: the drawing of a tree is kept as
/// segments (one a view) that a backend retains between frames, and each frame carries the
/// segments and images that are new or changed, the ones to forget, and the damaged areas.
///
/// A segment holds drawing commands and references to other segments at positions among
/// them; drawing a segment draws its commands in order, drawing each referenced segment where
/// it is referenced. Every segment leaves the drawing state as it found it (its saves and
/// layers are balanced), so a segment that lies outside the damage can be skipped as a whole.
///
/// ```swift
/// var frame = RetainedFrame(size: Size(width: 320, height: 480), rootID: 1, resets: true)
/// frame.segments.append(RetainedSegment(
///     id: 1, bounds: Rect(x: 0, y: 0, width: 320, height: 480),
///     commands: [.fillRect(Rect(x: 0, y: 0, width: 320, height: 480), color: .white)]))
/// let bytes = frame.encoded()
/// ```
public struct RetainedFrame: Sendable, Hashable {
    /// The canvas size in points.
    public var size: Size
    /// Device pixels per point for pixel output.
    public var scale: Double
    /// Whether the backend forgets what it retained before applying this frame: the whole
    /// canvas is then damaged.
    public var resets: Bool
    /// The segment drawn first, which draws the others.
    public var rootID: UInt32
    /// The canvas areas whose pixels may differ from the last frame, in points; empty when
    /// nothing changed (and ignored when the frame resets).
    public var damage: [Rect]
    /// Images that are new or replaced.
    public var images: [DisplayImage]
    /// Images no segment draws any more.
    public var releasedImages: [UInt32]
    /// Segments that are new or changed.
    public var segments: [RetainedSegment]
    /// Segments no longer drawn.
    public var releasedSegments: [UInt32]

    /// Creates a frame.
    public init(
        size: Size, scale: Double = 1, rootID: UInt32, resets: Bool = false, damage: [Rect] = [],
        images: [DisplayImage] = [], releasedImages: [UInt32] = [],
        segments: [RetainedSegment] = [], releasedSegments: [UInt32] = []
    ) {
        self.size = size
        self.scale = scale
        self.rootID = rootID
        self.resets = resets
        self.damage = damage
        self.images = images
        self.releasedImages = releasedImages
        self.segments = segments
        self.releasedSegments = releasedSegments
    }

    /// The four bytes every encoded retained frame starts with: `TRRF`.
    public static let magic: [UInt8] = Array("TRRF".utf8)
    /// The newest version of the retained-frame format.
    ///
    /// Version 2 lets segments hold the semantic hints of display-list version 2; a frame
    /// without them is written as version 1, as before. Version 3 lets them hold the buttons of
    /// display-list version 3, which say where their title and image are.
    public static let formatVersion: UInt16 = 3

    /// Whether encoded bytes are a retained frame rather than a display list.
    public static func isRetainedFrame(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 4 && zip(bytes.prefix(4), magic).allSatisfy { $0 == $1 }
    }

    /// Encodes the frame.
    ///
    /// All numbers are little-endian, as in the display-list format, whose image and command
    /// encodings it shares:
    ///
    ///     header    "TRRF", u16 version (1; 2 with semantic hints; 3 with laid-out buttons),
    ///               u16 flags (1: reset), f64 width, f64 height,
    ///               f64 scale, u32 root id, u32 damage count, u32 image count,
    ///               u32 released image count, u32 segment count, u32 released segment count
    ///     damage    per rectangle: four f64
    ///     images    as in a display list
    ///     released  u32 image ids
    ///     segments  per segment: u32 id, u32 command count, u32 reference count, four f64
    ///               bounds, then per reference u32 position and u32 segment id, then the
    ///               commands as in a display list
    ///     released  u32 segment ids
    ///
    /// - Complexity: O(*n*) in the size of what the frame sends.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 96 + segments.count * 64)
        writer.write(bytes: RetainedFrame.magic)
        writer.write(DisplayList.formatVersion(for: segments.lazy.flatMap(\.commands)))
        writer.write(UInt16(resets ? 1 : 0))
        writer.write(size.width)
        writer.write(size.height)
        writer.write(scale)
        writer.write(rootID)
        writer.write(UInt32(truncatingIfNeeded: damage.count))
        writer.write(UInt32(truncatingIfNeeded: images.count))
        writer.write(UInt32(truncatingIfNeeded: releasedImages.count))
        writer.write(UInt32(truncatingIfNeeded: segments.count))
        writer.write(UInt32(truncatingIfNeeded: releasedSegments.count))
        for rect in damage { writer.write(rect) }
        for image in images { image.encode(into: &writer) }
        for id in releasedImages { writer.write(id) }
        for segment in segments { segment.encode(into: &writer) }
        for id in releasedSegments { writer.write(id) }
        return writer.bytes
    }
}

/// The drawing of one part of a retained tree: commands, and the segments drawn among them.
public struct RetainedSegment: Sendable, Hashable {
    /// The segment's id, unique among the segments a backend retains.
    public var id: UInt32
    /// The area the segment and the segments it draws can touch, in the coordinates its first
    /// command draws in (its parent's): the geometry's extent, without a margin for
    /// antialiasing, which a backend adds for itself (see
    /// ``bounds(of:references:referencedBounds:)``).
    public var bounds: Rect
    /// The drawing commands, in order.
    public var commands: [DisplayCommand]
    /// The segments drawn among the commands: each before the command at `position` (or after
    /// the last one when `position` is the command count), in order.
    public var references: [Reference]

    /// A segment drawn at a position among another's commands.
    public struct Reference: Sendable, Hashable {
        /// The index of the command the segment is drawn before.
        public var position: Int
        /// The segment drawn.
        public var id: UInt32

        /// Creates a reference.
        public init(position: Int, id: UInt32) {
            self.position = position
            self.id = id
        }
    }

    /// Creates a segment.
    public init(id: UInt32, bounds: Rect, commands: [DisplayCommand], references: [Reference] = [])
    {
        self.id = id
        self.bounds = bounds
        self.commands = commands
        self.references = references
    }

    func encode(into writer: inout ByteWriter) {
        writer.write(id)
        writer.write(UInt32(truncatingIfNeeded: commands.count))
        writer.write(UInt32(truncatingIfNeeded: references.count))
        writer.write(bounds)
        for reference in references {
            writer.write(UInt32(truncatingIfNeeded: reference.position))
            writer.write(reference.id)
        }
        for command in commands { command.encode(into: &writer) }
    }
}

extension DisplayImage {
    func encode(into writer: inout ByteWriter) {
        writer.write(id)
        writer.write(UInt32(truncatingIfNeeded: width))
        writer.write(UInt32(truncatingIfNeeded: height))
        writer.write(UInt32(0))
        writer.write(UInt64(pixels.count))
        writer.write(bytes: pixels)
    }
}
