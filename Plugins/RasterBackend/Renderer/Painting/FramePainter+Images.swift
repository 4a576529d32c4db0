import CCairo
import TrellisGeometry
import TrellisPluginKit

extension FramePainter {
    /// One piece of an image drawn into a rectangle.
    private struct ImagePiece {
        var surface: OpaquePointer
        /// The image pixel at the surface's top-left corner.
        var surfaceOrigin: Point
        /// The part of the image drawn, in image pixels.
        var source: Rect
        /// Where it is drawn, in user space.
        var destination: Rect
    }

    /// Draws part of an image into a rectangle, as nine slices when it has cap insets, through
    /// its alpha as a mask of the tint colour when it has a tint.
    func drawImage(
        id: UInt32, source: Rect, destination: Rect, capInsets: EdgeInsets?, tint: Color?
    ) throws(RendererError) {
        guard !state.isHidden, let image = images.image(id: id),
            let requested = Paths.usable(source), let target = Paths.usable(destination)
        else { return }
        // Keep the part of the source inside the image, and the matching part of the target.
        let bounds = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        guard let clipped = Paths.usable(requested.intersection(bounds)) else { return }
        let sx = target.size.width / requested.size.width
        let sy = target.size.height / requested.size.height
        let destination = Rect(
            x: target.origin.x + (clipped.origin.x - requested.origin.x) * sx,
            y: target.origin.y + (clipped.origin.y - requested.origin.y) * sy,
            width: clipped.size.width * sx, height: clipped.size.height * sy)

        var pieces: [ImagePiece] = []
        let slices =
            capInsets.map { nineSlices(source: clipped, destination: destination, caps: $0) }
            ?? [(clipped, destination)]
        for (source, destination) in slices {
            guard let piece = try makePiece(id: id, image: image, source, destination) else {
                continue
            }
            pieces.append(piece)
        }
        guard !pieces.isEmpty else { return }
        try draw(ink: deviceBounds(destination)) { context in
            for piece in pieces { FramePainter.paint(piece, tint: tint, on: context) }
        }
    }

    private func makePiece(id: UInt32, image: DisplayImage, _ source: Rect, _ destination: Rect)
        throws(RendererError) -> ImagePiece?
    {
        guard source.size.width > 0, source.size.height > 0,
            let destination = Paths.usable(destination),
            (destination.size.width * Paths.deviceScale(context)) > 1e-6,
            (destination.size.height * Paths.deviceScale(context)) > 1e-6
        else { return nil }
        let x0 = max(0, Int(source.origin.x.rounded(.down)))
        let y0 = max(0, Int(source.origin.y.rounded(.down)))
        let x1 = min(image.width, Int((source.origin.x + source.size.width).rounded(.up)))
        let y1 = min(image.height, Int((source.origin.y + source.size.height).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        let surface: OpaquePointer
        if x0 == 0, y0 == 0, x1 == image.width, y1 == image.height {
            surface = try images.surface(id: id)
        } else {
            surface = try images.piece(
                FrameImages.PieceKey(id: id, x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        return ImagePiece(
            surface: surface, surfaceOrigin: Point(x: Double(x0), y: Double(y0)), source: source,
            destination: destination)
    }

    /// The nine (source, destination) pairs of a resizable image: corners keep their size,
    /// edges stretch along their length, the centre stretches both ways. When the destination
    /// is too small for the caps, the caps shrink in proportion.
    private func nineSlices(source: Rect, destination: Rect, caps: EdgeInsets)
        -> [(Rect, Rect)]
    {
        let left = min(caps.left, source.size.width)
        let right = min(caps.right, source.size.width - left)
        let top = min(caps.top, source.size.height)
        let bottom = min(caps.bottom, source.size.height - top)
        var (dl, dr, dt, db) = (left, right, top, bottom)
        if dl + dr > destination.size.width {
            let f = destination.size.width / (dl + dr)
            dl *= f
            dr *= f
        }
        if dt + db > destination.size.height {
            let f = destination.size.height / (dt + db)
            dt *= f
            db *= f
        }
        let sxs = [
            source.minX, source.minX + left, source.maxX - right, source.maxX,
        ]
        let sys = [source.minY, source.minY + top, source.maxY - bottom, source.maxY]
        // Source spans per column and row. When the caps cover the whole image along an axis,
        // the middle stretches the one-pixel strip where the caps meet, so that edges and
        // centre still fill the destination.
        let columns = [
            (sxs[0], sxs[1]), NineSlice.middle(sxs[1], sxs[2], source.minX, source.maxX),
            (sxs[2], sxs[3]),
        ]
        let rows = [
            (sys[0], sys[1]), NineSlice.middle(sys[1], sys[2], source.minY, source.maxY),
            (sys[2], sys[3]),
        ]
        var dxs = [
            destination.minX, destination.minX + dl, destination.maxX - dr, destination.maxX,
        ]
        var dys = [
            destination.minY, destination.minY + dt, destination.maxY - db, destination.maxY,
        ]
        snapSeams(&dxs, &dys)
        var result: [(Rect, Rect)] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let s = Rect(
                    x: columns[column].0, y: rows[row].0,
                    width: columns[column].1 - columns[column].0,
                    height: rows[row].1 - rows[row].0)
                let d = Rect(
                    x: dxs[column], y: dys[row], width: dxs[column + 1] - dxs[column],
                    height: dys[row + 1] - dys[row])
                if s.size.width > 0, s.size.height > 0, d.size.width > 0, d.size.height > 0 {
                    result.append((s, d))
                }
            }
        }
        return result
    }

    /// Moves the inner seams of a nine-slice onto device pixel edges when the transform keeps
    /// axes aligned, so that neighbouring slices meet without a faint anti-aliased line.
    private func snapSeams(_ xs: inout [Double], _ ys: inout [Double]) {
        var m = cairo_matrix_t()
        cairo_get_matrix(context, &m)
        guard m.xy == 0, m.yx == 0, m.xx != 0, m.yy != 0 else { return }
        for i in 1...2 {
            let x = ((xs[i] * m.xx + m.x0).rounded() - m.x0) / m.xx
            xs[i] = min(max(x, xs[0]), xs[3])
            let y = ((ys[i] * m.yy + m.y0).rounded() - m.y0) / m.yy
            ys[i] = min(max(y, ys[0]), ys[3])
        }
        xs[2] = max(xs[2], xs[1])
        ys[2] = max(ys[2], ys[1])
    }

    /// Paints one piece: the image scaled from its source to its destination, or the tint
    /// through the image's alpha.
    private static func paint(_ piece: ImagePiece, tint: Color?, on context: OpaquePointer) {
        let d = piece.destination
        let s = piece.source
        let sx = s.size.width / d.size.width
        let sy = s.size.height / d.size.height
        guard sx.isFinite, sy.isFinite, sx > 0, sy > 0,
            let pattern = cairo_pattern_create_for_surface(piece.surface)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        // User space to the piece's pixels: the destination's corner lands on the source's.
        var matrix = cairo_matrix_t(
            xx: sx, yx: 0, xy: 0, yy: sy,
            x0: s.origin.x - piece.surfaceOrigin.x - d.origin.x * sx,
            y0: s.origin.y - piece.surfaceOrigin.y - d.origin.y * sy)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_rectangle(context, d.origin.x, d.origin.y, d.size.width, d.size.height)
        if let tint {
            cairo_save(context)
            cairo_clip(context)
            Paths.setColor(context, tint)
            cairo_mask(context, pattern)
            cairo_restore(context)
        } else {
            cairo_set_source(context, pattern)
            cairo_fill(context)
        }
    }
}

/// Nine-slice arithmetic.
enum NineSlice {
    /// The source span of the middle slice: between the caps, or the one-pixel strip where
    /// they meet when they leave nothing between them.
    static func middle(_ start: Double, _ end: Double, _ lower: Double, _ upper: Double) -> (
        Double, Double
    ) {
        if end - start >= 1 || upper - lower < 1 { return (start, end) }
        let seam = min(max(start, lower + 1), upper)
        return (seam - 1, seam)
    }
}
