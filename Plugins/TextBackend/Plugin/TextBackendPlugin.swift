public import CTrellisPluginABI
import TrellisPluginKit
import TrellisTextRenderer

/// The text backend's manifest: the one symbol the plugin exports.
@_cdecl("trellis_plugin_manifest")
public func trellisPluginManifest() -> UnsafePointer<trellis_manifest> {
    PluginExport.manifest(
        name: "text", version: TrellisVersion.current,
        capabilities: [.renderText, .retainedFrames],
        renderer: TextRenderer.self)
}
