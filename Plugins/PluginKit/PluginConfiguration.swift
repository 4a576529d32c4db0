/// Reads the UTF-8 JSON configuration a backend is opened with, strictly (RFC 8259, as scenes
/// are read), without Foundation.
public enum PluginConfiguration {
    /// The members of the configuration object, in document order; none for empty or blank
    /// input.
    ///
    /// - Parameters:
    ///   - json: The configuration as UTF-8 JSON.
    ///   - prefix: Put before the message of an error, such as `"raster: "`.
    /// - Throws: `RendererError` of kind `invalidInput` when the input is not a JSON object.
    public static func members(of json: [UInt8], prefix: String = "") throws(RendererError)
        -> [(key: String, value: JSONValue)]
    {
        if json.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) {
            return []
        }
        guard let value = try? JSONParser.parse(json), case .object(let members) = value else {
            throw RendererError(.invalidInput, prefix + "the configuration is not a JSON object")
        }
        return members
    }
}
