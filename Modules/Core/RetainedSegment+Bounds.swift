public import TrellisGeometry

extension RetainedSegment {
    /// The area that commands and the segments they reference can touch, in the coordinates the
    /// first command draws in: each drawing command's rectangle through the transforms and
    /// clips in force, widened for strokes, glyph overhang and shadows, with the referenced
    /// segments' bounds where they are drawn.
    ///
    /// The bounds are the geometry's, with no margin for antialiasing: a backend whose pixels
    /// may reach past a shape's edge (a partly covered pixel, a filtered image) widens them by
    /// its own reach when it culls, so that a margin is not added again at every level of
    /// nesting, and a change in one terminal cell does not spread to the rows that only touch
    /// it. Within that reach the result is conservative. Shadows ignore the
    /// transform (their offset and blur are in canvas points), so their reach is widened four
    /// times, which covers every scale down to a quarter; text under a rotation or a scale
    /// also covers a strip along its row, where a backend that draws in cells writes it.
    ///
    /// - Parameters:
    ///   - commands: The segment's commands.
    ///   - references: The segments drawn among them.
    ///   - referencedBounds: The bounds of a referenced segment, or `nil` when it draws
    ///     nothing.
    /// - Returns: The area, or `Rect.zero` when nothing is drawn.
    /// - Complexity: O(*n*) in the number of commands and references.
    public static func bounds(
        of commands: [DisplayCommand], references: [Reference],
        referencedBounds: (UInt32) -> Rect?
    ) -> Rect {
        var state = ExtentState()
        var result = Rect.null
        var next = 0
        func addReferences(upTo position: Int) {
            while next < references.count, references[next].position <= position {
                if let child = referencedBounds(references[next].id), !child.isEmpty {
                    result = result.union(state.clipped(child.applying(state.transform)))
                }
                next += 1
            }
        }
        for (index, command) in commands.enumerated() {
            addReferences(upTo: index)
            if let ink = state.apply(command) { result = result.union(ink) }
        }
        addReferences(upTo: commands.count)
        guard !result.isNull, result.isFinite, !result.isEmpty else { return .zero }
        return result
    }
}

/// The drawing state that decides where commands land: transform, clip and shadow.
private struct ExtentState {
    var transform = AffineTransform.identity
    var clip = Rect.infinite
    var shadowReach: Double?
    var saved: [(AffineTransform, Rect, Double?)] = []

    func isTranslation(_ t: AffineTransform) -> Bool {
        t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1
    }

    func clipped(_ rect: Rect) -> Rect {
        clip.isInfinite ? rect : rect.intersection(clip)
    }

    /// Applies a command and returns the area it draws on, if it draws.
    mutating func apply(_ command: DisplayCommand) -> Rect? {
        let local: Rect
        switch command {
        case .save, .beginLayer:
            saved.append((transform, clip, shadowReach))
            return nil
        case .restore, .endLayer:
            if let last = saved.popLast() { (transform, clip, shadowReach) = last }
            return nil
        case .beginSemantic(let hint):
            // A cell backend draws a hinted control inside its frame, where the control itself
            // may draw nothing (a button without a background, its title moved a row).
            local = hint.frame
        case .endSemantic:
            return nil
        case .concatenate(let t):
            transform = t.concatenating(transform)
            return nil
        case .clipRect(let rect), .clipRoundedRect(let rect, _):
            clip = clipped(rect.applying(transform))
            return nil
        case .shadow(let color, let offset, let blur):
            let visible = color.alpha > 0 && (blur > 0 || offset.width != 0 || offset.height != 0)
            shadowReach =
                visible ? 4 * (abs(offset.width) + abs(offset.height) + 3 * blur + 1) : nil
            return nil
        case .fillRect(let rect, _), .fillRoundedRect(let rect, _, _):
            local = rect
        case .linearGradient(let rect, _, _, _):
            local = rect
        case .strokeRoundedRect(let rect, _, _, let width):
            local = rect.insetBy(dx: -width / 2, dy: -width / 2)
        case .drawImage(_, _, let destination, _, _, _):
            local = destination
        case .glyphRun(let run):
            // Glyphs overhang their advances (italics, accents, swashes): half the size around.
            let margin = run.font.size / 2
            local = Rect(
                x: run.origin.x - margin, y: run.origin.y - abs(run.ascent) - margin,
                width: run.width + 2 * margin,
                height: abs(run.ascent) + abs(run.descent) + 2 * margin)
        }
        var ink = local.standardized.applying(transform)
        if case .glyphRun(let run) = command, !isTranslation(transform) {
            // A backend that draws text in cells (a terminal) writes it along the rows from
            // its origin whatever the transform: a strip long enough for every character.
            let origin = run.origin.applying(transform)
            let length = Double(run.text.unicodeScalars.count) * max(16, 2 * run.font.size)
            ink = ink.union(
                Rect(
                    x: origin.x - length, y: origin.y - 2 * run.font.size, width: 2 * length,
                    height: 4 * run.font.size))
        }
        if let shadowReach { ink = ink.insetBy(dx: -shadowReach, dy: -shadowReach) }
        let drawn = clipped(ink)
        return drawn.isNull ? nil : drawn
    }
}
