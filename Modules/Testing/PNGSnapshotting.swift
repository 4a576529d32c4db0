import Foundation
import Trellis
import TrellisPNG
import TrellisSnapshots

extension Snapshotting {
    /// The view drawn by the raster backend as PNG at a scale, compared pixel by pixel.
    ///
    /// Text is laid out with the raster backend's own metrics, as it will be drawn; with
    /// ``SnapshotLayout/sizeThatFits`` the view is also sized to fit its content under those
    /// metrics first, so that a component sized with other metrics is not clipped.
    ///
    /// - Parameters:
    ///   - scale: Device pixels per point.
    ///   - tolerance: The largest difference, per 8-bit channel, that still counts as equal.
    ///   - layout: Whether to keep the view's frame or size it to fit.
    public static func png(
        scale: Double = 2, tolerance: UInt8 = 0, layout: SnapshotLayout = .fixed
    ) -> Snapshotting {
        Snapshotting(
            fileExtension: "png",
            snapshot: { view in
                let backend = try SnapshotBackends.open("raster")
                // Text is laid out with the raster backend's own metrics, as it will be drawn.
                let list = SnapshotHost.withBackend(backend, view) {
                    if layout == .sizeThatFits { view.sizeToFit() }
                    return SnapshotHost.displayList(of: view, scale: scale)
                }
                do {
                    return try backend.render(encoded: list.encoded())
                } catch {
                    throw SnapshotError("the raster backend failed: \(error)")
                }
            },
            compare: { reference, actual in
                PixelComparison.compare(reference, actual, tolerance: tolerance)
            })
    }
}

/// How a snapshot sizes the view before drawing it.
public enum SnapshotLayout: Sendable, Hashable {
    /// The view keeps its frame.
    case fixed
    /// The view is sized with `sizeToFit()` under the snapshot's own text metrics; its frame is
    /// restored afterwards.
    case sizeThatFits
}

/// Pixel comparison of two PNG images.
enum PixelComparison {
    static func compare(_ reference: [UInt8], _ actual: [UInt8], tolerance: UInt8)
        -> SnapshotDifference?
    {
        if reference == actual { return nil }
        let old: PNGImage
        let new: PNGImage
        do throws(PNGError) {
            old = try PNGDecoder.decode(reference, maximumPixels: Image.maximumPixels)
            new = try PNGDecoder.decode(actual, maximumPixels: Image.maximumPixels)
        } catch {
            return SnapshotDifference(message: "cannot decode a snapshot: \(error)")
        }
        let difference = ImageDifference(reference: old, actual: new, tolerance: tolerance)
        guard let summary = difference.summary else { return nil }
        let image = difference.image
        var attachments: [(suffix: String, bytes: [UInt8])] = []
        if let png = try? PNGEncoder.encode(
            rgba: image.pixels, width: image.width, height: image.height)
        {
            attachments.append(("diff.png", png))
        }
        return SnapshotDifference(message: summary, attachments: attachments)
    }
}

/// Opens backends for snapshots, once per process.
@MainActor
enum SnapshotBackends {
    private static var registry: BackendRegistry?

    /// Opens a backend with a configuration, or with the one it names for files.
    static func open(_ name: String, configuration: [UInt8]? = nil) throws -> any Backend {
        let registry = registry ?? BackendRegistry()
        self.registry = registry
        do {
            if let configuration { return try registry.open(name, configuration: configuration) }
            return try registry.openForFile(name)
        } catch {
            throw SnapshotError("the \(name) backend is not available: \(error)")
        }
    }
}
