import Glibc
import Trellis

/// A settings screen: every control reports what it does in the status line.
@MainActor
final class SettingsScreen {
    let window = Window(size: Size(width: 640, height: 384))
    private let title = Label()
    private let darkMode = Switch()
    private let darkModeLabel = Label()
    private let volume = Slider()
    private let volumeLabel = Label()
    private let quality = SegmentedControl(items: ["Low", "Medium", "High"])
    private let copies = Stepper()
    private let copiesLabel = Label()
    private let reset = Button()
    private let status = Label()

    init() {
        title.text = "Settings"
        title.font = .system(size: 17, weight: .bold)
        darkModeLabel.text = "Dark mode"
        volume.value = 0.5
        quality.selectedSegmentIndex = 1
        copies.minimumValue = 1
        copies.maximumValue = 9
        copies.value = 1
        reset.setTitle("Reset", for: .normal)
        reset.setTitleColor(.white, for: .normal)
        reset.backgroundColor = Color(red: 0, green: 0.48, blue: 1)
        status.text = "Click, drag or Tab; q quits"
        for view: View in [
            title, darkMode, darkModeLabel, volume, volumeLabel, quality, copies, copiesLabel,
            reset, status,
        ] {
            window.addSubview(view)
        }
        darkMode.addAction(
            ControlAction { [unowned self] _ in
                status.text = "Dark mode " + (darkMode.isOn ? "on" : "off")
            }, for: .valueChanged)
        volume.addAction(
            ControlAction { [unowned self] _ in
                showVolume()
                status.text = "Volume changed"
            }, for: .valueChanged)
        quality.addAction(
            ControlAction { [unowned self] _ in
                status.text =
                    "Quality: " + (quality.titleForSegment(at: quality.selectedSegmentIndex) ?? "")
            }, for: .valueChanged)
        copies.addAction(
            ControlAction { [unowned self] _ in
                showCopies()
                status.text = "Copies changed"
            }, for: .valueChanged)
        reset.addAction(
            ControlAction { [unowned self] _ in
                darkMode.setOn(false, animated: false)
                volume.value = 0.5
                quality.selectedSegmentIndex = 1
                copies.value = 1
                showVolume()
                showCopies()
                status.text = "Everything is back to its default"
            }, for: .touchUpInside)
        showVolume()
        showCopies()
    }

    private func showVolume() {
        volumeLabel.text = "Volume \(Int((volume.value * 100).rounded())) %"
    }

    private func showCopies() {
        copiesLabel.text = "\(Int(copies.value)) copies"
    }

    /// Places the controls for the window's width, one row every 32 points.
    func layout(_ window: Window) {
        let width = max(window.size.width - 32, 200)
        title.frame = Rect(x: 16, y: 16, width: width, height: 32)
        darkMode.frame = Rect(x: 16, y: 64, width: 56, height: 32)
        darkModeLabel.frame = Rect(x: 88, y: 64, width: 160, height: 32)
        volume.frame = Rect(x: 16, y: 112, width: min(width - 144, 320), height: 32)
        volumeLabel.frame = Rect(x: 32 + min(width - 144, 320), y: 112, width: 128, height: 32)
        quality.frame = Rect(x: 16, y: 160, width: 240, height: 32)
        copies.frame = Rect(x: 16, y: 208, width: 96, height: 32)
        copiesLabel.frame = Rect(x: 128, y: 208, width: 128, height: 32)
        reset.frame = Rect(x: 16, y: 256, width: 96, height: 32)
        status.frame = Rect(x: 16, y: 304, width: width, height: 32)
    }
}

let screen = SettingsScreen()
do {
    try TerminalApp.run(window: screen.window) { window in screen.layout(window) }
} catch {
    print("settings: \(error)")
    exit(1)
}
