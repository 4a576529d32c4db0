import Foundation
import Testing
import Trellis
import TrellisGallery
import TrellisPNG
import TrellisRasterRenderer

/// The demo gallery drawn through the raster plugin, laid out with the plugin's own metrics.
@MainActor
@Suite struct GalleryRenderingTests {
    /// Opens the raster plugin with a configuration.
    private func openRaster(format: String) throws -> any Backend {
        let registry = BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
        return try registry.open("raster", configuration: Array(#"{"format":"\#(format)"}"#.utf8))
    }

    @Test func twoRendersOfTheGalleryAreByteIdentical() throws {
        var renders: [[UInt8]] = []
        // Each render has its own gallery and its own plugin instance (fonts loaded afresh).
        for _ in 0..<2 {
            let backend = try openRaster(format: "png")
            let gallery = Gallery(scale: 2, backend: backend)
            renders.append(try gallery.window.render())
        }
        let png = try PNGFile(renders[0]).header
        #expect(png.width == Int(Gallery.width * 2))
        #expect(png.height == Int(Gallery.height * 2))
        #expect(renders[0] == renders[1])
    }

    @Test func renderingTheSameWindowAgainGivesTheSameBytes() throws {
        let gallery = Gallery(scale: 2, backend: try openRaster(format: "png"))
        let first = try gallery.window.render()
        gallery.window.setNeedsDisplay()
        #expect(try gallery.window.render() == first)
    }

    /// Every label of the gallery with text, button titles included, found by walking the
    /// view tree from the window and skipping hidden subtrees.
    private static func visibleLabels(in view: View) -> [Label] {
        guard !view.isHidden else { return [] }
        var labels: [Label] = []
        if let label = view as? Label, let text = label.text, !text.isEmpty {
            labels.append(label)
        }
        for subview in view.subviews { labels += visibleLabels(in: subview) }
        return labels
    }

    /// The text a display list draws, without the spaces and line breaks between runs.
    private static func drawnText(_ list: DisplayList) -> String {
        list.commands.compactMap { command -> String? in
            if case .glyphRun(let run) = command { return run.text }
            return nil
        }.joined().filter { !$0.isWhitespace }
    }

    /// Whether drawn text shows all of a label's text: every character in order (markup may
    /// add bullets), and no ellipsis the text does not have.
    private static func shows(_ text: String, whole drawn: String) -> Bool {
        var remaining = Substring(drawn)
        for character in text where !character.isWhitespace {
            guard let index = remaining.firstIndex(of: character) else { return false }
            remaining = remaining[remaining.index(after: index)...]
        }
        return drawn.filter { $0 == "…" }.count == text.filter { $0 == "…" }.count
    }

    @Test func everyGalleryLabelFitsItsTextInsideItsFrame() throws {
        let scale = 2.0
        let margin = 20.0
        let backend = try openRaster(format: "rgba")
        let gallery = Gallery(scale: scale, backend: backend)
        gallery.window.layoutIfNeeded()
        let labels = GalleryRenderingTests.visibleLabels(in: gallery.window)
        // Headings, button titles, app names, the status line and the overlay's text at least.
        #expect(labels.count >= 20)
        for label in labels {
            let text = label.text ?? ""
            let size = label.bounds.size
            let own = label.makeDisplayList(scale: scale)
            // Layout measured with the plugin's metrics, so nothing is truncated or dropped.
            let drawn = GalleryRenderingTests.drawnText(own)
            let isWhole = GalleryRenderingTests.shows(text, whole: drawn)
            #expect(isWhole, "label \"\(text)\" (\(size.width) pt wide) shows \"\(drawn)\"")
            // Only the glyphs, on a canvas with a margin all round, so that ink that would
            // overrun the frame shows instead of being cut at the canvas edge.
            var commands: [DisplayCommand] = [
                .save, .concatenate(AffineTransform(translationX: margin, y: margin)),
            ]
            commands += own.commands.filter {
                switch $0 {
                case .save, .restore, .concatenate, .glyphRun: return true
                default: return false
                }
            }
            commands.append(.restore)
            let canvas = DisplayList(
                size: Size(width: size.width + 2 * margin, height: size.height + 2 * margin),
                scale: scale, commands: commands)
            let bitmap = try RasterBitmap(rgbaOutput: backend.render(encoded: canvas.encoded()))
            let ink = try #require(
                bitmap.inkBounds(threshold: 16), "label \"\(text)\" drew no glyphs")
            // The frame in device pixels; one pixel of anti-aliasing may spill past it.
            let left = Int((margin * scale).rounded(.down)) - 1
            let top = Int((margin * scale).rounded(.down)) - 1
            let right = Int(((margin + size.width) * scale).rounded(.up))
            let bottom = Int(((margin + size.height) * scale).rounded(.up))
            let inside =
                ink.maxX <= right && ink.maxY <= bottom && ink.minX >= left && ink.minY >= top
            #expect(
                inside,
                """
                label "\(text)" (\(size.width)×\(size.height) pt) draws ink at \
                x \(ink.minX)...\(ink.maxX), y \(ink.minY)...\(ink.maxY); its frame is \
                x \(left + 1)..<\(right), y \(top + 1)..<\(bottom) px
                """)
        }
    }
}
