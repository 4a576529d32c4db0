import Foundation
import Trellis

/// Frames that cost what changed: a window of 1,000 views drawn in full and after one button
/// is highlighted, through each backend's plugin, and a 200 × 60-cell terminal after one
/// label's text changes by one character, timed from the property change to the bytes.
@MainActor
func printFrameTable() throws {
    let registry = BackendRegistry(
        discovery: PluginDiscovery(
            paths: [benchBinaryDirectory], usesEnvironment: false, usesInstallLocations: false))
    let configurations = [
        ("text", ""), ("raster", #"{"format": "rgba"}"#),
        ("terminal", #"{"frames": "diff", "colors": "truecolor"}"#),
    ]
    var rows: [BenchRow] = []
    for (name, configuration) in configurations {
        let backend = try registry.open(name, configuration: Array(configuration.utf8))
        let screen = FrameWindow(size: Size(width: 1280, height: 800), rows: 50)
        screen.window.backend = backend
        _ = try screen.window.render()
        let full = try best(runs: 15) {
            screen.window.setNeedsFullRedraw()
            _ = try screen.window.render()
        }
        var toggles = 0
        var bytes = 0
        let incremental = try best(runs: 200) {
            let button = screen.buttons[toggles % screen.buttons.count]
            toggles += 1
            button.isHighlighted.toggle()
            bytes = try screen.window.render().count
        }
        let share = incremental / full
        rows.append(
            BenchRow(
                workload: "\(name): highlight one button of \(screen.viewCount) views",
                trellis: incremental, peer: full, peerName: "full frame",
                goal: "< 5% of a full frame", met: share < 0.05,
                note: String(format: "%.2f%% of a full frame, %d bytes out", share * 100, bytes)))
    }
    let terminal = try registry.open(
        "terminal", configuration: Array(#"{"frames": "diff", "colors": "truecolor"}"#.utf8))
    let screen = FrameWindow(size: Size(width: 1600, height: 960), rows: 60)
    screen.window.backend = terminal
    // A view of one cell (8 × 16 points) whose colour changes: no layout, one cell redrawn.
    let cell = View(frame: Rect(x: 800, y: 480, width: 8, height: 16))
    screen.window.addSubview(cell)
    _ = try screen.window.render()
    var changes = 0
    var bytes = 0
    let oneCell = try best(runs: 1000) {
        changes += 1
        cell.backgroundColor = changes % 2 == 0 ? .red : .blue
        bytes = try screen.window.render().count
    }
    rows.append(
        BenchRow(
            workload: "terminal 200×60: one cell's view changes colour", trellis: oneCell,
            peer: nil, peerName: "", goal: "< 20 µs, property change to bytes",
            met: oneCell < 20e-6, note: "\(bytes) bytes out"))
    let oneCharacter = try best(runs: 500) {
        let label = screen.labels[(changes * 37) % screen.labels.count]
        changes += 1
        // One character differs from what the label shows: it is measured and laid out again.
        let text = label.text ?? ""
        label.text = String(text.dropLast()) + (text.last == "x" ? "y" : "x")
        bytes = try screen.window.render().count
    }
    rows.append(
        BenchRow(
            workload: "terminal 200×60: one label changes one character",
            trellis: oneCharacter, peer: nil, peerName: "",
            note: "\(bytes) bytes out; the label is measured through the plugin and laid out"))
    printTable(rows)
}

/// The best time of runs of `body`, run once first to warm up.
@MainActor
private func best(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var best = Double.infinity
    for _ in 0..<runs {
        let start = now()
        try body()
        best = min(best, now() - start)
    }
    return best
}

/// A window of rows of twenty small views placed by frames: labels and, every tenth, a
/// button; twenty views a row, the row included.
@MainActor
private struct FrameWindow {
    let window: Window
    let labels: [Label]
    let buttons: [Button]
    let viewCount: Int

    init(size: Size, rows: Int) {
        window = Window(size: size)
        var labels: [Label] = []
        var buttons: [Button] = []
        var count = 1
        let rowHeight = size.height / Double(rows)
        let width = size.width / 19
        for row in 0..<rows {
            let line = View(
                frame: Rect(x: 0, y: Double(row) * rowHeight, width: size.width, height: rowHeight))
            line.backgroundColor = row % 2 == 0 ? .white : Color(white: 0.96)
            window.addSubview(line)
            count += 1
            for column in 0..<19 {
                let frame = Rect(
                    x: Double(column) * width, y: 0, width: width - 4, height: rowHeight)
                if column % 10 == 9 {
                    let button = Button(frame: frame)
                    button.setTitle("Go", for: .normal)
                    button.setTitleColor(.blue, for: .normal)
                    button.setBackgroundColor(Color(white: 0.8), for: .highlighted)
                    line.addSubview(button)
                    buttons.append(button)
                } else {
                    let label = Label(frame: frame)
                    label.text = "Item \(row * 19 + column)"
                    label.font = .system(size: 10)
                    line.addSubview(label)
                    labels.append(label)
                }
                count += 1
            }
        }
        self.labels = labels
        self.buttons = buttons
        viewCount = count
        window.layoutIfNeeded()
    }
}
