import Testing

@testable import TrellisCore

/// A large document is parsed on two threads, the second starting where it guesses an array's
/// element starts: the joined halves must be exactly the parse on one thread, and a document
/// the guess does not fit, or a malformed one, must come out as on one thread too.
@Suite struct JSONSplitParseTests {
    /// A parse's outcome in comparable form: every node's fields, the numbers' bits and the
    /// decoded strings, or the error.
    private enum Outcome: Equatable {
        case parsed(nodes: [[UInt32]], numbers: [UInt64], strings: [String])
        case failed(line: Int, column: Int, reason: String)

        init(
            _ parse: () throws(JSONParseError) -> (
                nodes: JSONNodeBuffer, decodedStrings: [String], numbers: [Double]
            )
        ) {
            do {
                let parsed = try parse()
                let nodes = parsed.nodes.taken()
                defer { parsed.nodes.discard() }
                self = .parsed(
                    nodes: nodes.map {
                        [$0.start, $0.count, $0.end, UInt32($0.kind.rawValue), $0.payload]
                    },
                    numbers: parsed.numbers.map(\.bitPattern), strings: parsed.decodedStrings)
            } catch {
                self = .failed(line: error.line, column: error.column, reason: error.reason)
            }
        }
    }

    /// The parse on one thread.
    private func whole(_ bytes: [UInt8]) -> Outcome {
        bytes.withUnsafeBufferPointer { buffer in
            Outcome { () throws(JSONParseError) in try JSONParser.nodes(of: buffer, splits: false) }
        }
    }

    /// The parse split at `offset`, parsed again on one thread when the halves do not join, as
    /// a whole parse does; and whether they joined.
    private func split(_ bytes: [UInt8], at offset: Int) -> (Outcome, joined: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            var joined = false
            let outcome = Outcome { () throws(JSONParseError) in
                if let parsed = try JSONParser.nodesSplit(of: buffer, at: offset) {
                    joined = true
                    return parsed
                }
                return try JSONParser.nodes(of: buffer, splits: false)
            }
            return (outcome, joined)
        }
    }

    /// Splits a document at every offset and checks each outcome against the whole parse;
    /// returns how many splits joined.
    @discardableResult
    private func checkEverySplit(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> Int
    {
        let bytes = Array(text.utf8)
        let expected = whole(bytes)
        var joins = 0
        for offset in 1..<bytes.count {
            let (outcome, joined) = split(bytes, at: offset)
            #expect(outcome == expected, "split at \(offset)", sourceLocation: sourceLocation)
            if joined { joins += 1 }
        }
        return joins
    }

    @Test func everySplitOfNestedDocumentsJoinsToTheWholeParse() {
        let documents = [
            #"{"a": [{"x": 1}, {"y": [2, 3.5e2]}, {"z": "s\"q"}], "b": {"c": [[1], [2, {"d": true}]], "e": null}, "f": "tail"}"#,
            #"[[1, 2], [3, [4, [5, "é\u00e9\n"]]], {"k": [{}, [], {"m": -0.25}]}, "end"]"#,
            #"  {"root": {"id": "r", "children": [{"id": "a"}, {"id": "b", "children": [{"id": "c"}]}], "constraints": ["a.top == super.top", "b.leading == a.trailing + 8"]}}  "#,
            #"[{"a": "x"}, "y", ["z", {"b": [1, {"c": "\ud83d\ude00"}]}], 7]"#,
        ]
        for document in documents {
            // Each document has elements after a '}' or ']' and a comma: some splits join.
            #expect(checkEverySplit(document) > 0)
        }
    }

    @Test func malformedDocumentsFailAsOnOneThreadWhereverTheySplit() {
        let valid = #"{"a": [{"x": 1}, {"y": [2, 3]}, {"z": "w"}], "b": [[1], [2, {"d": true}]]}"#
        // Truncated at every length, and with a character changed after the middle.
        let bytes = Array(valid.utf8)
        for length in stride(from: bytes.count / 2, to: bytes.count, by: 3) {
            checkEverySplit(String(decoding: bytes[..<length], as: UTF8.self))
        }
        for broken in [
            // A key the second half reads repeats one the first half read.
            #"{"a": [{"x": 1}, {"y": 2}], "a": 3}"#,
            #"{"a": [{"x": 1}, {"y": 2}], "b": {"c": [{}, {}], "c": 1}}"#,
            // Brackets that do not match, text after the document, a bad escape.
            #"{"a": [{"x": 1}, {"y": 2}}"#,
            #"[{"x": 1}, {"y": 2}]]"#,
            #"[{"x": 1}, {"y": 2}] 3"#,
            #"[{"x": 1}, {"y": "\q"}]"#,
            #"[{"x": 1}, {"y": 2}, ]"#,
        ] {
            guard case .failed = whole(Array(broken.utf8)) else {
                Issue.record("\(broken) parsed")
                continue
            }
            checkEverySplit(broken)
        }
    }

    @Test func nestingPastTheLimitAfterTheSplitFailsAsOnOneThread() {
        // The deepest value is exactly at the limit, or one past it.
        for extra in [0, 1] {
            let depth = JSONParser.maximumDepth - 2 + extra
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let text = "[[{\"a\": 1}, " + deep + "]]"
            let bytes = Array(text.utf8)
            let expected = whole(bytes)
            if case .failed = expected { #expect(extra == 1) } else { #expect(extra == 0) }
            let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: ",")).map { $0 + 2 } ?? 0
            #expect(split(bytes, at: offset).0 == expected)
        }
    }

    @Test func aLargeDocumentIsParsedOnTwoThreadsAsOnOne() throws {
        var text = #"{"size": [1000, 1000], "root": {"id": "root", "children": ["#
        for index in 0..<4000 {
            if index > 0 { text += ", " }
            text += #"{"id": "v\#(index)", "text": "a \"quoted\" \u00e9 line", "#
            text += #""style": {"width": \#(index % 7 * 5 + 10), "margin": [1, 2.5, 3, 4]}}"#
        }
        text += #"], "constraints": ["v1.top == super.top"]}}"#
        let bytes = Array(text.utf8)
        #expect(bytes.count >= JSONParser.splitMinimumBytes)
        let split = try #require(bytes.withUnsafeBufferPointer { JSONParser.splitPoint(of: $0) })
        #expect(split >= bytes.count / 2)
        let (outcome, joined) = self.split(bytes, at: split)
        #expect(joined)
        #expect(outcome == whole(bytes))
        // And through the document, which splits it itself (other tests may split theirs
        // meanwhile: the count only grows).
        let before = JSONParser.joinedSplitCount
        let document = try JSONDocument(parsing: bytes)
        #expect(JSONParser.joinedSplitCount > before)
        guard case .parsed(let nodes, _, _) = outcome else {
            Issue.record("the document did not parse")
            return
        }
        #expect(
            document.nodes.map {
                [$0.start, $0.count, $0.end, UInt32($0.kind.rawValue), $0.payload]
            }
                == nodes)
        #expect(document.string(at: 15) == "a \"quoted\" é line")
    }
}
