import TrellisPluginKit

/// The faces that draw one font descriptor: the requested face first, then the fallbacks that
/// cover what it lacks.
struct FontChain {
    /// The requested face, then the fallbacks, without repeats.
    let faces: [FontFace]

    /// The requested face, whose metrics describe the run.
    var primary: FontFace { faces[0] }

    /// The index of the first face that covers a grapheme cluster, or of the first that
    /// covers its first scalar, or 0 (the requested face, which draws its missing-glyph box).
    func faceIndex(for cluster: Substring) -> Int {
        let scalars = cluster.unicodeScalars
        if let index = faces.firstIndex(where: { $0.covers(scalars) }) { return index }
        if let first = scalars.first(where: { !FontFace.isIgnorable($0) }),
            let index = faces.firstIndex(where: { $0.glyph(for: first) != nil })
        {
            return index
        }
        return 0
    }
}

/// Resolves font descriptors to faces, loading each font file once per renderer.
///
/// Family `system` is DejaVu Sans (DejaVu Sans Mono when the descriptor is monospaced); a
/// weight of 600 or more picks the bold face and italic the oblique one. Every chain falls
/// back to DejaVu Sans and then WenQuanYi Micro Hei, so Chinese text in a Latin font renders.
final class FontCatalog {
    /// The family that `system` means.
    static let systemFamily = "DejaVu Sans"
    /// The family that `system` means for monospaced text.
    static let monospacedFamily = "DejaVu Sans Mono"
    /// The families tried, in order, for clusters the requested font cannot draw.
    static let fallbackFamilies = ["DejaVu Sans", "WenQuanYi Micro Hei"]

    private let database: FontDatabase
    private var faces: [FontFile: FontFace] = [:]
    private var chains: [ChainKey: FontChain] = [:]

    private struct ChainKey: Hashable {
        var family: String
        var isBold: Bool
        var isItalic: Bool
    }

    /// Creates a catalog of the fonts in some directories.
    ///
    /// - Throws: `RendererError` of kind `resource` when fontconfig fails.
    init(directories: [String]) throws(RendererError) {
        database = try FontDatabase(directories: directories)
    }

    /// The family a descriptor asks for, with `system` resolved.
    static func family(for font: FontDescriptor) -> String {
        var trimmed = Substring(font.family)
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        let name = String(trimmed)
        if name.isEmpty || name.lowercased() == "system" {
            return font.isMonospaced ? monospacedFamily : systemFamily
        }
        return name
    }

    /// The faces for a descriptor.
    ///
    /// - Throws: `RendererError` of kind `resource` naming the family when it is not
    ///   installed, or when a font file cannot be read.
    func chain(for font: FontDescriptor) throws(RendererError) -> FontChain {
        let key = ChainKey(
            family: FontCatalog.family(for: font).lowercased(), isBold: font.weight >= 600,
            isItalic: font.isItalic)
        if let chain = chains[key] { return chain }
        let family = FontCatalog.family(for: font)
        guard
            let primary = database.match(family: family, isBold: key.isBold, isItalic: key.isItalic)
        else {
            throw missingFamily(family, requested: font.family)
        }
        var files = [primary]
        for fallback in FontCatalog.fallbackFamilies {
            if let file = database.match(
                family: fallback, isBold: key.isBold, isItalic: key.isItalic),
                !files.contains(file)
            {
                files.append(file)
            }
        }
        var loaded: [FontFace] = []
        for file in files { loaded.append(try face(file)) }
        let chain = FontChain(faces: loaded)
        chains[key] = chain
        return chain
    }

    private func face(_ file: FontFile) throws(RendererError) -> FontFace {
        if let face = faces[file] { return face }
        let face = try FontFace(file: file)
        faces[file] = face
        return face
    }

    private func missingFamily(_ family: String, requested: String) -> RendererError {
        let available = database.families
        var message = "font family \"\(family)\""
        if requested != family { message += " (for \"\(requested)\")" }
        message += " is not installed in \(database.directories.joined(separator: ", "))"
        if available.isEmpty {
            message +=
                "; no fonts were found there. Install fonts-dejavu-core and "
                + "fonts-wqy-microhei (make deps)"
        } else {
            message += "; installed families: \(available.joined(separator: ", "))"
        }
        return RendererError(.resource, message)
    }
}
