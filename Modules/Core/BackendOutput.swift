import TrellisGeometry

/// What a backend's output is, as the backend describes it: how to open it for output written
/// to a file, the file's extension, whether the bytes are binary, and how to open it for a
/// picture a person reads on a text stream, if it draws one.
///
/// A host chooses from this, never from the backend's name, so a backend that it has never
/// heard of works with every command. A plugin states it in its optional `output` entry (see
/// `trellis_plugin.h`); a backend that does not gets ``init(capabilities:)``.
///
/// The JSON form:
///
/// ```json
/// {"file": {"configuration": {"format": "png"}, "extension": "png", "binary": true},
///  "preview": {"configuration": {"preview": true}}}
/// ```
public struct BackendOutput: Sendable, Hashable {
    /// The configuration (UTF-8 JSON, an object or empty) to open the backend with for output
    /// written to a file.
    public var fileConfiguration: [UInt8]
    /// The extension of such a file, without the dot: 1 to 16 characters of `a-z`, `0-9`.
    public var fileExtension: String
    /// Whether the output is binary, so that it is not written to a terminal.
    public var isBinary: Bool
    /// The configuration for a picture a person reads on a text stream, or `nil` when the
    /// backend draws none.
    public var previewConfiguration: [UInt8]?

    /// Creates a description.
    ///
    /// - Parameters:
    ///   - fileConfiguration: The configuration for output written to a file; empty (the
    ///     backend's defaults) by default.
    ///   - fileExtension: The file's extension, such as `png`.
    ///   - isBinary: Whether the output is binary.
    ///   - previewConfiguration: The configuration for a picture on a text stream, if any.
    public init(
        fileConfiguration: [UInt8] = [], fileExtension: String, isBinary: Bool,
        previewConfiguration: [UInt8]? = nil
    ) {
        self.fileConfiguration = fileConfiguration
        self.fileExtension = fileExtension
        self.isBinary = isBinary
        self.previewConfiguration = previewConfiguration
    }

    /// The description of a backend that gives none, from what it can render: binary `bin`
    /// files for pixels, `ans` for terminal frames, `txt` for text; each with the backend's
    /// default configuration, and no preview.
    ///
    /// - Parameter capabilities: What the backend can do.
    public init(capabilities: BackendCapabilities) {
        if capabilities.contains(.renderPixels) {
            self.init(fileExtension: "bin", isBinary: true)
        } else if capabilities.contains(.renderTerminal) {
            self.init(fileExtension: "ans", isBinary: false)
        } else {
            self.init(fileExtension: "txt", isBinary: false)
        }
    }

    /// Reads a description from its JSON form.
    ///
    /// - Parameter json: UTF-8 JSON: an object with `file` (required: `extension` and `binary`,
    ///   and optionally `configuration`) and optionally `preview` (with `configuration`).
    /// - Throws: ``ConfigurationError`` naming the key that is missing, unknown or wrong.
    public init(json: [UInt8]) throws(ConfigurationError) {
        let members = try PluginConfiguration.members(of: json, prefix: "output: ")
        var file: [(key: String, value: JSONValue)]?
        var preview: [(key: String, value: JSONValue)]?
        for (key, value) in members {
            guard case .object(let object) = value else {
                throw ConfigurationError("output: \"\(key)\" must be an object")
            }
            switch key {
            case "file": file = object
            case "preview": preview = object
            default:
                throw ConfigurationError(
                    "output: unknown key \"\(key.escapedForEcho)\" (known: file, preview)")
            }
        }
        guard let file else { throw ConfigurationError("output: \"file\" is missing") }
        var fileExtension: String?
        var isBinary: Bool?
        var configuration: [UInt8] = []
        for (key, value) in file {
            switch (key, value) {
            case ("extension", .string(let text)):
                guard (1...16).contains(text.utf8.count),
                    text.utf8.allSatisfy({
                        (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
                    })
                else {
                    throw ConfigurationError(
                        "output: file \"extension\" must be 1 to 16 characters of a-z and 0-9")
                }
                fileExtension = text
            case ("binary", .bool(let flag)):
                isBinary = flag
            case ("configuration", .object):
                configuration = Array(value.text.utf8)
            default:
                throw ConfigurationError(
                    "output: file \"\(key.escapedForEcho)\" must be one of \"extension\" (a "
                        + "string), \"binary\" (true or false) and \"configuration\" (an object)")
            }
        }
        guard let fileExtension, let isBinary else {
            throw ConfigurationError("output: file needs \"extension\" and \"binary\"")
        }
        var previewConfiguration: [UInt8]?
        if let preview {
            guard preview.count == 1, preview[0].key == "configuration",
                case .object = preview[0].value
            else {
                throw ConfigurationError(
                    "output: preview holds one key, \"configuration\", an object")
            }
            previewConfiguration = Array(preview[0].value.text.utf8)
        }
        self.init(
            fileConfiguration: configuration, fileExtension: fileExtension, isBinary: isBinary,
            previewConfiguration: previewConfiguration)
    }

    /// The description in its JSON form, which ``init(json:)`` reads back.
    public var json: [UInt8] {
        func object(_ bytes: [UInt8]) -> JSONValue {
            (try? JSONParser.parse(bytes)) ?? .object([])
        }
        var file: [(key: String, value: JSONValue)] = [
            ("extension", .string(fileExtension)), ("binary", .bool(isBinary)),
        ]
        if !fileConfiguration.isEmpty {
            file.insert(("configuration", object(fileConfiguration)), at: 0)
        }
        var members: [(key: String, value: JSONValue)] = [("file", .object(file))]
        if let previewConfiguration {
            members.append(("preview", .object([("configuration", object(previewConfiguration))])))
        }
        return Array(JSONValue.object(members).text.utf8)
    }
}
