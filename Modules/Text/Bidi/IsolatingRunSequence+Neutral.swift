extension IsolatingRunSequence {
    /// Applies rules N1 and N2: a run of neutrals and isolate controls between two characters
    /// of one direction (numbers count as right to left) takes that direction, any other run
    /// the embedding direction.
    ///
    /// - Complexity: O(*m*) in the length of the sequence.
    mutating func resolveNeutralTypes() {
        let count = types.count
        var position = 0
        while position < count {
            guard types[position].isNeutralOrIsolate else {
                position += 1
                continue
            }
            var end = position + 1
            while end < count && types[end].isNeutralOrIsolate { end += 1 }
            let before =
                position > 0 ? types[position - 1].strongDirectionForNeutrals ?? sos : sos
            let after = end < count ? types[end].strongDirectionForNeutrals ?? eos : eos
            let resolved = before == after ? before : embeddingDirection
            for neutral in position..<end { types[neutral] = resolved }
            position = end
        }
    }
}
