extension Unicode.Scalar {
    /// The character whose glyph is the mirror image of this one's, by the Bidi_Mirroring_Glyph
    /// property of the Unicode Character Database (BidiMirroring.txt).
    ///
    /// Rule L4 of the bidirectional algorithm shows a mirrored character at an odd (right to
    /// left) level with a mirrored glyph: brackets, comparison signs, arrows and the like. A
    /// renderer can swap each such character for this one. A few mirrored characters, such as
    /// U+221B (the cube root), have no mirror character; they give `nil` and need a mirrored
    /// glyph from the font.
    ///
    /// ```swift
    /// Unicode.Scalar("(").bidiMirroringGlyph          // ")"
    /// Unicode.Scalar("\u{2264}").bidiMirroringGlyph   // "\u{2265}": ≤ becomes ≥
    /// Unicode.Scalar("a").bidiMirroringGlyph          // nil
    /// ```
    ///
    /// - Complexity: O(log *n*) in the size of the mirroring table (428 entries).
    public var bidiMirroringGlyph: Unicode.Scalar? {
        UnicodeTables.bidiMirroring.value(value).flatMap(Unicode.Scalar.init)
    }
}
