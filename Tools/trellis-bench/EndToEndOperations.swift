import Foundation
import Trellis
import TrellisTextRenderer

/// The operations an app makes on a large window, timed per operation at each size so that the
/// growth from one size to the next shows whether an operation is O(1) or O(log n) as UIKit
/// users expect (goal: ten times the views cost at most twice as much per operation).
@MainActor
func printOperationTable(sizes: [Int]) throws {
    var results: [(name: String, perOperation: [Double])] = []
    var memory: [Double] = []
    for size in sizes {
        for (index, measured) in try measureOperations(size: size).enumerated() {
            if results.count <= index { results.append((measured.name, [])) }
            results[index].perOperation.append(measured.seconds)
        }
        memory.append(try measureViewMemory(count: size))
    }
    var lines = [["operation"] + sizes.map { "\($0) views" } + ["growth per ×10", "goal ≤ ×2", ""]]
    for result in results {
        var growth: [Double] = []
        for index in result.perOperation.indices.dropFirst() {
            growth.append(result.perOperation[index] / result.perOperation[index - 1])
        }
        let worst = growth.max() ?? 1
        lines.append(
            [result.name] + result.perOperation.map(formatSeconds)
                + [
                    growth.map { String(format: "×%.2f", $0) }.joined(separator: ", "),
                    worst <= 2 ? "yes" : "NO", "",
                ])
    }
    lines.append(
        ["heap per plain view with a flex style of its own"]
            + memory.map { String(format: "%.0f B", $0) }
            + [
                "", (memory.last ?? .infinity) <= 1024 ? "yes (≤ 1 KiB)" : "NO (> 1 KiB)",
                "at the largest size, where the process's own memory is spread thinnest",
            ])
    printAligned(lines)
}

/// A window of `size` views for the operations: sections of ten rows of ten views, every row
/// holding labels and one button, placed by frames as a hand-built UIKit screen is.
@MainActor
private struct OperationWindow {
    let window: Window
    let labels: [Label]
    let buttons: [Button]

    init(size: Int) {
        window = Window(size: Size(width: 1280, height: 800))
        var labels: [Label] = []
        var buttons: [Button] = []
        var made = 0
        var sectionIndex = 0
        while made < size {
            let section = View(
                frame: Rect(x: 0, y: Double(sectionIndex % 8) * 100, width: 1280, height: 100))
            window.addSubview(section)
            made += 1
            for rowIndex in 0..<10 where made < size {
                let row = View(frame: Rect(x: 0, y: Double(rowIndex) * 10, width: 1280, height: 10))
                section.addSubview(row)
                made += 1
                for column in 0..<10 where made < size {
                    let frame = Rect(x: Double(column) * 128, y: 0, width: 120, height: 10)
                    if column == 9 {
                        let button = Button(frame: frame)
                        button.setTitle("Go", for: .normal)
                        row.addSubview(button)
                        buttons.append(button)
                    } else {
                        let label = Label(frame: frame)
                        label.text = "Item \(made)"
                        label.font = .system(size: 8)
                        row.addSubview(label)
                        labels.append(label)
                    }
                    made += 1
                }
            }
            sectionIndex += 1
        }
        self.labels = labels
        self.buttons = buttons
        window.layoutIfNeeded()
    }
}

/// Each operation's best time per operation at one size.
@MainActor
private func measureOperations(size: Int) throws -> [(name: String, seconds: Double)] {
    var results: [(String, Double)] = []
    // Each run changes texts to ones it has not used before, so that no run is a no-op.
    var run = 0
    // The best of at least three runs and of 50 ms of runs: a run over a thousand views takes
    // a fraction of a millisecond, and the best of three of those moved by ×2 between
    // invocations of the benchmark.
    func perOperation(_ name: String, count: Int, _ body: () throws -> Void) rethrows {
        var best = Double.infinity
        var runs = 0
        var spent = 0.0
        while runs < 3 || (spent < 0.05 && runs < 200) {
            run += 1
            runs += 1
            let start = now()
            try body()
            let elapsed = now() - start
            best = min(best, elapsed)
            spent += elapsed
        }
        results.append((name, best / Double(count)))
    }

    // Building a flat container of `size` views, and taking it apart front to back, as
    // `subviews.forEach { $0.removeFromSuperview() }` does.
    perOperation("View(frame:) + flexStyle", count: size) {
        var views: [View] = []
        views.reserveCapacity(size)
        for index in 0..<size {
            let view = View(frame: Rect(x: Double(index % 100), y: 0, width: 1, height: 1))
            view.flexStyle = FlexStyle()
            views.append(view)
        }
        withExtendedLifetime(views) {}
    }
    let views = (0..<size).map { View(frame: Rect(x: Double($0 % 100), y: 0, width: 1, height: 1)) }
    let container = View(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
    let host = Window(size: Size(width: 1280, height: 800))
    host.addSubview(container)
    perOperation("addSubview", count: size) {
        for view in views { container.addSubview(view) }
        for view in views { view.removeFromSuperview() }
    }
    perOperation("addSubview + removeFromSuperview, front to back", count: size) {
        for view in views { container.addSubview(view) }
        for view in container.subviews { view.removeFromSuperview() }
    }
    for view in views { container.addSubview(view) }
    try perOperation("activate 4 constraints (one call a view)", count: size) {
        var previous: View?
        var all: [[LayoutConstraint]] = []
        all.reserveCapacity(size)
        for view in views {
            view.translatesAutoresizingMaskIntoConstraints = false
            let constraints = [
                view.leadingAnchor.constraint(
                    equalTo: previous?.trailingAnchor ?? container.leadingAnchor),
                view.topAnchor.constraint(equalTo: container.topAnchor),
                view.widthAnchor.constraint(equalToConstant: 1),
                view.heightAnchor.constraint(equalToConstant: 1),
            ]
            try LayoutConstraint.activate(constraints)
            all.append(constraints)
            previous = view
        }
        for constraints in all { LayoutConstraint.deactivate(constraints) }
        for view in views { view.translatesAutoresizingMaskIntoConstraints = true }
    }
    for view in views { view.removeFromSuperview() }

    // A screen of `size` views placed by frames.
    let screen = OperationWindow(size: size)
    let repeats = 2000
    perOperation("setNeedsLayout + layoutIfNeeded on one view", count: repeats) {
        for index in 0..<repeats {
            screen.labels[(index * 7919) % screen.labels.count].setNeedsLayout()
            screen.window.layoutIfNeeded()
        }
    }
    perOperation("change one label's text + layoutIfNeeded", count: repeats) {
        for index in 0..<repeats {
            screen.labels[(index * 7919) % screen.labels.count].text = "Changed \(run).\(index)"
            screen.window.layoutIfNeeded()
        }
    }
    perOperation("tap a button (began + ended)", count: repeats) {
        for index in 0..<repeats {
            let button = screen.buttons[(index * 31) % screen.buttons.count]
            let point = button.convert(Point(x: 5, y: 5), to: screen.window)
            screen.window.dispatch(Touch(phase: .began, location: point))
            screen.window.dispatch(Touch(phase: .ended, location: point))
        }
    }
    // The frame a backend that keeps segments gets after one change: only what changed.
    let keeper = InProcessBackend(
        name: "text", capabilities: [.renderText, .retainedFrames],
        renderer: try TextRenderer(configuration: []))
    _ = screen.window.makeRetainedFrame(for: keeper)
    perOperation("retained frame after one label's text changes", count: repeats) {
        for index in 0..<repeats {
            screen.labels[(index * 7919) % screen.labels.count].text = "Again \(run).\(index)"
            _ = screen.window.makeRetainedFrame(for: keeper).encoded()
        }
    }
    return results
}

/// The memory one plain view with a flex style holds: a fresh process of this benchmark
/// (`trellis-bench --probe-view-memory N`) makes `count` of them and reports how much its
/// resident memory grew per view.
private func measureViewMemory(count: Int) throws -> Double {
    let output = NSTemporaryDirectory() + "trellis-bench-probe-\(getpid())"
    defer { unlink(output) }
    _ = try runChildProcess(
        benchBinaryDirectory + "/trellis-bench", ["--probe-view-memory", String(count)],
        outputPath: output)
    guard let text = try? String(contentsOfFile: output, encoding: .utf8),
        let bytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw BenchError("the view memory probe printed nothing usable") }
    return bytes
}

/// The probe itself: makes `count` plain views, each with a flex style of its own, and prints
/// the growth of resident memory per view.
@MainActor
func probeViewMemory(count: Int) {
    var views: [View] = []
    views.reserveCapacity(count)
    let before = residentBytes()
    for index in 0..<count {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        // Each view's style differs from the others', so that none is shared: the most a view
        // with a style can cost.
        var style = FlexStyle()
        style.width = .points(Double(index))
        style.height = .points(10)
        view.flexStyle = style
        views.append(view)
    }
    let grown = residentBytes() - before
    withExtendedLifetime(views) {}
    print(Double(grown) / Double(max(count, 1)))
}
