extension IsolatingRunSequence {
    /// Applies rules W1 to W7, with the same result as applying each to the whole sequence
    /// before the next, in two passes.
    ///
    /// The first pass applies W1, W2 and W3 (each reads only what is before it, and W1 the
    /// classes before W3); the second W4 to W7 (a separator W4 joins has numbers on both sides,
    /// so no terminator W5 changes is next to it; W4 and W5 read their neighbours as W3 left
    /// them, and W6 and W7 only the position itself and the strong classes before it). A pass
    /// whose classes the paragraph does not have is skipped, and so is the first when the scan
    /// of the paragraph has applied it.
    ///
    /// - Parameter present: The classes present in the paragraph, as ``BidiClass/bit``s.
    /// - Complexity: O(*m*) in the length of the sequence.
    mutating func resolveWeakTypes(present: UInt32) {
        let sos = self.sos
        let isPastEarlyRules = isPastEarlyWeakRules
        let hasMarks = present & BidiClass.nonspacingMark.bit != 0
        let hasArabicLetters = present & BidiClass.arabicLetter.bit != 0
        let numbers = BidiClass.europeanNumber.bit | BidiClass.arabicNumber.bit
        let separators = BidiClass.europeanSeparator.bit | BidiClass.commonSeparator.bit
        let terminators = BidiClass.europeanTerminator.bit
        let strong = BidiClass.leftToRight.bit | BidiClass.rightToLeft.bit
        types.withUnsafeMutableBufferPointer { types in
            let count = types.count
            if !isPastEarlyRules && (hasMarks || hasArabicLetters) {
                // W1: a nonspacing mark takes the class before it, or ON after an isolate
                // control; W2: European numbers after Arabic letters are Arabic numbers; W3:
                // Arabic letters are right to left.
                var previous = sos
                var lastStrong = sos
                for position in 0..<count {
                    var type = types[position]
                    if type == .nonspacingMark {
                        type = previous.isIsolateControl ? .otherNeutral : previous
                    }
                    previous = type
                    switch type {
                    case .leftToRight, .rightToLeft:
                        lastStrong = type
                    case .arabicLetter:
                        lastStrong = .arabicLetter
                        type = .rightToLeft
                    case .europeanNumber where lastStrong == .arabicLetter:
                        type = .arabicNumber
                    default:
                        break
                    }
                    types[position] = type
                }
            }
            let joinsNumbers = present & numbers != 0 && present & (separators | terminators) != 0
            guard joinsNumbers || present & (separators | terminators | numbers) != 0 else {
                return
            }
            // W4: a single separator between two numbers of one kind joins them; W5:
            // terminators next to European numbers become European numbers; W6: the separators
            // and terminators left are neutral; W7: European numbers after left-to-right text
            // are left to right. W4 and W5 read their neighbours as W3 left them: `before`
            // keeps the class before the position, and what follows is not changed yet.
            var before = sos
            var lastStrong = sos
            var position = 0
            while position < count {
                let type = types[position]
                if type == .europeanTerminator {
                    var end = position + 1
                    while end < count && types[end] == .europeanTerminator { end += 1 }
                    let isNumber =
                        joinsNumbers
                        && (before == .europeanNumber
                            || (end < count && types[end] == .europeanNumber))
                    let resolved: BidiClass =
                        !isNumber
                        ? .otherNeutral
                        : lastStrong == .leftToRight ? .leftToRight : .europeanNumber
                    for terminator in position..<end { types[terminator] = resolved }
                    before = .europeanTerminator
                    position = end
                    continue
                }
                var resolved = type
                if joinsNumbers && (type == .europeanSeparator || type == .commonSeparator)
                    && position > 0 && position + 1 < count && types[position + 1] == before
                {
                    if before == .europeanNumber {
                        resolved = .europeanNumber
                    } else if before == .arabicNumber && type == .commonSeparator {
                        resolved = .arabicNumber
                    }
                }
                // Without a switch, whose jump mispredicts on mixed text.
                let bit = resolved.bit
                if bit & separators != 0 { resolved = .otherNeutral }
                if bit & strong != 0 { lastStrong = resolved }
                if resolved == .europeanNumber && lastStrong == .leftToRight {
                    resolved = .leftToRight
                }
                types[position] = resolved
                before = type
                position += 1
            }
        }
    }
}
