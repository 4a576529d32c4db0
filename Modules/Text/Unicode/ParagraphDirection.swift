public import TrellisGeometry

extension LayoutDirection {
    /// Creates the direction of a paragraph from its first strong character, by rules P2 and P3
    /// of the Unicode bidirectional algorithm (UAX #9).
    ///
    /// The first character whose bidi class is L gives left to right, R or AL right to left.
    /// Characters between an isolate initiator (LRI, RLI, FSI) and its matching PDI are
    /// skipped, and the search stops at the end of the first paragraph (a paragraph separator
    /// such as a line feed).
    ///
    /// This is the direction that natural alignment follows, and the one `TextLayout` runs
    /// ``BidiParagraph`` in to order each line's runs for display (the same paragraph direction
    /// the algorithm finds by itself when the text has a strong character).
    ///
    /// ```swift
    /// LayoutDirection(firstStrongIn: "שלום, world")   // .rightToLeft
    /// LayoutDirection(firstStrongIn: "123 abc")       // .leftToRight
    /// LayoutDirection(firstStrongIn: "123")           // nil
    /// ```
    ///
    /// - Parameter text: The text of the paragraph.
    /// - Returns: `nil` when the paragraph has no strong character.
    /// - Complexity: O(*n*) in the length of the first paragraph.
    public init?(firstStrongIn text: some StringProtocol) {
        let classes = UnicodeTables.bidiClass
        var isolateDepth = 0
        for scalar in text.unicodeScalars {
            guard let bidi = BidiClass(rawValue: classes.value(scalar)) else { continue }
            switch bidi {
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                isolateDepth += 1
            case .popDirectionalIsolate:
                isolateDepth = max(isolateDepth - 1, 0)
            case .paragraphSeparator:
                return nil
            case .leftToRight where isolateDepth == 0:
                self = .leftToRight
                return
            case .rightToLeft where isolateDepth == 0, .arabicLetter where isolateDepth == 0:
                self = .rightToLeft
                return
            default:
                continue
            }
        }
        return nil
    }
}
