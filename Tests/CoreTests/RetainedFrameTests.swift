import Testing
import TrellisCore
import TrellisGeometry

/// Retained frames: segments kept between frames, damage, culling, and malformed frames.
@Suite struct RetainedFrameTests {
    private let canvas = Size(width: 100, height: 100)

    private func box(
        _ id: UInt32, _ rect: Rect, _ color: Color, references: [RetainedSegment.Reference] = []
    )
        -> RetainedSegment
    {
        RetainedSegment(
            id: id, bounds: rect,
            commands: [.save, .fillRect(rect, color: color), .restore], references: references)
    }

    /// A root (the canvas) drawing two boxes after its own commands.
    private func firstFrame() -> RetainedFrame {
        RetainedFrame(
            size: canvas, rootID: 1, resets: true,
            segments: [
                box(
                    1, Rect(size: canvas), .white,
                    references: [.init(position: 3, id: 2), .init(position: 3, id: 3)]),
                box(2, Rect(x: 0, y: 0, width: 10, height: 10), .red),
                box(3, Rect(x: 50, y: 50, width: 10, height: 10), .blue),
            ])
    }

    @Test func aSceneDrawsItsSegmentsInOrder() throws {
        let scene = RetainedScene()
        let changes = try scene.apply(firstFrame().encoded())
        #expect(changes.isFull && changes.damage == [Rect(size: canvas)])
        let list = try scene.displayList()
        #expect(list.commands.count == 9)
        try #require(list.commands.count > 7)
        #expect(list.commands[1] == .fillRect(Rect(size: canvas), color: .white))
        #expect(list.commands[4] == .fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: .red))
        #expect(
            list.commands[7] == .fillRect(Rect(x: 50, y: 50, width: 10, height: 10), color: .blue))
    }

    @Test func theSceneKnowsWhetherASegmentDrawsAnImageViewsImage() throws {
        let scene = RetainedScene()
        try scene.apply(firstFrame().encoded())
        #expect(!scene.mayDrawContentImages)
        let area = Rect(x: 0, y: 0, width: 10, height: 10)
        func imageBox(key: UInt64?) -> RetainedSegment {
            RetainedSegment(
                id: 2, bounds: area,
                commands: [
                    .drawImage(
                        id: 5, source: Rect(x: 0, y: 0, width: 1, height: 1), destination: area,
                        capInsets: nil, tint: nil, contentKey: key)
                ], references: [])
        }
        let image = DisplayImage(id: 5, width: 1, height: 1, color: .red)
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, damage: [area], images: [image],
                segments: [imageBox(key: nil)]
            ).encoded())
        #expect(!scene.mayDrawContentImages)
        try scene.apply(
            RetainedFrame(size: canvas, rootID: 1, damage: [area], segments: [imageBox(key: 7)])
                .encoded())
        #expect(scene.mayDrawContentImages)
        // Replaced by a segment without one, then by one with one and released.
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, damage: [area], segments: [box(2, area, .green)]
            ).encoded())
        #expect(!scene.mayDrawContentImages)
        try scene.apply(
            RetainedFrame(size: canvas, rootID: 1, damage: [area], segments: [imageBox(key: 7)])
                .encoded())
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, damage: [area], segments: [box(4, area, .green)],
                releasedSegments: [2]
            ).encoded())
        #expect(!scene.mayDrawContentImages)
        try scene.apply(firstFrame().encoded())
        #expect(!scene.mayDrawContentImages)
    }

    @Test func aLaterFrameReplacesOneSegmentAndSaysWhatItDamaged() throws {
        let scene = RetainedScene()
        try scene.apply(firstFrame().encoded())
        let damage = Rect(x: 0, y: 0, width: 10, height: 10)
        let second = RetainedFrame(
            size: canvas, rootID: 1, damage: [damage],
            segments: [box(2, Rect(x: 0, y: 0, width: 10, height: 10), .green)])
        let changes = try scene.apply(second.encoded())
        #expect(!changes.isFull && changes.damage == [damage])
        let whole = try scene.displayList()
        try #require(whole.commands.count > 4)
        #expect(whole.commands[4] == .fillRect(damage, color: .green))
        // Only the segments that reach the damage: the root and the first box.
        let part = try scene.displayList(touching: [damage])
        #expect(part.commands.count == 6)
        #expect(
            !part.commands.contains(
                .fillRect(Rect(x: 50, y: 50, width: 10, height: 10), color: .blue)))
    }

    @Test(arguments: [
        ("root", "the root segment 9 is not defined"),
        ("reference", "segment 1 draws segment 7, which is not defined"),
        ("unbalanced", "segment 4 leaves 1 saves, layers or hints open"),
        ("twice", "segment 2 is defined twice"),
        ("order", "reference at position 1 is out of order"),
        ("image", "image 5 is not in the list"),
        ("self", "segment 4 draws itself"),
    ])
    func malformedFramesAreErrorsAndChangeNothing(kind: String, message: String) throws {
        let scene = RetainedScene()
        try scene.apply(firstFrame().encoded())
        var frame = RetainedFrame(size: canvas, rootID: 1, damage: [Rect(size: canvas)])
        switch kind {
        case "root": frame.rootID = 9
        case "reference":
            frame.segments = [
                box(1, Rect(size: canvas), .white, references: [.init(position: 0, id: 7)])
            ]
        case "unbalanced":
            frame.segments = [RetainedSegment(id: 4, bounds: .zero, commands: [.save])]
        case "twice": frame.segments = [box(2, .zero, .red), box(2, .zero, .red)]
        case "order":
            frame.segments = [
                box(
                    1, Rect(size: canvas), .white,
                    references: [.init(position: 2, id: 2), .init(position: 1, id: 3)])
            ]
        case "image":
            frame.segments = [
                RetainedSegment(
                    id: 4, bounds: .zero,
                    commands: [
                        .drawImage(
                            id: 5, source: .zero, destination: .zero, capInsets: nil, tint: nil)
                    ])
            ]
        default:
            frame.segments = [box(4, .zero, .red, references: [.init(position: 0, id: 4)])]
        }
        #expect(throws: DisplayListError.self) { try scene.apply(frame.encoded()) }
        do {
            try scene.apply(frame.encoded())
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
        // The scene is as the first frame left it.
        #expect(
            try scene.displayList()
                == (try {
                    let s = RetainedScene()
                    try s.apply(firstFrame().encoded())
                    return try s.displayList()
                }()))
    }

    @Test func segmentsThatDrawEachOtherAreAnErrorWhenDrawn() throws {
        let scene = RetainedScene()
        let frame = RetainedFrame(
            size: canvas, rootID: 1, resets: true,
            segments: [
                box(1, Rect(size: canvas), .white, references: [.init(position: 0, id: 2)]),
                box(2, Rect(size: canvas), .red, references: [.init(position: 0, id: 1)]),
            ])
        try scene.apply(frame.encoded())
        #expect(throws: DisplayListError.self) { try scene.displayList() }
    }

    @Test func everyTruncationIsAnError() throws {
        let bytes = firstFrame().encoded()
        for length in 0..<bytes.count {
            let scene = RetainedScene()
            #expect(throws: DisplayListError.self) { try scene.apply(Array(bytes.prefix(length))) }
        }
    }

    @Test func releasedSegmentsAndImagesAreForgotten() throws {
        let scene = RetainedScene()
        try scene.apply(firstFrame().encoded())
        let frame = RetainedFrame(
            size: canvas, rootID: 1, damage: [Rect(x: 50, y: 50, width: 10, height: 10)],
            segments: [box(1, Rect(size: canvas), .white, references: [.init(position: 3, id: 2)])],
            releasedSegments: [3])
        try scene.apply(frame.encoded())
        #expect(scene.segmentCount == 2)
        #expect(try scene.displayList().commands.count == 6)
    }

    /// A kept segment's references stay right when the segments they name are released and
    /// others take their place: a released one is an error to draw, and one sent again is
    /// drawn with its new commands.
    @Test func aKeptSegmentDrawsWhatItsReferencesNameNow() throws {
        let scene = RetainedScene()
        let small = Rect(x: 50, y: 50, width: 10, height: 10)
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, resets: true,
                segments: [
                    box(1, Rect(size: canvas), .white, references: [.init(position: 3, id: 2)]),
                    box(2, small, .red, references: [.init(position: 3, id: 3)]),
                    box(3, small, .blue),
                ]
            ).encoded())
        // Segment 3 goes and 4 comes; segment 2, kept, still draws 3.
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, damage: [small], segments: [box(4, small, .green)],
                releasedSegments: [3]
            ).encoded())
        let error = try #require(throws: DisplayListError.self) { try scene.displayList() }
        #expect(error.reason.contains("segment 3 is drawn but not defined"))
        // Segment 3 is sent again: segment 2 draws it, whole and where the areas meet it.
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, damage: [small], segments: [box(3, small, .black)]
            ).encoded())
        let drawn = try scene.displayList().commands
        #expect(drawn.count == 9)
        try #require(drawn.count > 7)
        #expect(drawn[7] == .fillRect(small, color: .black))
        #expect(try scene.displayList(touching: [small]).commands == drawn)
        var runs: [DisplayCommand] = []
        try scene.forEachRun(touching: [Rect(x: 0, y: 0, width: 10, height: 10)]) {
            runs.append(contentsOf: $0)
        }
        #expect(runs == Array(drawn.prefix(3)))
        #expect(scene.segment(4)?.commands.dropFirst().first == .fillRect(small, color: .green))
    }

    /// A frame that resets the scene replaces it whole once it is found good, and changes
    /// nothing when its root or a reference names a segment it does not send, even one the
    /// scene keeps.
    @Test func aResettingFrameReplacesTheSceneOnlyWhenItIsGood() throws {
        let scene = RetainedScene()
        try scene.apply(firstFrame().encoded())
        let before = try scene.displayList()
        let small = Rect(x: 5, y: 5, width: 10, height: 10)
        let badRoot = RetainedFrame(
            size: canvas, rootID: 2, resets: true, segments: [box(1, small, .red)])
        let root = try #require(throws: DisplayListError.self) {
            try scene.apply(badRoot.encoded())
        }
        #expect(root.reason.contains("the root segment 2 is not defined"))
        let badReference = RetainedFrame(
            size: canvas, rootID: 1, resets: true,
            segments: [
                box(1, small, .red, references: [.init(position: 3, id: 5)]), box(5, small, .blue),
                box(6, small, .black, references: [.init(position: 3, id: 3)]),
            ])
        let reference = try #require(throws: DisplayListError.self) {
            try scene.apply(badReference.encoded())
        }
        #expect(reference.reason.contains("segment 6 draws segment 3, which is not defined"))
        #expect(try scene.displayList() == before)
        #expect(scene.slotCount == 3)

        let image = DisplayImage(id: 9, width: 1, height: 1, color: .red)
        let good = RetainedFrame(
            size: canvas, rootID: 7, resets: true, images: [image],
            segments: [
                box(7, Rect(size: canvas), .white, references: [.init(position: 3, id: 8)]),
                RetainedSegment(
                    id: 8, bounds: small,
                    commands: [
                        .drawImage(
                            id: 9, source: Rect(x: 0, y: 0, width: 1, height: 1),
                            destination: small, capInsets: nil, tint: nil, contentKey: 1)
                    ]),
            ])
        let changes = try scene.apply(good.encoded())
        #expect(changes.isFull && changes.damage == [Rect(size: canvas)])
        #expect(scene.slotCount == 2 && scene.segmentCount == 2)
        #expect(scene.segment(1) == nil && scene.version(ofSegment: 2) == 0)
        #expect(scene.rootSlot == 0 && scene.slot(ofSegment: 8) == 1)
        #expect(try scene.slot(ofReference: 0, inSlot: 0) == 1)
        #expect(scene.mayDrawContentImages)
        #expect(scene.keptImages == [9: image])
        #expect(scene.version(inSlot: 1) == scene.version(ofImage: 9))
        #expect(try scene.displayList().commands.count == 4)
    }

    /// A backend can walk the kept tree by slot: each reference leads to the slot of the
    /// segment it names now, a slot's version tells its definitions apart, and a slot a
    /// released segment left is taken by another with a new version.
    @Test func segmentsAreWalkedBySlot() throws {
        let scene = RetainedScene()
        #expect(scene.rootSlot == nil && scene.slotCount == 0)
        try scene.apply(firstFrame().encoded())
        let root = try #require(scene.rootSlot)
        #expect(scene.slotCount == 3)
        #expect(scene.id(inSlot: root) == 1 && scene.slot(ofSegment: 1) == root)
        let blueSlot = try scene.slot(ofReference: 1, inSlot: root)
        #expect(scene.id(inSlot: blueSlot) == 3 && scene.slot(ofSegment: 3) == blueSlot)
        #expect(
            scene.segment(inSlot: blueSlot)?.commands.dropFirst().first
                == .fillRect(
                    Rect(x: 50, y: 50, width: 10, height: 10), color: .blue))
        let first = scene.version(inSlot: blueSlot)
        #expect(first > 0 && first == scene.version(ofSegment: 3))
        #expect(throws: DisplayListError.self) { try scene.slot(ofReference: 2, inSlot: root) }
        #expect(throws: DisplayListError.self) { try scene.slot(ofReference: 0, inSlot: blueSlot) }

        // Segment 3 is sent again: same slot, a new version.
        let small = Rect(x: 50, y: 50, width: 10, height: 10)
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, damage: [small], segments: [box(3, small, .black)]
            ).encoded())
        #expect(scene.slot(ofSegment: 3) == blueSlot)
        #expect(scene.version(inSlot: blueSlot) > first)
        let second = scene.version(inSlot: blueSlot)

        // Segment 3 goes and 4 takes its slot: the root's reference to 3 is drawn-but-missing,
        // and the slot's version is 4's, not 3's.
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, damage: [small], segments: [box(4, small, .green)],
                releasedSegments: [3]
            ).encoded())
        #expect(scene.slot(ofSegment: 3) == nil)
        #expect(scene.slot(ofSegment: 4) == blueSlot)
        #expect(scene.id(inSlot: blueSlot) == 4 && scene.version(inSlot: blueSlot) > second)
        let error = try #require(throws: DisplayListError.self) {
            try scene.slot(ofReference: 1, inSlot: root)
        }
        #expect(error.reason.contains("segment 3 is drawn but not defined"))

        // Sent again, segment 3 takes a new slot, and the root's reference finds it by id.
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, damage: [small], segments: [box(3, small, .red)]
            ).encoded())
        let again = try scene.slot(ofReference: 1, inSlot: root)
        #expect(again != blueSlot && scene.id(inSlot: again) == 3)
        #expect(scene.slotCount == 4)
    }

    /// Bounds are the geometry's, without a margin for antialiasing, so that areas that only
    /// touch a segment leave it out.
    @Test func boundsAreTheGeometrysAndAreasThatTouchThemMissThem() throws {
        let rect = Rect(x: 10, y: 20, width: 30, height: 16)
        let bounds = RetainedSegment.bounds(
            of: [.save, .fillRect(rect, color: .red), .restore], references: [],
            referencedBounds: { _ in nil })
        #expect(bounds == rect)
        let scene = RetainedScene()
        try scene.apply(
            RetainedFrame(
                size: canvas, rootID: 1, resets: true,
                segments: [
                    RetainedSegment(
                        id: 1, bounds: Rect(size: canvas), commands: [],
                        references: [.init(position: 0, id: 2)]),
                    box(2, rect, .red),
                ]
            ).encoded())
        #expect(
            try scene.displayList(touching: [Rect(x: 10, y: 36, width: 30, height: 16)])
                .commands.isEmpty)
        #expect(
            try scene.displayList(touching: [Rect(x: 39, y: 35, width: 2, height: 2)])
                .commands.count == 3)
        #expect(
            try scene.displayList(touching: [Rect(x: 20, y: 30, width: 0, height: 5)])
                .commands.isEmpty)
    }
}
