// The display-list format and backend protocol types come from the plugin kit, which plugins
// link on their own; users of TrellisRender see them as part of this module.
@_exported public import TrellisPluginKit
