import CFreeType
import Synchronization
import TrellisPluginKit

/// The process's one FreeType library, shared by every renderer instance and never freed.
///
/// Cairo may keep a font face alive in its caches after the renderer that made it is gone,
/// and the face's FreeType handle is released when Cairo lets go of it; a library that lived
/// only as long as a renderer could be freed before its faces. FreeType requires that faces
/// are created and destroyed one at a time per library, so both go through this lock.
enum FreeTypeLibrary {
    private struct Handle: @unchecked Sendable {
        var library: FT_Library?
    }

    private static let shared = Mutex(Handle())

    /// Opens face `index` of a font file.
    ///
    /// - Throws: `RendererError` of kind `resource` when FreeType cannot open it.
    static func openFace(path: String, index: Int) throws(RendererError) -> FT_Face {
        let result = shared.withLock { handle -> Result<FT_Face, RendererError> in
            if handle.library == nil {
                var library: FT_Library?
                let error = FT_Init_FreeType(&library)
                guard error == 0, let library else {
                    return .failure(
                        RendererError(.resource, "FreeType failed to start (error \(error))"))
                }
                handle.library = library
            }
            var face: FT_Face?
            let error = FT_New_Face(handle.library, path, FT_Long(index), &face)
            do throws(RendererError) {
                try NativeStatus.checkFreeType(error, "opening font \(path) (face \(index))")
            } catch {
                return .failure(error)
            }
            guard let face else {
                return .failure(RendererError(.resource, "FreeType opened no face in \(path)"))
            }
            return .success(face)
        }
        return try result.get()
    }

    /// Releases a face opened by ``openFace(path:index:)``.
    static func closeFace(_ face: FT_Face) {
        shared.withLock { _ in _ = FT_Done_Face(face) }
    }
}
