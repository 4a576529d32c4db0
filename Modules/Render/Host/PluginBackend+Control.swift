public import TrellisCore

extension PluginBackend {
    /// Sends a control request to a backend with a `control` entry (the terminal backend) and
    /// returns the statistics of its last frame.
    ///
    /// The terminal backend takes a JSON object: settings to change (the keys of its
    /// configuration) and `"full": true` to make the next frame a full repaint; an empty
    /// request changes nothing.
    ///
    /// ```swift
    /// _ = try backend.render(encoded: list.encoded())
    /// let stats = try backend.terminalControl()        // cells changed, bytes, time
    /// _ = try backend.terminalControl(#"{"full": true}"#)
    /// ```
    ///
    /// - Parameter json: The request, or empty.
    /// - Returns: The statistics of the last frame.
    /// - Throws: ``PluginError`` when the backend has no `control` entry, rejects the request,
    ///   or answers with malformed statistics.
    public func terminalControl(_ json: String = "") throws(PluginError) -> FrameStatistics {
        let bytes = try callControl(Array(json.utf8))
        do throws(DisplayListError) {
            return try FrameStatisticsCodec.decode(bytes)
        } catch {
            throw PluginError(
                .callFailed, "control answered with malformed statistics: \(error.reason)",
                path: library.path)
        }
    }

    /// Calls the `control` entry: one libffi call with the request and two out-parameters.
    private func callControl(_ request: [UInt8]) throws(PluginError) -> [UInt8] {
        guard library.signature(of: "control")?.description == "i(ppLpp)" else {
            throw PluginError(
                .missingEntry,
                "backend \"\(name)\" has no \"control\" entry with the signature i(ppLpp)",
                path: library.path)
        }
        return try callBuffer("control", request)
    }
}
