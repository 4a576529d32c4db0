import CCairo
import TrellisPluginKit

/// Cairo surfaces of display list images kept from frame to frame, so that an image a window
/// sends with every frame is premultiplied once, not once per frame.
///
/// An entry is found by the image's id and kept only while the image is the same: its size
/// and every pixel byte are compared, so an id reused for new pixels gets a new surface,
/// never a stale one. The cache holds at most ``byteLimit`` bytes (surfaces plus the pixels
/// kept for comparison) and drops the least recently used images beyond that; an image larger
/// than the limit is converted for its frame and not kept.
final class ImageSurfaceCache {
    private struct Entry {
        var image: DisplayImage
        var surface: OpaquePointer
        var bytes: Int
        var lastUse: Int
    }

    /// The most bytes the cache holds.
    var byteLimit: Int {
        didSet { evict(toFit: 0) }
    }
    /// How many images have been converted to surfaces, kept or not.
    private(set) var conversions = 0
    /// The bytes the cache holds now.
    private(set) var byteCount = 0
    private var entries: [UInt32: Entry] = [:]
    private var clock = 0

    /// Creates an empty cache.
    ///
    /// - Parameter byteLimit: The most bytes it holds; 64 MiB by default.
    init(byteLimit: Int = 64 << 20) {
        self.byteLimit = byteLimit
    }

    deinit {
        for entry in entries.values { cairo_surface_destroy(entry.surface) }
    }

    /// A surface of an image, with a reference the caller owns and must destroy.
    ///
    /// - Throws: `RendererError` when Cairo runs out of memory.
    /// - Complexity: O(*p*) in the image's pixels, to compare or to convert them; O(*n*) in
    ///   the cached images when one is dropped.
    func surface(for image: DisplayImage) throws(RendererError) -> OpaquePointer {
        clock += 1
        if var entry = entries[image.id] {
            if entry.image == image {
                entry.lastUse = clock
                entries[image.id] = entry
                return cairo_surface_reference(entry.surface)
            }
            remove(image.id)
        }
        let surface = try ImageSurfaceCache.convert(image)
        conversions += 1
        let bytes =
            Int(cairo_image_surface_get_stride(surface)) * image.height + image.pixels.count
        guard bytes <= byteLimit else { return surface }
        evict(toFit: bytes)
        entries[image.id] = Entry(
            image: image, surface: cairo_surface_reference(surface), bytes: bytes,
            lastUse: clock)
        byteCount += bytes
        return surface
    }

    /// Drops least recently used entries until `bytes` more fit under the limit.
    private func evict(toFit bytes: Int) {
        while byteCount + bytes > byteLimit,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            remove(oldest.key)
        }
    }

    private func remove(_ id: UInt32) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        byteCount -= entry.bytes
        cairo_surface_destroy(entry.surface)
    }

    /// A new premultiplied ARGB32 surface of an image's straight RGBA pixels.
    private static func convert(_ image: DisplayImage) throws(RendererError) -> OpaquePointer {
        let surface = try makeSurface(width: image.width, height: image.height)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            image.pixels.withUnsafeBufferPointer { pixels in
                guard let base = pixels.baseAddress, pixels.count >= image.width * image.height * 4
                else { return }
                for y in 0..<image.height {
                    let row = UnsafeMutableRawPointer(data + y * stride)
                        .assumingMemoryBound(to: UInt32.self)
                    PixelConversion.premultiply(
                        rgba: base + y * image.width * 4, into: row, count: image.width)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// A new ARGB32 image surface.
    ///
    /// - Throws: `RendererError` of kind `resource` when Cairo cannot allocate it.
    static func makeSurface(width: Int, height: Int) throws(RendererError) -> OpaquePointer {
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else {
            throw RendererError(.resource, "out of memory for a \(width)×\(height) image")
        }
        do throws(RendererError) {
            try NativeStatus.checkCairo(
                cairo_surface_status(surface), "creating a \(width)×\(height) image")
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        return surface
    }
}
