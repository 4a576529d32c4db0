import CCairo
import TrellisPluginKit

/// The display list's images as Cairo surfaces, converted on first use and kept for the
/// frame: straight RGBA becomes premultiplied ARGB32 once per image id, and each sub-rectangle
/// drawn (a nine-slice piece, a sprite) is copied out once.
final class FrameImages {
    private let images: [UInt32: DisplayImage]
    private var surfaces: [UInt32: OpaquePointer] = [:]
    private var pieces: [PieceKey: OpaquePointer] = [:]

    /// A whole-pixel sub-rectangle of an image.
    struct PieceKey: Hashable {
        var id: UInt32
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    init(_ list: DisplayList) {
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

    /// The surface of a whole image.
    ///
    /// - Throws: `RendererError` when the image is not in the list or Cairo runs out of
    ///   memory.
    func surface(id: UInt32) throws(RendererError) -> OpaquePointer {
        if let surface = surfaces[id] { return surface }
        guard let image = images[id] else {
            throw RendererError(.invalidInput, "image \(id) is not in the display list")
        }
        let surface = try FrameImages.makeSurface(width: image.width, height: image.height)
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
        surfaces[id] = surface
        return surface
    }

    /// The surface of a sub-rectangle of an image, which must lie inside it.
    ///
    /// - Throws: `RendererError` when Cairo runs out of memory.
    func piece(_ key: PieceKey) throws(RendererError) -> OpaquePointer {
        if let piece = pieces[key] { return piece }
        let whole = try surface(id: key.id)
        let piece = try FrameImages.makeSurface(width: key.width, height: key.height)
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

    private static func makeSurface(width: Int, height: Int) throws(RendererError)
        -> OpaquePointer
    {
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
