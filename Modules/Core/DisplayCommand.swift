public import TrellisGeometry

/// One drawing operation of a ``DisplayList``.
///
/// State commands (``save``, ``restore``, ``concatenate(_:)``, the clips and ``shadow(color:offset:blur:)``)
/// change how later commands draw, as in CoreGraphics: a transform, clip or shadow lasts until
/// the ``restore`` that matches the ``save`` before it.
public enum DisplayCommand: Sendable, Hashable {
    /// Pushes the drawing state (transform, clip, shadow).
    case save
    /// Pops the drawing state pushed by the matching ``save``.
    case restore
    /// Applies a transform before the current one.
    case concatenate(AffineTransform)
    /// Intersects the clip with a rectangle.
    case clipRect(Rect)
    /// Intersects the clip with a rounded rectangle.
    case clipRoundedRect(Rect, radii: CornerRadii)
    /// Fills a rectangle.
    case fillRect(Rect, color: Color)
    /// Fills a rounded rectangle.
    case fillRoundedRect(Rect, radii: CornerRadii, color: Color)
    /// Strokes the outline of a rounded rectangle, centred on its edge.
    case strokeRoundedRect(Rect, radii: CornerRadii, color: Color, lineWidth: Double)
    /// Fills a rectangle with a linear gradient from `start` to `end` (points in the current
    /// coordinates); outside the segment the end colours extend.
    case linearGradient(Rect, start: Point, end: Point, stops: [GradientStop])
    /// Sets the shadow cast by later drawing until the matching ``restore``; a clear colour or
    /// zero blur and offset turns it off.
    case shadow(color: Color, offset: Size, blur: Double)
    /// Draws part of an image (`source`, in image pixels) into a rectangle; with cap insets (in
    /// image pixels) it draws nine slices whose corners keep their size; with a tint, the
    /// image's alpha is filled with the tint colour (a template image).
    case drawImage(
        id: UInt32, source: Rect, destination: Rect, capInsets: EdgeInsets?, tint: Color?)
    /// Draws a run of text.
    case glyphRun(GlyphRun)
    /// Starts a transparency layer: later drawing is composited as a group with this opacity at
    /// the matching ``endLayer``.
    case beginLayer(alpha: Double)
    /// Ends the innermost transparency layer.
    case endLayer
    /// Says what the commands up to the matching ``endSemantic`` draw: a control in a state,
    /// or a label's text (see ``SemanticHint``). Pixel backends ignore it; a cell backend may
    /// draw the control its own way instead of those commands.
    case beginSemantic(SemanticHint)
    /// Ends the innermost ``beginSemantic(_:)``.
    case endSemantic

    /// The command's name, as the text backend and error messages spell it.
    public var name: String {
        switch self {
        case .save: "save"
        case .restore: "restore"
        case .concatenate: "concatenate"
        case .clipRect: "clipRect"
        case .clipRoundedRect: "clipRoundedRect"
        case .fillRect: "fillRect"
        case .fillRoundedRect: "fillRoundedRect"
        case .strokeRoundedRect: "strokeRoundedRect"
        case .linearGradient: "linearGradient"
        case .shadow: "shadow"
        case .drawImage: "drawImage"
        case .glyphRun: "glyphRun"
        case .beginLayer: "beginLayer"
        case .endLayer: "endLayer"
        case .beginSemantic: "beginSemantic"
        case .endSemantic: "endSemantic"
        }
    }

    /// Whether the command is a semantic hint, which changes nothing a pixel backend draws.
    public var isSemantic: Bool {
        switch self {
        case .beginSemantic, .endSemantic: true
        default: false
        }
    }
}
