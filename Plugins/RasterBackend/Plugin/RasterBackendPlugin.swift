public import CTrellisPluginABI
import TrellisPluginKit
import TrellisRasterRenderer

/// The raster backend's manifest: the one symbol the plugin exports.
@_cdecl("trellis_plugin_manifest")
public func trellisPluginManifest() -> UnsafePointer<trellis_manifest> {
    PluginExport.manifest(
        name: "raster", version: TrellisVersion.current,
        capabilities: [.renderPixels, .measureText, .retainedFrames],
        renderer: RasterRenderer.self)
}
