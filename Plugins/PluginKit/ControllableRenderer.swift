/// A renderer that also answers the optional `control` entry: requests about its state between
/// frames, such as a terminal backend's frame statistics or a request to repaint everything.
///
/// ``PluginExport`` lists a `control` entry, with the signature `i(ppLpp)` of the other buffer
/// entries, for a renderer type that conforms. Hosts that do not know the entry ignore it. The
/// request and response formats belong to the backend; the terminal backend takes a JSON object
/// and answers with `FrameStatistics` in the format of `FrameStatisticsCodec`.
public protocol ControllableRenderer: FrameRenderer {
    /// Answers a control request.
    ///
    /// - Parameter request: The request's bytes, in the backend's format.
    /// - Returns: The response's bytes.
    /// - Throws: ``RendererError`` for a malformed or unsupported request.
    func control(_ request: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8]
}
