public import CTrellisPluginABI
import TrellisPluginKit
import TrellisTerminalRenderer

/// The terminal backend's manifest: the one symbol the plugin exports.
@_cdecl("trellis_plugin_manifest")
public func trellisPluginManifest() -> UnsafePointer<trellis_manifest> {
    PluginExport.manifest(
        name: "terminal", version: TrellisVersion.current,
        capabilities: [.renderTerminal, .measureText, .input, .retainedFrames],
        renderer: TerminalRenderer.self)
}
