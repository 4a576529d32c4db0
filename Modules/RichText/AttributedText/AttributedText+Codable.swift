extension AttributedText: Codable {
    private enum CodingKeys: String, CodingKey {
        case string, runs
    }

    private struct EncodedRun: Codable {
        var length: Int
        var attributes: TextAttributes
    }

    /// Decodes a text from `{"string": "...", "runs": [{"length": 4, "attributes": {...}}]}`,
    /// where each run's length is in UTF-8 code units.
    ///
    /// Equal neighbouring runs are merged. Without `runs`, the text has no attributes.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when a length is not positive, the lengths do
    ///   not add up to the string's UTF-8 length, or a run would end inside a Unicode scalar.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let string = try container.decode(String.self, forKey: .string)
        guard let encoded = try container.decodeIfPresent([EncodedRun].self, forKey: .runs) else {
            self.init(string)
            return
        }
        var runs: [StoredRun] = []
        let utf8 = Array(string.utf8)
        var end = 0
        for (index, run) in encoded.enumerated() {
            guard run.length > 0, run.length <= utf8.count - end else {
                throw DecodingError.dataCorruptedError(
                    forKey: .runs, in: container,
                    debugDescription:
                        "run \(index) has length \(run.length), but only \(utf8.count - end) "
                        + "UTF-8 code units remain; give each run a positive length so that "
                        + "they add up to \(utf8.count)")
            }
            end += run.length
            guard end == utf8.count || utf8[end] & 0xC0 != 0x80 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .runs, in: container,
                    debugDescription:
                        "run \(index) ends at UTF-8 offset \(end), inside a Unicode scalar; "
                        + "end runs on scalar boundaries")
            }
            if let last = runs.indices.last, runs[last].attributes == run.attributes {
                runs[last].end = end
            } else {
                runs.append(StoredRun(end: end, attributes: run.attributes))
            }
        }
        guard end == utf8.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .runs, in: container,
                debugDescription:
                    "the runs cover \(end) UTF-8 code units but the string has \(utf8.count); "
                    + "make the lengths add up to the string's length")
        }
        self.init(string: string, storedRuns: runs)
    }

    /// Encodes the string and its runs, each with its UTF-8 length.
    ///
    /// - Throws: `EncodingError` for an attribute value that is not finite.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(string, forKey: .string)
        try container.encode(
            runs.map { EncodedRun(length: $0.range.count, attributes: $0.attributes) },
            forKey: .runs)
    }
}
