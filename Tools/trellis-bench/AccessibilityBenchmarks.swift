import TrellisCore
import TrellisGeometry
import TrellisViews

/// The accessibility tree of a 1,000-view window — rows of a label, a button, a switch, a
/// slider and an image view in a scroll view — built in reading order and written as the text
/// of the `.accessibility` snapshot and `trellis a11y`.
///
/// The peer is the same window's display-list build (`Window.makeDisplayList()`, the first
/// step of every frame, which also walks every view), measured in the same run on the same
/// laid-out window, alternating with the tree.
func runAccessibilityBenchmarks() throws {
    MainActor.assumeIsolated { printTable([accessibilityTreeRow()]) }
}

@MainActor
private func accessibilityTreeRow() -> BenchRow {
    let (window, views) = accessibilityBenchWindow(rows: 125)
    window.layoutIfNeeded()
    var treeBest = Double.infinity
    var buildBest = Double.infinity
    var listBest = Double.infinity
    var bytes = 0
    var commands = 0
    for _ in 0..<10 {
        treeBest = min(
            treeBest,
            bestTime(minimumRuns: 5, maximumRuns: 5) {
                bytes = window.accessibilityTree().description.utf8.count
            })
        buildBest = min(
            buildBest, bestTime(minimumRuns: 5, maximumRuns: 5) { _ = window.accessibilityTree() })
        listBest = min(
            listBest,
            bestTime(minimumRuns: 5, maximumRuns: 5) {
                commands = window.makeDisplayList().commands.count
            })
    }
    let nodes = window.accessibilityTree().allNodes.count
    return BenchRow(
        workload: "accessibility tree + text, \(views)-view window", trellis: treeBest,
        peer: listBest, peerName: "display-list build, same window", goal: "< 5 ms",
        met: treeBest < 0.005,
        note: "tree alone \(formatSeconds(buildBest)); \(nodes) nodes, \(bytes) bytes of text; "
            + "the peer records \(commands) commands")
}

/// A window of `rows` rows of 8 views each (a row, a label, a button with its title label and
/// image view, a switch, a slider, an image view) in a scroll view; returns it with the number
/// of views below it.
@MainActor
private func accessibilityBenchWindow(rows: Int) -> (Window, Int) {
    let window = Window(size: Size(width: 390, height: 844))
    let scroll = ScrollView(frame: window.bounds)
    scroll.contentSize = Size(width: 390, height: Double(rows) * 52)
    window.addSubview(scroll)
    let icon = Image(size: Size(width: 24, height: 24), color: .orange)
    for index in 0..<rows {
        let row = View(frame: Rect(x: 0, y: Double(index) * 52, width: 390, height: 52))
        let label = Label(frame: Rect(x: 16, y: 14, width: 120, height: 24))
        label.text = "Setting \(index + 1)"
        let button = Button(image: icon, title: "Edit", spacing: 4)
        button.frame = Rect(x: 140, y: 4, width: 70, height: 44)
        let toggle = Switch(frame: Rect(x: 214, y: 4, width: 51, height: 44))
        toggle.accessibilityLabel = "Enabled"
        toggle.isOn = index % 2 == 0
        let slider = Slider(frame: Rect(x: 270, y: 4, width: 80, height: 44))
        slider.value = Double(index % 10) / 10
        let image = ImageView(image: icon)
        image.frame = Rect(x: 356, y: 14, width: 24, height: 24)
        for view in [label, button, toggle, slider, image] as [View] { row.addSubview(view) }
        scroll.addSubview(row)
    }
    var count = 0
    var pending: [View] = [window]
    while let view = pending.popLast() {
        count += view.subviews.count
        pending += view.subviews
    }
    return (window, count)
}
