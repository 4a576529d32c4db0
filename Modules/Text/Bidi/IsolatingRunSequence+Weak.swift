extension IsolatingRunSequence {
    /// Applies rules W1 to W7, each to the whole sequence before the next.
    ///
    /// - Complexity: O(*m*) in the length of the sequence.
    mutating func resolveWeakTypes() {
        let count = types.count
        // W1: a nonspacing mark takes the type of the character before it, or ON after an
        // isolate control.
        var previous = sos
        for position in 0..<count {
            if types[position] == .nonspacingMark {
                types[position] = previous.isIsolateControl ? .otherNeutral : previous
            }
            previous = types[position]
        }
        // W2 and W3: European numbers after Arabic letters are Arabic numbers; Arabic letters
        // are right to left.
        var lastStrong = sos
        for position in 0..<count {
            switch types[position] {
            case .leftToRight, .rightToLeft:
                lastStrong = types[position]
            case .arabicLetter:
                lastStrong = .arabicLetter
                types[position] = .rightToLeft
            case .europeanNumber where lastStrong == .arabicLetter:
                types[position] = .arabicNumber
            default:
                break
            }
        }
        // W4: a single separator between two numbers of one kind joins them.
        if count >= 3 {
            for position in 1..<count - 1 {
                let before = types[position - 1]
                let after = types[position + 1]
                let type = types[position]
                guard type == .europeanSeparator || type == .commonSeparator, before == after
                else { continue }
                if before == .europeanNumber {
                    types[position] = .europeanNumber
                } else if before == .arabicNumber && type == .commonSeparator {
                    types[position] = .arabicNumber
                }
            }
        }
        resolveTerminatorsAndSeparators()
        // W7: European numbers after left-to-right text are left to right.
        lastStrong = sos
        for position in 0..<count {
            switch types[position] {
            case .leftToRight, .rightToLeft:
                lastStrong = types[position]
            case .europeanNumber where lastStrong == .leftToRight:
                types[position] = .leftToRight
            default:
                break
            }
        }
    }

    /// Applies rules W5 and W6: terminators next to European numbers become numbers, and the
    /// separators and terminators left become neutral.
    private mutating func resolveTerminatorsAndSeparators() {
        let count = types.count
        var position = 0
        while position < count {
            guard types[position] == .europeanTerminator else {
                position += 1
                continue
            }
            var end = position + 1
            while end < count && types[end] == .europeanTerminator { end += 1 }
            if (position > 0 && types[position - 1] == .europeanNumber)
                || (end < count && types[end] == .europeanNumber)
            {
                for terminator in position..<end { types[terminator] = .europeanNumber }
            }
            position = end
        }
        for position in 0..<count {
            switch types[position] {
            case .europeanSeparator, .europeanTerminator, .commonSeparator:
                types[position] = .otherNeutral
            default:
                break
            }
        }
    }
}
