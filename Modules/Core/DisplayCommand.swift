public import TrellisGeometry

/// One drawing operation of a ``DisplayList``.
///
/// State commands (``save``, ``restore``, ``concatenate(_:)``, the clips and ``shadow(color:offset:blur:)``)
/// change how later commands draw, as in CoreGraphics: a transform, clip or shadow lasts until
/// the ``restore`` that matches the ``save`` before it.
///
/// The three cases with large payloads (a glyph run, an image placement and a semantic hint)
/// keep them out of line, so that a command is about 100 bytes rather than 280: display lists
/// are copied command by command wherever they are built, measured, encoded and drawn.
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
    ///
    /// `contentKey` marks the image an image view shows, as its content rather than its
    /// decoration: a stable identity of the image's pixels (``DisplayImage/contentKey(width:height:pixels:)``)
    /// that stays the same from frame to frame while they do, whatever id the image has in the
    /// list. A backend that keeps images on its output device (the terminal backend's kitty
    /// graphics and sixel modes) sends an image once under this key and places it again where
    /// the command draws it; other backends draw the command as they would without it.
    indirect case drawImage(
        id: UInt32, source: Rect, destination: Rect, capInsets: EdgeInsets?, tint: Color?,
        contentKey: UInt64? = nil)
    /// Draws a run of text.
    indirect case glyphRun(GlyphRun)
    /// Starts a transparency layer: later drawing is composited as a group with this opacity at
    /// the matching ``endLayer``.
    case beginLayer(alpha: Double)
    /// Ends the innermost transparency layer.
    case endLayer
    /// Says what the commands up to the matching ``endSemantic`` draw: a control in a state,
    /// or a label's text (see ``SemanticHint``). Pixel backends ignore it; a cell backend may
    /// draw the control its own way instead of those commands.
    indirect case beginSemantic(SemanticHint)
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
