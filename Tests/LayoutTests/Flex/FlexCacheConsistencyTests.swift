import Testing
import TrellisGeometry
import TrellisLayout

/// Checks that the engine's shortcuts (cached measurements, complete layouts computed while
/// measuring) give exactly the results of a layout without them. A `0%` margin changes no
/// geometry but makes a node's results depend on its parent's size, which turns the
/// shortcuts off for it.
@Suite struct FlexCacheConsistencyTests {
    /// A small deterministic generator (xorshift).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    static func makeTree(_ random: inout Generator, depth: Int, disableShortcuts: Bool) -> FlexNode
    {
        var style = FlexStyle()
        let directions: [FlexDirection] = [.row, .column, .rowReverse, .columnReverse]
        style.flexDirection = directions[random.next(4)]
        style.alignItems = [.stretch, .flexStart, .center, .stretch][random.next(4)]
        style.justifyContent = [.flexStart, .center, .spaceBetween][random.next(3)]
        if random.next(3) == 0 { style.flexGrow = Double(random.next(3)) }
        if random.next(4) == 0 { style.flexShrink = 0 }
        if random.next(3) == 0 { style.padding = FlexEdges(all: .points(Double(random.next(6)))) }
        if random.next(4) == 0 { style.width = .points(Double(20 + random.next(200))) }
        if random.next(5) == 0 { style.height = .points(Double(20 + random.next(200))) }
        if random.next(6) == 0 { style.flexWrap = .wrap }
        if random.next(5) == 0 { style.gap = .points(Double(random.next(8))) }
        if disableShortcuts { style.margin.left = .percent(0) }
        let node = FlexNode(style: style)
        let childCount = depth > 0 ? random.next(5) : 0
        for _ in 0..<childCount {
            if random.next(3) == 0 {
                let words = (0..<(1 + random.next(6))).map { _ in 1 + random.next(5) }
                var leaf = FlexStyle()
                if random.next(3) == 0 { leaf.flexGrow = 1 }
                let text = FlexNode(
                    style: leaf,
                    measure: { request in
                        AhemText(words: words).measure(request)
                    })
                try? node.appendChild(text)
            } else {
                try? node.appendChild(
                    makeTree(&random, depth: depth - 1, disableShortcuts: disableShortcuts))
            }
        }
        return node
    }

    static func frames(_ node: FlexNode) -> [Rect] {
        [node.layout.frame] + node.children.flatMap(frames)
    }

    @Test(arguments: 0..<40)
    func shortcutsDoNotChangeResults(seed: Int) throws {
        for available in [FlexAvailableSpace.maxContent, .definite(300)] {
            var first = Generator(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
            var second = first
            let fast = Self.makeTree(&first, depth: 4, disableShortcuts: false)
            let plain = Self.makeTree(&second, depth: 4, disableShortcuts: true)
            try fast.calculateLayout(
                availableWidth: available, availableHeight: .maxContent, rounding: .none)
            try plain.calculateLayout(
                availableWidth: available, availableHeight: .maxContent, rounding: .none)
            #expect(Self.frames(fast) == Self.frames(plain))
        }
    }
}

extension AhemText {
    init(words: [Int]) {
        self.init(
            text: words.map { String(repeating: "H", count: $0) }.joined(separator: "\u{200B}"),
            isVertical: false)
    }
}
