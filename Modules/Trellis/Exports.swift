@_exported public import TrellisEvents
@_exported public import TrellisGeometry
@_exported public import TrellisGrid
@_exported public import TrellisLayout
@_exported public import TrellisRender
@_exported public import TrellisRichText
@_exported public import TrellisText
@_exported public import TrellisViews
