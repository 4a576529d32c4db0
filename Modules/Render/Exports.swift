// The formats a frame is made of come from the core; users of TrellisRender see them as part of
// this module. The plugin kit, which the in-process backend calls, is not re-exported.
@_exported public import TrellisCore
