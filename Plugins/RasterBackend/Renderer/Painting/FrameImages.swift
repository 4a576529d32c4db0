import CCairo
import TrellisPluginKit

/// The display list's images as Cairo surfaces for one frame: whole images come from the
/// renderer's ``ImageSurfaceCache`` (converted from straight RGBA to premultiplied ARGB32 only
/// when new or changed), and each sub-rectangle drawn (a nine-slice piece, a sprite) is copied
/// out once per frame.
final class FrameImages {
    private let images: [UInt32: DisplayImage]
    private var surfaces: [UInt32: OpaquePointer] = [:]
    private var pieces: [PieceKey: OpaquePointer] = [:]
    private let cache: ImageSurfaceCache

    /// A whole-pixel sub-rectangle of an image.
    struct PieceKey: Hashable {
        var id: UInt32
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    init(_ list: DisplayList, cache: ImageSurfaceCache) {
        self.cache = cache
        var images: [UInt32: DisplayImage] = [:]
        for image in list.images { images[image.id] = image }
        self.images = images
    }

    deinit {
        for surface in surfaces.values { cairo_surface_destroy(surface) }
        for surface in pieces.values { cairo_surface_destroy(surface) }
    }

    /// The image with an id.
    func image(id: UInt32) -> DisplayImage? { images[id] }

    /// The surface of a whole image, from the renderer's cache when the same image was drawn
    /// before.
    ///
    /// - Throws: `RendererError` when the image is not in the list or Cairo runs out of
    ///   memory.
    func surface(id: UInt32) throws(RendererError) -> OpaquePointer {
        if let surface = surfaces[id] { return surface }
        guard let image = images[id] else {
            throw RendererError(.invalidInput, "image \(id) is not in the display list")
        }
        let surface = try cache.surface(for: image)
        surfaces[id] = surface
        return surface
    }

    /// The surface of a sub-rectangle of an image, which must lie inside it.
    ///
    /// - Throws: `RendererError` when Cairo runs out of memory.
    func piece(_ key: PieceKey) throws(RendererError) -> OpaquePointer {
        if let piece = pieces[key] { return piece }
        let whole = try surface(id: key.id)
        let piece = try ImageSurfaceCache.makeSurface(width: key.width, height: key.height)
        cairo_surface_flush(piece)
        let fromStride = Int(cairo_image_surface_get_stride(whole))
        let toStride = Int(cairo_image_surface_get_stride(piece))
        if let from = cairo_image_surface_get_data(whole),
            let to = cairo_image_surface_get_data(piece)
        {
            for row in 0..<key.height {
                (to + row * toStride).update(
                    from: from + (key.y + row) * fromStride + key.x * 4, count: key.width * 4)
            }
        }
        cairo_surface_mark_dirty(piece)
        pieces[key] = piece
        return piece
    }
}
