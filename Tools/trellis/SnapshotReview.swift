import Glibc
import Trellis
import TrellisPNG
import TrellisSnapshots

/// `trellis snapshots review`: a live terminal application, built with Trellis' own views,
/// that walks the pending snapshots one at a time — a coloured line diff for text snapshots,
/// terminal snapshots shown as the screens they are (`t` switches between the new screen, the
/// reference screen and the line diff), the reference and the new image side by side with the
/// changed region outlined for PNG — and accepts, rejects or skips each (keys `a`, `r`, `s`,
/// `A` for all; the buttons take clicks; `q` quits).
@MainActor
enum SnapshotReview {
    /// Runs the review until every snapshot is decided or the user quits.
    static func run(pending: [PendingSnapshot]) throws(CommandError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandError(
                "'trellis snapshots review' needs a terminal; use 'trellis snapshots list', "
                    + "'accept' or 'reject' in scripts")
        }
        let screen = ReviewScreen(pending: pending)
        do {
            try TerminalApp.run(window: screen.window) { window in
                screen.layout(in: window.bounds)
            }
        } catch {
            throw CommandError(error.description)
        }
        try StandardStreams.output(screen.summary + "\n")
    }
}

/// The review screen: a list of the pending snapshots, the current one's difference, and the
/// buttons that decide it.
@MainActor
final class ReviewScreen {
    let window = Window(size: Size(width: 800, height: 480))
    private let root = KeyView()
    private let title = Label()
    private let list = View()
    private let content = View()
    private let status = Label()
    private let buttons: [Button]
    private(set) var pending: [PendingSnapshot]
    private(set) var index = 0
    private(set) var counts = (accepted: 0, rejected: 0, skipped: 0)
    private var failure: String?
    /// What a terminal snapshot shows: the new screen, the reference screen, or the line diff.
    private var terminalView = 0

    init(pending: [PendingSnapshot]) {
        self.pending = pending
        let names = ["Accept (a)", "Reject (r)", "Skip (s)", "Accept all (A)"]
        buttons = names.map { name in
            let button = Button(image: nil, title: name, font: .system(size: 13))
            button.setTitleColor(.black, for: .normal)
            button.borderWidth = 1
            button.accessibilityIdentifier = name
            return button
        }
        window.backgroundColor = .white
        window.addSubview(root)
        title.font = .system(size: 13, weight: .bold)
        status.font = .system(size: 13)
        status.textColor = Color(white: 0.35)
        for view in [title, list, content, status] as [View] { root.addSubview(view) }
        let actions: [@MainActor () -> Void] = [
            { [unowned self] in decide(accept: true) },
            { [unowned self] in decide(accept: false) },
            { [unowned self] in skip() },
            { [unowned self] in acceptAll() },
        ]
        for (button, action) in zip(buttons, actions) {
            root.addSubview(button)
            button.addAction(
                ControlAction(identifier: "review") { _ in action() }, for: .touchUpInside)
        }
        root.onKey = { [unowned self] key in
            switch key {
            case .text("a"): decide(accept: true)
            case .text("r"): decide(accept: false)
            case .text("s"), .right, .down: skip()
            case .text("A"): acceptAll()
            case .text("t"):
                terminalView = (terminalView + 1) % 3
                show()
            default: return false
            }
            return true
        }
        _ = window.focus(root)
        show()
    }

    /// What was decided, in one line.
    var summary: String {
        "\(counts.accepted) accepted, \(counts.rejected) rejected, \(counts.skipped) skipped, "
            + "\(pending.count - index) left"
    }

    /// Places everything in the window's bounds.
    func layout(in bounds: Rect) {
        root.frame = bounds
        title.frame = Rect(x: 8, y: 0, width: bounds.width - 16, height: 16)
        let listWidth = min(240, (bounds.width / 3).rounded())
        // Everything sits on the 16-point rows of the terminal's cells.
        list.frame = Rect(x: 8, y: 32, width: listWidth, height: max(0, bounds.height - 96))
        content.frame = Rect(
            x: listWidth + 24, y: 32, width: max(0, bounds.width - listWidth - 32),
            height: max(0, bounds.height - 96))
        var x = 8.0
        for button in buttons {
            let width = Double(button.title(for: .normal)?.count ?? 8) * 8 + 16
            button.frame = Rect(x: x, y: bounds.height - 64, width: width, height: 48)
            x += width + 8
        }
        status.frame = Rect(x: 8, y: bounds.height - 16, width: bounds.width - 16, height: 16)
        show()
    }

    private func decide(accept: Bool) {
        guard index < pending.count else { return }
        do {
            if accept { try pending[index].accept() } else { try pending[index].reject() }
            failure = nil
            if accept { counts.accepted += 1 } else { counts.rejected += 1 }
            index += 1
        } catch {
            failure = error.description
        }
        show()
    }

    private func skip() {
        guard index < pending.count else { return }
        counts.skipped += 1
        index += 1
        show()
    }

    private func acceptAll() {
        while index < pending.count, failure == nil { decide(accept: true) }
    }

    /// Shows the current snapshot, or that none is left.
    private func show() {
        for view in list.subviews + content.subviews { view.removeFromSuperview() }
        for (row, snapshot) in pending.enumerated() {
            let label = Label(
                frame: Rect(x: 0, y: Double(row) * 16, width: list.bounds.width, height: 16))
            label.font = .system(size: 13)
            label.text = (row == index ? "> " : "  ") + snapshot.name
            label.textColor = row < index ? Color(white: 0.55) : .black
            if row == index { label.backgroundColor = Color(red: 0.85, green: 0.9, blue: 1) }
            list.addSubview(label)
        }
        status.text = failure ?? summary + " · q quits"
        guard index < pending.count else {
            title.text =
                pending.isEmpty ? "No pending snapshots" : "Done: no snapshot left to review"
            return
        }
        let snapshot = pending[index]
        title.text =
            "\(index + 1) of \(pending.count): \(snapshot.name)"
            + (snapshot.hasReference ? "" : " (new, no reference)")
        switch snapshot.kind {
        case .image: showImages(snapshot)
        case .text: showDiff(snapshot)
        case .terminal:
            let names = ["new screen", "reference screen", "diff"]
            title.text =
                (title.text ?? "")
                + " · \(names[terminalView]) (t: \(names[(terminalView + 1) % 3]))"
            let path = terminalView == 0 ? snapshot.pending : snapshot.reference
            if terminalView < 2, let text = Self.text(path) {
                showScreen(TerminalScreen(snapshotText: text))
            } else {
                showDiff(snapshot)
            }
        }
    }

    /// The reference and the new image side by side, each with the changed region outlined.
    private func showImages(_ snapshot: PendingSnapshot) {
        let new = Self.image(snapshot.pending)
        let reference = snapshot.hasReference ? Self.image(snapshot.reference) : nil
        var region: ImageDifference.Region?
        var summary = "new image"
        if let reference, let new {
            let difference = ImageDifference(reference: reference, actual: new)
            region = difference.changedRegion
            summary =
                (difference.summary ?? "the pixels are equal") + (region.map { " in \($0)" } ?? "")
        }
        let caption = Label(frame: Rect(x: 0, y: 0, width: content.bounds.width, height: 16))
        caption.font = .system(size: 13)
        caption.text = summary
        content.addSubview(caption)
        let half = (content.bounds.width - 8) / 2
        for (column, (name, image)) in [("reference", reference), ("new", new)].enumerated() {
            let x = Double(column) * (half + 8)
            let heading = Label(frame: Rect(x: x, y: 32, width: half, height: 16))
            heading.font = .system(size: 13, weight: .bold)
            heading.text = name
            content.addSubview(heading)
            guard let image else { continue }
            let box = Rect(x: x, y: 64, width: half, height: max(0, content.bounds.height - 64))
            let view = ImageView(frame: box)
            view.contentMode = .scaleAspectFit
            view.image = Image(
                pixels: PixelBuffer(width: image.width, height: image.height, bytes: image.pixels))
            content.addSubview(view)
            guard let region, image.width > 0, image.height > 0 else { continue }
            let scale = min(box.width / Double(image.width), box.height / Double(image.height))
            let fitted = Size(
                width: Double(image.width) * scale, height: Double(image.height) * scale)
            let origin = Point(
                x: box.minX + (box.width - fitted.width) / 2,
                y: box.minY + (box.height - fitted.height) / 2)
            let outline = View(
                frame: Rect(
                    x: origin.x + Double(region.x) * scale, y: origin.y + Double(region.y) * scale,
                    width: max(8, Double(region.width) * scale),
                    height: max(16, Double(region.height) * scale)))
            outline.borderWidth = 2
            outline.borderColor = .red
            outline.accessibilityIdentifier = "changed-region"
            content.addSubview(outline)
        }
    }

    /// A unified diff, removed lines red and added lines green.
    private func showDiff(_ snapshot: PendingSnapshot) {
        let new = Self.text(snapshot.pending) ?? ""
        let reference = snapshot.hasReference ? Self.text(snapshot.reference) : nil
        let diff =
            reference.map { LineDiff.diff(reference: $0, actual: new) ?? "the files are equal" }
            ?? new
        let scroll = ScrollView(frame: content.bounds)
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
        for (row, line) in lines.enumerated() {
            let label = Label(
                frame: Rect(x: 0, y: Double(row) * 16, width: content.bounds.width, height: 16))
            label.font = .system(size: 13)
            label.text = String(line)
            if line.hasPrefix("+") {
                label.textColor = Color(red: 0.1, green: 0.45, blue: 0.2)
                label.backgroundColor = Color(red: 0.89, green: 0.96, blue: 0.91)
            } else if line.hasPrefix("-") {
                label.textColor = Color(red: 0.7, green: 0.15, blue: 0.12)
                label.backgroundColor = Color(red: 0.99, green: 0.9, blue: 0.9)
            } else if line.hasPrefix("@@") {
                label.textColor = Color(white: 0.45)
            }
            scroll.addSubview(label)
        }
        scroll.contentSize = Size(width: content.bounds.width, height: Double(lines.count) * 16)
        content.addSubview(scroll)
    }

    /// A terminal snapshot as the screen it is: each run of one style a label in its colours,
    /// one cell 8 × 16 points.
    private func showScreen(_ screen: TerminalScreen) {
        let scroll = ScrollView(frame: content.bounds)
        for row in screen.rows.indices {
            for run in screen.runs(ofRow: row) {
                let label = Label(
                    frame: Rect(
                        x: Double(run.column) * 8, y: Double(row) * 16,
                        width: Double(run.text.count) * 8, height: 16))
                label.font = .system(size: 13, weight: run.style.isBold ? .bold : .regular)
                label.text = run.text
                label.lineBreakMode = .byClipping
                label.textColor = run.style.foreground.map(Self.color) ?? .black
                if let background = run.style.background {
                    label.backgroundColor = Self.color(background)
                }
                scroll.addSubview(label)
            }
        }
        scroll.contentSize = Size(
            width: Double(screen.rows.map(\.count).max() ?? 0) * 8,
            height: Double(screen.rows.count) * 16)
        content.addSubview(scroll)
    }

    private static func color(_ cell: TerminalScreen.CellColor) -> Color {
        let (red, green, blue) = cell.rgb
        return Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
    }

    /// A text snapshot, ill-formed UTF-8 repaired.
    private static func text(_ path: String) -> String? {
        Files.contents(of: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func image(_ path: String) -> PNGImage? {
        guard let bytes = Files.contents(of: path) else { return nil }
        return try? PNGDecoder.decode(bytes, maximumPixels: 1 << 26)
    }
}

/// The screen's root: it takes focus and hands the keys no control used to the review.
final class KeyView: View {
    var onKey: (KeyInput) -> Bool = { _ in false }

    override var canBecomeFocused: Bool { true }

    override func handleKey(_ key: KeyInput) -> Bool { onKey(key) }
}
