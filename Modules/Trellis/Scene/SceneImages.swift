import TrellisGeometry
import TrellisViews

/// The images of one scene: each file and each synthetic image is made once, however many
/// views use it, and together they stay within ``Scene/maximumImagePixels``.
@MainActor
final class SceneImages {
    private var files: [String: Image] = [:]
    private struct SyntheticKey: Hashable {
        var width: Double
        var height: Double
        var color: Color
    }
    private var synthetic: [SyntheticKey: Image] = [:]
    /// The pixels of the distinct images so far.
    private(set) var pixelCount = 0

    /// The image in a PNG file, decoded on first use.
    func file(_ path: String, scale: Double, keyPath: SceneKeyPath) throws(SceneError) -> Image {
        if let image = files[path] { return image }
        let image: Image
        do {
            image = try Image(contentsOfFile: path, scale: scale)
        } catch {
            throw SceneError(keyPath: keyPath.description, message: error.reason + " (\(path))")
        }
        try count(image, keyPath: keyPath)
        files[path] = image
        return image
    }

    /// A synthetic image of one colour, made on first use; the budget is checked before its
    /// pixels are allocated.
    func synthetic(size: Size, color: Color, keyPath: SceneKeyPath) throws(SceneError) -> Image {
        let key = SyntheticKey(width: size.width, height: size.height, color: color)
        if let image = synthetic[key] { return image }
        let pixels = Int(size.width.rounded()) * Int(size.height.rounded())
        try reserve(pixels, keyPath: keyPath)
        let image = Image(size: size, color: color)
        synthetic[key] = image
        return image
    }

    private func count(_ image: Image, keyPath: SceneKeyPath) throws(SceneError) {
        try reserve(image.pixelWidth * image.pixelHeight, keyPath: keyPath)
    }

    private func reserve(_ pixels: Int, keyPath: SceneKeyPath) throws(SceneError) {
        guard pixelCount + pixels <= Scene.maximumImagePixels else {
            throw SceneError(
                keyPath: keyPath.description,
                message:
                    "this image's \(pixels) pixels take the scene's images to \(pixelCount + pixels), "
                    + "over the budget of \(Scene.maximumImagePixels) pixels for all images; use "
                    + "smaller images, or the same file or synthetic image again (it is shared)")
        }
        pixelCount += pixels
    }
}
