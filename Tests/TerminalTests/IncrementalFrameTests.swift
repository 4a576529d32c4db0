import Testing
import Trellis
import TrellisGallery
import TrellisGeometry
import TrellisRasterRenderer
import TrellisRender
import TrellisTextRenderer
import _TrellisTestSupport

@testable import TrellisTerminalRenderer

/// Retained frames: after random edits to the gallery, what each backend makes of the frames
/// that carry only what changed is what a full repaint of the same window gives.
@MainActor
@Suite struct IncrementalFrameTests {
    /// Random edits of the kinds apps make: colours, visibility, frames, texts, opacity,
    /// transforms, borders, control states, views moved, added and removed.
    @MainActor
    struct Editor {
        var generator: SeededGenerator
        var added = 0
        /// What the last edit did, for failure messages.
        var last = ""

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
            let kind = generator.next() % 13
            last = "edit \(kind) of \(type(of: view)) at \(view.frame)"
            switch kind {
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
            case 12:
                // Labels below align their natural text by the direction they inherit.
                view.layoutDirection =
                    view.effectiveLayoutDirection == .leftToRight ? .rightToLeft : .leftToRight
            default:
                view.clipsToBounds.toggle()
                view.shadow = Shadow(
                    color: .black, opacity: 0.5, offset: Size(width: 2, height: 3), radius: 4)
            }
        }
    }

    private func galleryWindow(backend: any Backend) -> Window {
        let gallery = Gallery(backend: backend)
        return gallery.window
    }

    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func terminalScreensMatchAFullRepaint(seed: UInt64) throws {
        let configuration = #"{"frames": "diff", "colors": "truecolor"}"#
        let incremental = InProcessBackend(
            name: "terminal", capabilities: [.renderTerminal, .measureText, .retainedFrames],
            renderer: try TerminalRenderer(configuration: Array(configuration.utf8)))
        let window = galleryWindow(backend: incremental)
        let columns = Int((window.bounds.width / 8).rounded(.up))
        let rows = Int((window.bounds.height / 16).rounded(.up))
        var screen = VirtualTerminal(columns: columns, rows: rows)
        try screen.feed(try window.render())
        var editor = Editor(generator: SeededGenerator(seed: seed))
        for step in 0..<80 {
            editor.edit(window)
            try screen.feed(try window.render())
            let full = try TerminalRenderer(configuration: Array(configuration.utf8))
            var expected = VirtualTerminal(columns: columns, rows: rows)
            try expected.feed(try full.render(window.makeDisplayList()))
            if let difference = firstDifference(screen.appearance, expected.appearance) {
                Issue.record("step \(step), \(editor.last): \(difference)")
                break
            }
        }
    }

    @Test func movingAButtonsTitleLabelMovesItsTitleInTheNextFrame() throws {
        let configuration = #"{"frames": "diff", "colors": "truecolor"}"#
        let backend = InProcessBackend(
            name: "terminal", capabilities: [.renderTerminal, .measureText, .retainedFrames],
            renderer: try TerminalRenderer(configuration: Array(configuration.utf8)))
        let window = Window(size: Size(width: 160, height: 64), backend: backend)
        let button = Button(frame: Rect(x: 0, y: 0, width: 160, height: 64))
        button.setTitle("Go", for: .normal)
        window.addSubview(button)
        var screen = VirtualTerminal(columns: 20, rows: 4)
        try screen.feed(try window.render())
        func row(of text: String, in cells: [[VirtualTerminal.Cell]]) -> Int? {
            cells.firstIndex { $0.map(\.text).joined().contains(text) }
        }
        #expect(row(of: "Go", in: screen.appearance) == 2)
        // The button's hint says where its title label is: the label alone moves, a row down
        // and to the left, and the button's title follows it in cells.
        button.titleLabel.frame = button.titleLabel.frame.offsetBy(dx: -48, dy: 16)
        try screen.feed(try window.render())
        let full = try TerminalRenderer(configuration: Array(configuration.utf8))
        var expected = VirtualTerminal(columns: 20, rows: 4)
        try expected.feed(try full.render(window.makeDisplayList()))
        #expect(firstDifference(screen.appearance, expected.appearance) == nil)
        #expect(row(of: "Go", in: screen.appearance) == 3)
    }

    @Test(arguments: [21, 22] as [UInt64])
    func rasterPixelsMatchAFullRepaint(seed: UInt64) throws {
        let configuration = Array(#"{"format": "rgba"}"#.utf8)
        let incremental = InProcessBackend(
            name: "raster", capabilities: [.renderPixels, .measureText, .retainedFrames],
            renderer: try RasterRenderer(configuration: configuration))
        let window = galleryWindow(backend: incremental)
        _ = try window.render()
        var editor = Editor(generator: SeededGenerator(seed: seed))
        for step in 0..<24 {
            editor.edit(window)
            let pixels = try window.render()
            let full = try RasterRenderer(configuration: configuration)
            let expected = try full.render(window.makeDisplayList())
            if pixels != expected {
                Issue.record("step \(step), \(editor.last): \(pixelDifference(pixels, expected))")
                break
            }
        }
    }

    @Test(arguments: [31, 32] as [UInt64])
    func textListingsMatchAFullRepaint(seed: UInt64) throws {
        let incremental = InProcessBackend(
            name: "text", capabilities: [.renderText, .retainedFrames],
            renderer: try TextRenderer(configuration: []))
        let window = galleryWindow(backend: incremental)
        _ = try window.render()
        var editor = Editor(generator: SeededGenerator(seed: seed))
        for step in 0..<40 {
            editor.edit(window)
            let listing = String(decoding: try window.render(), as: UTF8.self)
            let expected = try renderText(window)
            let got = canonicalImageIDs(listing).split(separator: "\n")
            let want = canonicalImageIDs(expected).split(separator: "\n")
            if got != want {
                let line =
                    got.indices.first { $0 >= want.count || got[$0] != want[$0] } ?? got.count
                Issue.record(
                    "step \(step), line \(line): \(got.count > line ? got[line] : "end") instead of \(want.count > line ? want[line] : "end")"
                )
                break
            }
        }
    }

    /// Where two `rgba` frames differ: the box around the pixels that differ, and how many.
    private func pixelDifference(_ got: [UInt8], _ want: [UInt8]) -> String {
        guard let a = try? RasterBitmap(rgbaOutput: got),
            let b = try? RasterBitmap(rgbaOutput: want),
            a.width == b.width, a.height == b.height
        else { return "frames of \(got.count) and \(want.count) bytes" }
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.rgba(x: x, y: y)! != b.rgba(x: x, y: y)! {
                count += 1
                box = (
                    min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x),
                    max(box?.maxY ?? y, y)
                )
            }
        }
        guard let box else { return "no pixel differs" }
        return
            "\(count) pixels differ within x \(box.minX)...\(box.maxX), y \(box.minY)...\(box.maxY)"
    }

    private func firstDifference(
        _ got: [[VirtualTerminal.Cell]], _ want: [[VirtualTerminal.Cell]]
    ) -> String? {
        for (row, (a, b)) in zip(got, want).enumerated() where a != b {
            let column = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? 0
            return "row \(row), column \(column): \(a[column]) instead of \(b[column])"
        }
        return nil
    }

    /// A listing with its images numbered in the order commands first draw them, since a
    /// window gives images lasting ids in retained frames and per-frame ids in flat lists.
    private func canonicalImageIDs(_ listing: String) -> String {
        var order: [String: Int] = [:]
        var lines = listing.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        for line in lines {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("draw-image ") else { continue }
            let id = String(trimmed.dropFirst(11).prefix { $0 != " " })
            if order[id] == nil { order[id] = order.count + 1 }
        }
        lines = lines.map { line in
            let indent = line.prefix { $0 == " " }
            let trimmed = line.dropFirst(indent.count)
            for prefix in ["draw-image ", "image "] where trimmed.hasPrefix(prefix) {
                let rest = trimmed.dropFirst(prefix.count)
                let id = String(rest.prefix { $0 != " " })
                return "\(indent)\(prefix)#\(order[id] ?? 0)" + rest.dropFirst(id.count)
            }
            return line
        }
        let images = lines.filter { $0.hasPrefix("image ") }.sorted()
        return (images + lines.filter { !$0.hasPrefix("image ") }).joined(separator: "\n")
    }
}
