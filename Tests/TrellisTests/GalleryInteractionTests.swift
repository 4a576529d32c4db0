import Testing
import Trellis
import TrellisGallery

/// The gallery's app grid under touches and the wheel, as the interactive demo drives it.
@MainActor
@Suite struct GalleryInteractionTests {
    /// A gallery in a window 640 points tall, shorter than its 1060 points of content.
    private func makeGallery() throws -> (Gallery, CollectionView) {
        let gallery = Gallery(size: Size(width: Gallery.width, height: 640))
        gallery.window.layoutIfNeeded()
        let grid = try #require(gallery.window.view(withIdentifier: "app-grid") as? CollectionView)
        return (gallery, grid)
    }

    /// The centre of an app's cell, in window coordinates.
    private func centre(ofApp item: Int, in grid: CollectionView, window: Window) throws -> Point {
        let cell = try #require(grid.cellForItem(at: IndexPath(item: item, section: 0)))
        return cell.convert(Point(x: cell.bounds.midX, y: cell.bounds.midY), to: window)
    }

    @Test func tappingAnAppSelectsItAndReportsItInTheStatusLabel() throws {
        let (gallery, grid) = try makeGallery()
        let window = gallery.window
        gallery.scrollView.contentOffset = Point(x: 0, y: 420)
        window.layoutIfNeeded()
        let app5 = try centre(ofApp: 4, in: grid, window: window)
        window.dispatch(Touch(phase: .began, location: app5))
        let cell = try #require(grid.cellForItem(at: IndexPath(item: 4, section: 0)))
        #expect(cell.backgroundColor == SeedComponents.AppCell.highlightedColor)
        window.dispatch(Touch(phase: .ended, location: app5))
        #expect(gallery.statusLabel.text == "selected App 5")
        #expect(grid.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        #expect(cell.backgroundColor == SeedComponents.AppCell.selectedColor)
        // Another app takes the selection and the first goes back to no background.
        let app10 = try centre(ofApp: 9, in: grid, window: window)
        window.dispatch(Touch(phase: .began, location: app10))
        window.dispatch(Touch(phase: .ended, location: app10))
        #expect(gallery.statusLabel.text == "selected App 10")
        #expect(grid.indexPathsForSelectedItems == [IndexPath(item: 9, section: 0)])
        #expect(cell.backgroundColor == nil)
    }

    @Test func theWheelOverTheGridScrollsTheGalleryBecauseTheAppsFit() throws {
        let (gallery, grid) = try makeGallery()
        let window = gallery.window
        // The grid starts at y 616: a point 20 points into it is on screen.
        let overGrid = Point(x: 40, y: 636)
        #expect(window.hitTest(overGrid)?.isDescendant(of: grid) == true)
        #expect(
            window.dispatchScroll(Size(width: 0, height: 48), at: overGrid) === gallery.scrollView)
        #expect(gallery.scrollView.contentOffset.y == 48)
        #expect(grid.contentOffset.y == 0)
    }
}

/// A gallery that is let go frees all its views: no action closure keeps a view alive through
/// a cycle (the interactive demo showed one under valgrind).
@MainActor
@Suite struct GalleryLifetimeTests {
    @Test func aReleasedGalleryFreesItsViews() {
        weak var window: Window?
        weak var overlayArea: View?
        weak var shadowButton: View?
        do {
            let gallery = Gallery(size: Size(width: Gallery.width, height: 640))
            gallery.window.layoutIfNeeded()
            window = gallery.window
            overlayArea = gallery.window.view(withIdentifier: "shadow-area")
            shadowButton = gallery.window.view(withIdentifier: "shadow-button")
            #expect(overlayArea != nil && shadowButton != nil)
        }
        #expect(window == nil)
        #expect(overlayArea == nil)
        #expect(shadowButton == nil)
    }
}
