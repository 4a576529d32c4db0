/// A position where a line may end, found by the Unicode line-breaking algorithm.
///
/// The offset is in UTF-8 code units from the start of the text: a line may end before the
/// character that starts at ``offset``. The end of the text is always an opportunity (rule LB3)
/// and is reported as mandatory.
public struct LineBreakOpportunity: Sendable, Hashable {
    /// The UTF-8 offset of the first character of the next line.
    public var offset: Int
    /// Whether the line must end here (after a line feed, carriage return, next line, line or
    /// paragraph separator, form feed or vertical tab, and at the end of the text).
    public var isMandatory: Bool

    /// Creates an opportunity.
    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}

/// The Unicode line-breaking algorithm (UAX #14) with its default rules.
///
/// The rules are those of Unicode 15.0 (LB1 to LB31, with LB8a, LB21a, LB21b, LB23a, LB30a and
/// LB30b), with the number rule LB25 in the regular-expression form of UAX #14's example 7,
/// which is the form the Unicode conformance test (`LineBreakTest.txt`) checks; every case of
/// that test passes. The rules LB15a, LB15b, LB20a and LB28a arrived with Unicode 15.1 and are
/// not part of this version.
///
/// Rule LB1's resolution is the default one: ambiguous (AI), surrogate (SG) and unknown (XX)
/// characters are alphabetic, conditional Japanese starters (CJ) are nonstarters, and
/// South-East Asian characters (SA) are alphabetic or, for marks, combining: Thai, Lao, Khmer
/// and Myanmar text breaks only at spaces, as no dictionary is used.
///
/// The breaker works on UTF-8 and never reads past its input. Ill-formed UTF-8 is read as
/// U+FFFD per maximal subpart, as `String(decoding:as:)` repairs it, so offsets into the bytes
/// and into the repaired string agree.
///
/// ```swift
/// let breaks = LineBreaker.opportunities(in: "Hello, world!\n你好")
/// breaks.map(\.offset)        // [7, 14, 17, 20]
/// breaks.map(\.isMandatory)   // [false, true, false, true]
/// ```
public enum LineBreaker {
    /// Returns the break opportunities of a string.
    ///
    /// - Parameter text: The text.
    /// - Returns: The opportunities in order of offset, the last at the end of the text; none
    ///   for an empty text.
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    public static func opportunities(in text: String) -> [LineBreakOpportunity] {
        var text = text
        return text.withUTF8 { opportunities(inUTF8: $0) }
    }

    /// Returns the break opportunities of UTF-8 bytes.
    ///
    /// - Parameter bytes: UTF-8 text; ill-formed sequences read as U+FFFD.
    /// - Returns: The opportunities in order of offset into `bytes`.
    /// - Complexity: O(*n*) in the number of bytes.
    public static func opportunities(inUTF8 bytes: [UInt8]) -> [LineBreakOpportunity] {
        bytes.withUnsafeBufferPointer { opportunities(inUTF8: $0) }
    }

    /// Returns the break opportunities of UTF-8 bytes in memory.
    ///
    /// - Parameter bytes: UTF-8 text; ill-formed sequences read as U+FFFD.
    /// - Returns: The opportunities in order of offset into `bytes`.
    /// - Complexity: O(*n*) in the number of bytes.
    public static func opportunities(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>
    ) -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
        result.reserveCapacity(bytes.count / 6 + 1)
        LineBreakScanner.shared.scan(bytes) { offset, action in
            result.append(LineBreakOpportunity(offset: offset, isMandatory: action == .mandatory))
        }
        return result
    }

    /// Returns the break opportunities of a string under a line-breaking strategy.
    ///
    /// With ``LineBreakStrategy/standard`` the opportunities are those browsers use (see
    /// ``LineBreakStrategy``); without it, those of UAX #14's default rules, as
    /// ``opportunities(in:)`` finds them. ``LineBreakStrategy/hangulWordPriority`` removes the
    /// opportunities between two Hangul characters; ``LineBreakStrategy/pushOut`` concerns
    /// layout only and changes nothing here.
    ///
    /// ```swift
    /// LineBreaker.opportunities(in: "see ( https://example.com/a )", strategy: .standard)
    ///     .map(\.offset)   // [4, 6, 26, 28]
    /// LineBreaker.opportunities(in: "see ( https://example.com/a )", strategy: [])
    ///     .map(\.offset)   // [4, 14, 28]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - strategy: The rules to follow.
    /// - Returns: The opportunities in order of offset, the last at the end of the text; none
    ///   for an empty text.
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    public static func opportunities(
        in text: String, strategy: LineBreakStrategy
    ) -> [LineBreakOpportunity] {
        var text = text
        let standard = strategy.contains(.standard)
        let keepsHangul = strategy.contains(.hangulWordPriority)
        var result: [LineBreakOpportunity] = []
        text.withUTF8 { bytes in
            LineBreakScanner.shared.scanTailored(bytes) { position in
                let action = standard ? position.standard : position.strict
                if action == .prohibited { return }
                if action == .allowed && keepsHangul && position.isBetweenHangul { return }
                result.append(
                    LineBreakOpportunity(offset: position.offset, isMandatory: action == .mandatory)
                )
            }
        }
        return result
    }

    /// Calls a closure with each position of UTF-8 bytes where UAX #14's default rules or the
    /// browser-compatible tailoring (``LineBreakStrategy/standard``) allow or require a break,
    /// with both answers and whether the position lies between two Hangul characters, so that
    /// a layout can choose a strategy per paragraph after one scan.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text; ill-formed sequences read as U+FFFD.
    ///   - body: Called in order of offset with the offset, whether the default rules break
    ///     there, whether the tailoring does, and whether Hangul is on both sides.
    /// - Complexity: O(*n*) in the number of bytes.
    package static func forEachOpportunity(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>,
        _ body: (_ offset: Int, _ strict: Bool, _ standard: Bool, _ isBetweenHangul: Bool) -> Void
    ) {
        LineBreakScanner.shared.scanTailored(bytes) { position in
            body(
                position.offset, position.strict != .prohibited, position.standard != .prohibited,
                position.isBetweenHangul)
        }
    }

    /// Calls a closure with each break opportunity of UTF-8 bytes in memory, without building
    /// an array.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text; ill-formed sequences read as U+FFFD.
    ///   - body: Called with each opportunity, in order of offset.
    /// - Complexity: O(*n*) in the number of bytes.
    public static func forEachOpportunity(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (LineBreakOpportunity) -> Void
    ) {
        LineBreakScanner.shared.scan(bytes) { offset, action in
            body(LineBreakOpportunity(offset: offset, isMandatory: action == .mandatory))
        }
    }
}
