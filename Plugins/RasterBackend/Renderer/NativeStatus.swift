import CCairo
import CFreeType
import TrellisPluginKit

/// Turns the status codes of the C libraries into `RendererError`s: the one place where a
/// Cairo or FreeType failure becomes a message.
enum NativeStatus {
    /// Throws unless a Cairo status is success.
    ///
    /// - Parameters:
    ///   - status: The status a Cairo call or object reported.
    ///   - operation: What was being done, for the message ("creating the canvas").
    /// - Throws: `RendererError` of kind `resource` for memory and size failures, `internal`
    ///   for the rest.
    static func checkCairo(_ status: cairo_status_t, _ operation: String) throws(RendererError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let text = cairo_status_to_string(status).map { String(cString: $0) } ?? "unknown error"
        let kind: RendererError.Kind =
            switch status {
            case CAIRO_STATUS_NO_MEMORY, CAIRO_STATUS_INVALID_SIZE: .resource
            default: .internal
            }
        throw RendererError(kind, "\(operation) failed in Cairo: \(text)")
    }

    /// Throws unless a FreeType call returned 0.
    ///
    /// - Parameters:
    ///   - error: The FreeType error code.
    ///   - operation: What was being done, for the message ("opening /path/font.ttf").
    /// - Throws: `RendererError` of kind `resource`.
    static func checkFreeType(_ error: FT_Error, _ operation: String) throws(RendererError) {
        guard error != 0 else { return }
        throw RendererError(
            .resource, "\(operation) failed in FreeType with error 0x\(String(error, radix: 16))")
    }
}
