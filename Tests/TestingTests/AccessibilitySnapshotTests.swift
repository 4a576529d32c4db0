import Foundation
import Testing
import Trellis

@testable import TrellisTesting

/// A small settings screen: a heading, a labelled switch, a slider and a button.
@MainActor
private func settingsWindow(labelled: Bool = true) -> Window {
    let window = Window(size: Size(width: 320, height: 200))
    let heading = Label(frame: Rect(x: 16, y: 16, width: 288, height: 24))
    heading.text = "Settings"
    heading.font = .system(size: 20, weight: .bold)
    heading.accessibilityTraits = [.staticText, .header]
    let toggle = Switch(frame: Rect(x: 253, y: 56, width: 51, height: 44))
    toggle.isOn = true
    toggle.accessibilityIdentifier = "wifi"
    if labelled { toggle.accessibilityLabel = "Wi-Fi" }
    let slider = Slider(frame: Rect(x: 16, y: 56, width: 220, height: 44))
    slider.value = 0.3
    slider.accessibilityLabel = "Volume"
    let save = Button(image: nil, title: "Save")
    save.frame = Rect(x: 16, y: 120, width: 100, height: 44)
    save.backgroundColor = Color(red: 0, green: 0.38, blue: 0.8)
    save.accessibilityHint = "Saves the settings"
    for view in [heading, toggle, slider, save] as [View] { window.addSubview(view) }
    return window
}

@MainActor
@Suite struct AccessibilitySnapshotTests {
    @Test func settingsScreen() throws {
        // The reference is in __Snapshots__/AccessibilitySnapshotTests/settings.accessibility.txt.
        try expectSnapshot(of: settingsWindow(), as: .accessibility, named: "settings")
    }

    @Test func theSnapshotIsTheTreesOutline() throws {
        let window = settingsWindow()
        let bytes = try Snapshotting.accessibility.snapshot(window)
        #expect(String(decoding: bytes, as: UTF8.self) == window.accessibilityTree().description)
        #expect(Snapshotting.accessibility.fileExtension == "accessibility.txt")
    }

    @Test func aChangedTreeFailsWithADiff() throws {
        let file = try temporaryTestFile()
        defer { removeTemporaryTestFile(file) }
        _ = failureMessage {
            try expectSnapshot(
                of: settingsWindow(), as: .accessibility, named: "settings", filePath: file)
        }
        let message = failureMessage {
            try expectSnapshot(
                of: settingsWindow(labelled: false), as: .accessibility, named: "settings",
                filePath: file)
        }
        #expect(message.contains(#"-- toggleButton "Wi-Fi" value="1""#), "\(message)")
        #expect(message.contains(#"+- toggleButton value="1""#), "\(message)")
    }

    @Test func expectAccessiblePassesAnAccessibleScreen() throws {
        #expect(try expectAccessible(settingsWindow()).isEmpty)
    }

    @Test func expectAccessibleFailsWithEachIssueAndWhereItIs() throws {
        final class Box: @unchecked Sendable { var messages: [String] = [] }
        let box = Box()
        var returned: [AccessibilityIssue] = []
        try withKnownIssue {
            returned = try expectAccessible(settingsWindow(labelled: false))
        } matching: { issue in
            box.messages.append(issue.comments.map(\.rawValue).joined())
            return true
        }
        #expect(returned.map(\.kind) == [.missingLabel])
        #expect(box.messages.count == 1)
        #expect(
            box.messages.first?.hasPrefix(
                "missingLabel: Window/Switch#wifi frame=(253, 56, 51, 44)") == true)
        // Only the rules asked for are checked.
        #expect(
            try expectAccessible(settingsWindow(labelled: false), checking: [.lowContrast]).isEmpty)
    }

    @Test func expectAccessibleThrowsOutsideSwiftTesting() async throws {
        let thrown = await Task.detached { @MainActor () -> String? in
            do {
                try expectAccessible(settingsWindow(labelled: false))
                return nil
            } catch {
                return "\(error)"
            }
        }.value
        let text = try #require(thrown)
        #expect(text.hasPrefix("accessibility audit found 1 issue(s):\nmissingLabel: "))
    }
}
