import CFontconfig
import TrellisPluginKit

/// A font file and the face in it that fontconfig chose.
struct FontFile: Hashable {
    /// The path of the file.
    var path: String
    /// The face's index in the file (collections such as `.ttc` hold several).
    var index: Int
}

/// The fonts in a fixed set of directories, found with a fontconfig configuration of our own.
///
/// The configuration is built from nothing: no `fonts.conf`, no `~/.config/fontconfig`, no
/// `~/.fonts`, no substitution rules, so the user's settings can never change which font a
/// frame uses. Only the directories given and the system's cache of them are read.
final class FontDatabase {
    private let config: OpaquePointer
    /// The directories searched.
    let directories: [String]

    /// Scans the directories.
    ///
    /// - Throws: `RendererError` of kind `resource` when fontconfig fails.
    init(directories: [String]) throws(RendererError) {
        guard let config = FcConfigCreate() else {
            throw RendererError(.resource, "fontconfig could not create a configuration")
        }
        self.config = config
        self.directories = directories
        let xml = FontDatabase.configurationXML(directories: directories)
        guard FcConfigParseAndLoadFromMemory(config, xml, FcFalse) == FcTrue,
            FcConfigBuildFonts(config) == FcTrue
        else {
            FcConfigDestroy(config)
            throw RendererError(
                .resource,
                "fontconfig could not read the font directories \(directories)")
        }
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// A configuration that lists the directories and the system cache, and nothing else.
    static func configurationXML(directories: [String]) -> String {
        func escaped(_ text: String) -> String {
            var result = ""
            for character in text {
                switch character {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                default: result.append(character)
                }
            }
            return result
        }
        let dirs = directories.map { "<dir>\(escaped($0))</dir>" }.joined()
        return "<?xml version=\"1.0\"?><fontconfig>\(dirs)"
            + "<cachedir>/var/cache/fontconfig</cachedir></fontconfig>"
    }

    /// The best face of a family in a style, or `nil` when no installed font has that family.
    ///
    /// - Parameters:
    ///   - family: The family name, compared without regard to case.
    ///   - isBold: Whether to prefer a bold face.
    ///   - isItalic: Whether to prefer an italic or oblique face.
    func match(family: String, isBold: Bool, isItalic: Bool) -> FontFile? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_WEIGHT, isBold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddInteger(pattern, FC_SLANT, isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddInteger(pattern, FC_WIDTH, FC_WIDTH_NORMAL)
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        let wanted = family.lowercased()
        guard FontDatabase.strings(font, FC_FAMILY).contains(where: { $0.lowercased() == wanted }),
            let path = FontDatabase.strings(font, FC_FILE).first
        else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontFile(path: path, index: Int(index))
    }

    /// The names of the installed families, sorted, for error messages.
    var families: [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var names = Set<String>()
        for index in 0..<Int(set.pointee.nfont) {
            if let font = set.pointee.fonts[index],
                let name = FontDatabase.strings(font, FC_FAMILY).first
            {
                names.insert(name)
            }
        }
        return names.sorted()
    }

    /// Every string value of a pattern's property.
    private static func strings(_ pattern: OpaquePointer, _ property: String) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var n: Int32 = 0
        while FcPatternGetString(pattern, property, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }
}
