import Testing
import Trellis
import TrellisGeometry

@MainActor
/// Random edits to the gallery (views moved between superviews, removed, added, restyled),
/// each followed by a layout pass and a frame: none may crash or trap.
@Suite struct GalleryEditTests {
    @MainActor
    struct Editor {
        var generator: SplitMixGenerator
        var added = 0

        mutating func pick<T>(_ items: [T]) -> T {
            items[Int(generator.next() % UInt64(items.count))]
        }

        mutating func unit() -> Double { Double(generator.next() % 1000) / 1000 }

        mutating func edit(_ window: Window) {
            var views: [View] = []
            func collect(_ view: View) {
                views.append(view)
                for subview in view.subviews { collect(subview) }
            }
            collect(window)
            guard views.count > 1 else {
                window.addSubview(View(frame: Rect(x: 10, y: 10, width: 50, height: 50)))
                return
            }
            let view = pick(Array(views.dropFirst()))
            switch generator.next() % 12 {
            case 0: view.backgroundColor = Color(red: unit(), green: unit(), blue: unit())
            case 1: view.isHidden.toggle()
            case 2: view.frame = view.frame.offsetBy(dx: unit() * 40 - 20, dy: unit() * 40 - 20)
            case 3:
                if let label = views.compactMap({ $0 as? Label }).randomElement(using: &generator) {
                    label.text =
                        ["Saved", "连续浇水7天", "A longer title that wraps", ""][
                            Int(generator.next() % 4)]
                }
            case 4: view.alpha = [0.3, 0.7, 1][Int(generator.next() % 3)]
            case 5:
                view.transform =
                    generator.next() % 2 == 0
                    ? AffineTransform(rotationAngle: unit()) : AffineTransform(scaleX: 1.2, y: 0.8)
            case 6:
                view.borderWidth = unit() * 3
                view.borderColor = .red
                view.cornerRadius = unit() * 10
            case 7:
                if let control = views.compactMap({ $0 as? Control }).randomElement(
                    using: &generator)
                {
                    control.isHighlighted.toggle()
                    control.isSelected = generator.next() % 2 == 0
                }
            case 8:
                let target = pick(views.filter { !$0.isDescendant(of: view) })
                target.addSubview(view)
            case 9:
                let box = View(
                    frame: Rect(x: unit() * 300, y: unit() * 500, width: 40, height: 24))
                box.backgroundColor = .orange
                box.cornerRadius = 6
                added += 1
                pick(views).addSubview(box)
            case 10:
                view.removeFromSuperview()
            default:
                view.clipsToBounds.toggle()
                view.shadow = Shadow(
                    color: .black, opacity: 0.5, offset: Size(width: 2, height: 3), radius: 4)
            }
        }
    }

    @Test(arguments: [11, 12, 13, 21, 22, 31, 32] as [UInt64])
    func randomEditsLayOutAndDraw(seed: UInt64) throws {
        let window = Gallery().window
        window.layoutIfNeeded()
        var editor = Editor(generator: SplitMixGenerator(seed: seed))
        for _ in 0..<40 {
            editor.edit(window)
            window.layoutIfNeeded()
            _ = window.makeDisplayList()
        }
        #expect(window.subviews.isEmpty || !window.subtreeNeedsLayout)
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMixGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
