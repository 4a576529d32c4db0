import Foundation
import Trellis
import TrellisPNG

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
        let map = differences(old, new, tolerance: tolerance)
        let sameSize = old.width == new.width && old.height == new.height
        if sameSize && map.differing == 0 { return nil }
        var attachments: [(suffix: String, bytes: [UInt8])] = []
        if let png = try? PNGEncoder.encode(rgba: map.diff, width: map.width, height: map.height) {
            attachments.append(("diff.png", png))
        }
        guard sameSize else {
            return SnapshotDifference(
                message: "the size changed from \(old.width)×\(old.height) to "
                    + "\(new.width)×\(new.height) pixels",
                attachments: attachments)
        }
        return SnapshotDifference(
            message: "\(map.differing) of \(map.width * map.height) pixels differ by more than "
                + "\(tolerance); the largest channel difference is \(map.maximum)",
            attachments: attachments)
    }

    /// Compares two images pixel by pixel over the area that covers both, and draws the diff
    /// image: differing pixels (and those only one image has) red, the others a pale grey of
    /// the reference.
    ///
    /// - Complexity: O(*w* × *h*) of the larger extent.
    private static func differences(_ old: PNGImage, _ new: PNGImage, tolerance: UInt8) -> (
        differing: Int, maximum: Int, diff: [UInt8], width: Int, height: Int
    ) {
        let width = max(old.width, new.width)
        let height = max(old.height, new.height)
        let a = old.pixels
        let b = new.pixels
        var differing = 0
        var maximum = 0
        var diff = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = (y * width + x) * 4
                let inOld = x < old.width && y < old.height
                let inNew = x < new.width && y < new.height
                var largest = Int.max
                if inOld && inNew {
                    let i = (y * old.width + x) * 4
                    let j = (y * new.width + x) * 4
                    largest = 0
                    for channel in 0..<4 {
                        largest = max(largest, abs(Int(a[i + channel]) - Int(b[j + channel])))
                    }
                    maximum = max(maximum, largest)
                }
                if largest > Int(tolerance) {
                    differing += 1
                    diff[pixel] = 255
                    diff[pixel + 3] = 255
                } else {
                    let i = (y * old.width + x) * 4
                    let grey = UInt8((Int(a[i]) + Int(a[i + 1]) + Int(a[i + 2])) / 3 / 4 + 191)
                    diff[pixel] = grey
                    diff[pixel + 1] = grey
                    diff[pixel + 2] = grey
                    diff[pixel + 3] = 255
                }
            }
        }
        return (differing, maximum, diff, width, height)
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
