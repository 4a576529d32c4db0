import TrellisGeometry
public import TrellisPluginKit

extension TerminalRenderer {
    /// Measures an encoded batch of text runs in cells.
    ///
    /// Each cluster's advance is its width in cells (2 for wide and emoji clusters, 1 for the
    /// picture that replaces a control character, 0 for a cluster that is not drawn) times the
    /// cell width; every font's ascender is one cell high, with no descender or line gap, so a
    /// line of text is exactly one row and labels laid out with these metrics land on whole
    /// cells.
    ///
    /// - Parameter request: A request in the format of `TextMeasurementCodec`.
    /// - Returns: The encoded measurements.
    /// - Throws: `RendererError` for a malformed request.
    /// - Complexity: O(*n*) in the size of the request.
    public func measure(_ request: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        let runs: [MeasureRun]
        do throws(DisplayListError) {
            runs = try TextMeasurementCodec.decodeRequest(request)
        } catch {
            throw RendererError(
                .invalidInput, error.description.replacing("display list", with: "measure request"))
        }
        let cellWidth = configuration.cellWidth
        let cellHeight = configuration.cellHeight
        let measured = runs.map { run in
            MeasuredRun(
                ascender: cellHeight, descender: 0, lineGap: 0, capHeight: cellHeight,
                xHeight: cellHeight / 2,
                advances: run.clusters.map { cluster in
                    Double(cluster.reduce(0) { $0 + GlyphTable.columns(of: $1) }) * cellWidth
                })
        }
        return TextMeasurementCodec.encode(response: measured)
    }

    /// Decodes raw terminal input into events.
    ///
    /// Bytes that may start a longer sequence are kept for the next call; a call with no bytes
    /// means the input timed out and reports them (a lone Escape as the Escape key).
    ///
    /// - Parameter bytes: The bytes read from the terminal, or none after a timeout.
    /// - Returns: The events in the format of `InputEventCodec`.
    /// - Complexity: O(*n*) in the number of bytes.
    public func input(_ bytes: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        InputEventCodec.encode(decodeInput(bytes))
    }

    /// Answers a control request: a JSON object that may change settings (the keys of
    /// `TerminalConfiguration`) and ask for a full repaint (`"full": true`); empty for
    /// neither. A change of cell size, colours or assumed background repaints in full.
    ///
    /// - Parameter request: UTF-8 JSON, or empty.
    /// - Returns: The statistics of the last frame, in the format of `FrameStatisticsCodec`.
    /// - Throws: `RendererError` for malformed JSON, unknown keys or bad values.
    public func control(_ request: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        try control(json: Array(request))
        return FrameStatisticsCodec.encode(statistics)
    }
}
