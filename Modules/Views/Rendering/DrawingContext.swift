public import TrellisGeometry
public import TrellisRender

/// Where views draw: it records display-list commands in the coordinates of the view being
/// drawn, and gives each image one id per frame.
///
/// Views receive a context in ``View/draw(in:)``; everything they draw lands in the window's
/// display list for the frame.
@MainActor
public final class DrawingContext {
    /// The display list being built.
    public private(set) var list: DisplayList
    private var imageIDs: [ObjectIdentifier: UInt32] = [:]
    private var images: [Image] = []

    /// Creates a context for a canvas.
    public init(size: Size, scale: Double) {
        list = DisplayList(size: size, scale: scale)
    }

    /// Appends a raw command.
    public func append(_ command: DisplayCommand) {
        list.append(command)
    }

    /// Fills a rectangle, rounded when the radius is above zero.
    public func fill(_ rect: Rect, color: Color, cornerRadius: Double = 0) {
        guard rect.isFinite, color.alpha > 0 else { return }
        if cornerRadius > 0 {
            list.append(.fillRoundedRect(rect, radii: .uniform(cornerRadius), color: color))
        } else {
            list.append(.fillRect(rect, color: color))
        }
    }

    /// Strokes a rectangle's outline inside the rectangle, as a layer border is drawn.
    public func strokeInside(_ rect: Rect, color: Color, width: Double, cornerRadius: Double = 0) {
        guard rect.isFinite, width > 0, color.alpha > 0 else { return }
        let inset = rect.insetBy(dx: width / 2, dy: width / 2)
        guard !inset.isNull else {
            fill(rect, color: color, cornerRadius: cornerRadius)
            return
        }
        list.append(
            .strokeRoundedRect(
                inset, radii: .uniform(max(0, cornerRadius - width / 2)), color: color,
                lineWidth: width))
    }

    /// Draws an image into a rectangle: nine-slice when it has cap insets, tinted when it is a
    /// template.
    public func draw(_ image: Image, in destination: Rect, tint: Color? = nil) {
        guard destination.isFinite, !destination.isEmpty else { return }
        let id = register(image)
        let source = Rect(
            x: 0, y: 0, width: Double(image.pixelWidth), height: Double(image.pixelHeight))
        let caps = image.capInsets.map { insets in
            EdgeInsets(
                top: insets.top * image.scale, left: insets.left * image.scale,
                bottom: insets.bottom * image.scale, right: insets.right * image.scale)
        }
        let tint = image.renderingMode == .alwaysTemplate ? (image.tintColor ?? tint) : nil
        list.append(
            .drawImage(
                id: id, source: source, destination: destination, capInsets: caps, tint: tint))
    }

    private func register(_ image: Image) -> UInt32 {
        let key = ObjectIdentifier(image.pixels)
        if let id = imageIDs[key] { return id }
        let id = UInt32(imageIDs.count + 1)
        imageIDs[key] = id
        images.append(image)
        list.addImage(
            DisplayImage(
                id: id, width: image.pixelWidth, height: image.pixelHeight,
                pixels: image.pixels.bytes))
        return id
    }
}
