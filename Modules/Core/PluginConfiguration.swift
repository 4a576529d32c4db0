/// A backend configuration that cannot be used: malformed JSON, an unknown key, or a value out
/// of range. The message names the key and what it accepts.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, such as `configuration "frames" must be "diff" or "full"`.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// Reads the UTF-8 JSON configuration a backend is opened with, strictly (RFC 8259, as scenes
/// are read), without Foundation.
public enum PluginConfiguration {
    /// The members of the configuration object, in document order; none for empty or blank
    /// input.
    ///
    /// - Parameters:
    ///   - json: The configuration as UTF-8 JSON.
    ///   - prefix: Put before the message of an error, such as `"raster: "`.
    /// - Throws: ``ConfigurationError`` when the input is not a JSON object.
    public static func members(of json: [UInt8], prefix: String = "") throws(ConfigurationError)
        -> [(key: String, value: JSONValue)]
    {
        if json.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) {
            return []
        }
        guard let value = try? JSONParser.parse(json), case .object(let members) = value else {
            throw ConfigurationError(prefix + "the configuration is not a JSON object")
        }
        return members
    }
}
