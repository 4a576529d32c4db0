import Testing
import Trellis
import TrellisGallery
import TrellisTesting

/// Each seed component rebuilt with Trellis, rendered by the text backend and compared with its
/// recorded snapshot in `__Snapshots__/SeedComponentSnapshotTests/`.
@MainActor
@Suite struct SeedComponentSnapshotTests {
    @Test(arguments: Button.Direction.allCases)
    func sfButton(direction: Button.Direction) throws {
        try expectSnapshot(
            of: SeedComponents.sfButton(direction: direction), as: .text,
            named: "sfbutton-\(direction.rawValue)")
    }

    @Test func myButtonInEachState() throws {
        for name in ["normal", "highlighted", "selected"] {
            let button = SeedComponents.myButton()
            button.isHighlighted = name == "highlighted"
            button.isSelected = name == "selected"
            try expectSnapshot(of: button, as: .text, named: "mybutton-\(name)")
        }
    }

    @Test func imageTitleViewUnderEveryAlignment() throws {
        for horizontal in [ContentHorizontalAlignment.left, .center, .right, .fill] {
            for vertical in [ContentVerticalAlignment.top, .center, .bottom, .fill] {
                let view = SeedComponents.imageTitleView(horizontal: horizontal, vertical: vertical)
                try expectSnapshot(of: view, as: .text, named: "rjx-\(horizontal)-\(vertical)")
            }
        }
    }

    @Test func appCellShowsItsModel() throws {
        let cell = SeedComponents.AppCell(frame: Rect(x: 0, y: 0, width: 85, height: 90))
        cell.model = SeedComponents.apps[0]
        try expectSnapshot(of: cell, as: .text, named: "mjappview-cell")
        try expectSnapshot(of: cell, as: .hierarchy, named: "mjappview-cell")
    }

    @Test func appGridMatchesTheSeedsFrames() throws {
        let (grid, source) = SeedComponents.appGrid()
        defer { withExtendedLifetime(source) {} }
        let window = Window(size: Size(width: 320, height: 480))
        window.addSubview(grid)
        window.layoutIfNeeded()
        try expectSnapshot(of: window, as: .hierarchy, named: "mjappview-grid")
    }

    @Test func shadowViewOverlay() throws {
        let window = Window(size: Size(width: 320, height: 480))
        let overlay = Overlay(content: SeedComponents.shadowView())
        overlay.present(in: window)
        try expectSnapshot(of: window, as: .text, named: "shadowview")
    }

    @Test func galleryAsATerminalScreen() throws {
        let gallery = Gallery()
        try expectSnapshot(of: gallery.window, as: .terminal(width: 85), named: "gallery")
    }

    @Test func galleryAsVoiceOverReadsIt() throws {
        let gallery = Gallery()
        try expectSnapshot(of: gallery.window, as: .accessibility, named: "gallery")
    }

    @Test func galleryAsPixels() throws {
        let gallery = Gallery()
        try expectSnapshot(of: gallery.window, as: .png(scale: 1, tolerance: 2), named: "gallery")
    }
}
