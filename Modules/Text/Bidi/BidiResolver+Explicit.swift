extension BidiResolver {
    /// Applies rules X1 to X8: the explicit embedding levels of every character, and the
    /// classes that directional overrides impose.
    ///
    /// Embeddings and isolates deeper than ``BidiStatusStack/maximumDepth`` overflow: they are
    /// counted, so that their terminators match, but change nothing. Characters that rule X9
    /// removes keep level 0 here; ``resolve()`` gives them a level at the end.
    ///
    /// - Complexity: O(*n*) in the number of scalars; first-strong isolates look ahead once
    ///   each, skipping nested isolates, which keeps the whole linear.
    mutating func resolveExplicitLevels() {
        var stack = BidiStatusStack(paragraphLevel: paragraphLevel)
        var overflowIsolates = 0
        var overflowEmbeddings = 0
        var validIsolates = 0
        for index in classes.indices {
            let type = classes[index]
            switch type {
            case .rightToLeftEmbedding, .leftToRightEmbedding, .rightToLeftOverride,
                .leftToRightOverride:
                // X2 to X5.
                let isRightToLeft = type == .rightToLeftEmbedding || type == .rightToLeftOverride
                let level = Self.nextLevel(after: stack.top.level, rightToLeft: isRightToLeft)
                if level <= BidiStatusStack.maximumDepth && overflowIsolates == 0
                    && overflowEmbeddings == 0
                {
                    let override: BidiClass? =
                        switch type {
                        case .rightToLeftOverride: .rightToLeft
                        case .leftToRightOverride: .leftToRight
                        default: nil
                        }
                    stack.push(.init(level: level, override: override, isIsolate: false))
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .rightToLeftIsolate, .leftToRightIsolate, .firstStrongIsolate:
                // X5a to X5c.
                setLevelAndOverride(at: index, stack.top)
                var isRightToLeft = type == .rightToLeftIsolate
                if type == .firstStrongIsolate {
                    let end = matches[index] >= 0 ? Int(matches[index]) : classes.count
                    isRightToLeft =
                        Self.firstStrongLevel(classes, matches: matches, from: index + 1, to: end)
                        == 1
                }
                let level = Self.nextLevel(after: stack.top.level, rightToLeft: isRightToLeft)
                if level <= BidiStatusStack.maximumDepth && overflowIsolates == 0
                    && overflowEmbeddings == 0
                {
                    validIsolates += 1
                    stack.push(.init(level: level, override: nil, isIsolate: true))
                } else {
                    overflowIsolates += 1
                }
            case .popDirectionalIsolate:
                // X6a.
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack.top.isIsolate { stack.pop() }
                    stack.pop()
                    validIsolates -= 1
                }
                setLevelAndOverride(at: index, stack.top)
            case .popDirectionalFormat:
                // X7.
                if overflowIsolates == 0 && overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if overflowIsolates == 0 && !stack.top.isIsolate && stack.count >= 2 {
                    stack.pop()
                }
            case .paragraphSeparator:
                // X8: a separator inside the text ends every embedding and isolate.
                levels[index] = paragraphLevel
                stack.reset()
                overflowIsolates = 0
                overflowEmbeddings = 0
                validIsolates = 0
            case .boundaryNeutral:
                break
            default:
                // X6.
                setLevelAndOverride(at: index, stack.top)
            }
        }
    }

    /// Gives a character the entry's level and, under an override, the override's class.
    @inline(__always)
    private mutating func setLevelAndOverride(at index: Int, _ entry: BidiStatusStack.Entry) {
        levels[index] = entry.level
        if let override = entry.override { types[index] = override }
    }

    /// The least odd level above `level` for a right-to-left embedding, the least even one for
    /// a left-to-right embedding.
    @inline(__always)
    static func nextLevel(after level: UInt8, rightToLeft: Bool) -> UInt8 {
        rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
    }
}
