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
    @exclusivity(unchecked) public private(set) var list: DisplayList
    private let imageRegistry: ImageRegistry
    /// When recording one view's segment: where its subviews are drawn among its commands,
    /// instead of their commands.
    @exclusivity(unchecked) private(set) var subviewPositions: [(position: Int, view: View)]?
    /// The images the recorded commands draw.
    @exclusivity(unchecked) private(set) var drawnImageIDs: [UInt32] = []

    /// Creates a context for a canvas.
    public init(size: Size, scale: Double) {
        list = DisplayList(size: size, scale: scale)
        imageRegistry = ImageRegistry()
    }

    /// Creates a context that records one view's own drawing, marking where its subviews go,
    /// with image ids that stay the same from frame to frame.
    init(segmentOf size: Size, scale: Double, images: ImageRegistry) {
        list = DisplayList(size: size, scale: scale)
        imageRegistry = images
        subviewPositions = []
    }

    /// Draws a view's subviews: records them in a flat list, or marks their place in a
    /// segment.
    func drawSubviews(of view: View) {
        if subviewPositions != nil {
            let position = list.commands.count
            for subview in view.subviews { subviewPositions?.append((position, subview)) }
            return
        }
        for subview in view.subviews { subview.render(into: self) }
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
    ///
    /// - Parameters:
    ///   - image: The image.
    ///   - destination: Where it is drawn, in the view's coordinates.
    ///   - tint: The colour a template image is drawn in, unless the image has its own.
    ///   - isContent: Whether the image is what the view shows, as an image view's image is,
    ///     rather than part of its decoration: the command then carries the pixels' content key
    ///     (``PixelBuffer/contentKey``), which lets a terminal that shows images keep it sent
    ///     from frame to frame.
    public func draw(
        _ image: Image, in destination: Rect, tint: Color? = nil, isContent: Bool = false
    ) {
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
                id: id, source: source, destination: destination, capInsets: caps, tint: tint,
                contentKey: isContent ? image.pixels.contentKey : nil))
    }

    private func register(_ image: Image) -> UInt32 {
        let (id, isNew) = imageRegistry.id(for: image)
        if subviewPositions != nil {
            drawnImageIDs.append(id)
        } else if isNew {
            list.addImage(imageRegistry.displayImage(id: id, of: image))
        }
        return id
    }
}

/// Image ids for display lists: one per distinct pixel buffer, given in order of first use.
///
/// A flat display list has a registry of its own; a window keeps one for the segments it
/// retains, so that an image keeps its id from frame to frame.
@MainActor
final class ImageRegistry {
    @exclusivity(unchecked) private var ids: [ObjectIdentifier: UInt32] = [:]
    @exclusivity(unchecked) private var images: [UInt32: Image] = [:]
    @exclusivity(unchecked) private var nextID: UInt32 = 1

    /// The id of an image's pixels, and whether it was given now.
    func id(for image: Image) -> (UInt32, Bool) {
        let key = ObjectIdentifier(image.pixels)
        if let id = ids[key] { return (id, false) }
        let id = nextID
        nextID += 1
        ids[key] = id
        images[id] = image
        return (id, true)
    }

    /// The image with an id, as a display list carries it.
    func displayImage(id: UInt32, of image: Image? = nil) -> DisplayImage {
        let source = image ?? images[id]
        return DisplayImage(
            id: id, width: source?.pixelWidth ?? 0, height: source?.pixelHeight ?? 0,
            pixels: source?.pixels.bytes ?? [])
    }

    /// Forgets an image no segment draws any more.
    func release(id: UInt32) {
        guard let image = images.removeValue(forKey: id) else { return }
        ids[ObjectIdentifier(image.pixels)] = nil
    }
}
