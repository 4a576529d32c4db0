public import TrellisPluginKit

/// How a ``RasterRenderer`` writes its output and where it finds fonts.
///
/// The plugin receives it as JSON when an instance is opened:
///
/// ```json
/// {"format": "rgba", "fontDirectories": ["/usr/share/fonts"]}
/// ```
///
/// Both keys are optional; an empty configuration renders PNG with the system's fonts.
public struct RasterConfiguration: Sendable, Hashable {
    /// The encoding of a rendered frame.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// A PNG file: 8-bit RGBA, straight (not premultiplied) alpha, no timestamp.
        case png
        /// Raw pixels for tests: a header of two little-endian `UInt32`s (width, height), then
        /// 8-bit RGBA with straight alpha, row by row from the top.
        case rgba
    }

    /// The system's font directories, searched when the configuration names none.
    public static let systemFontDirectories = ["/usr/share/fonts", "/usr/local/share/fonts"]

    /// The output format.
    public var format: Format
    /// The directories searched (recursively) for fonts. The user's own font settings and
    /// directories are never read, so that a frame renders the same for every user.
    public var fontDirectories: [String]

    /// Creates a configuration.
    public init(format: Format = .png, fontDirectories: [String] = systemFontDirectories) {
        self.format = format
        self.fontDirectories = fontDirectories
    }

    /// Reads a configuration from UTF-8 JSON; empty or blank input gives the defaults.
    ///
    /// - Parameter json: A JSON object with the optional keys `format` (`"png"` or `"rgba"`)
    ///   and `fontDirectories` (an array of absolute paths).
    /// - Throws: `RendererError` of kind `invalidInput` for malformed JSON, unknown keys or
    ///   bad values.
    public init(json: [UInt8]) throws(RendererError) {
        self.init()
        let members: [(key: String, value: JSONValue)]
        do {
            members = try PluginConfiguration.members(of: json, prefix: "raster: ")
        } catch {
            throw RendererError(error)
        }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "format":
                guard case .string(let name) = value, let format = Format(rawValue: name) else {
                    throw RendererError(
                        .invalidInput,
                        "raster: configuration \"format\" must be \"png\" or \"rgba\"")
                }
                self.format = format
            case "fontDirectories":
                guard case .array(let elements) = value, !elements.isEmpty else {
                    throw RendererError(
                        .invalidInput,
                        "raster: configuration \"fontDirectories\" must be a non-empty array of "
                            + "absolute paths")
                }
                let paths = elements.compactMap { element -> String? in
                    guard case .string(let path) = element else { return nil }
                    return path
                }
                guard paths.count == elements.count,
                    paths.allSatisfy({ $0.hasPrefix("/") && !$0.contains("\0") })
                else {
                    throw RendererError(
                        .invalidInput,
                        "raster: configuration \"fontDirectories\" must be a non-empty array of "
                            + "absolute paths")
                }
                fontDirectories = paths
            default:
                throw RendererError(
                    .invalidInput,
                    "raster: unknown configuration key \"\(key)\" (known: format, fontDirectories)")
            }
        }
    }
}
