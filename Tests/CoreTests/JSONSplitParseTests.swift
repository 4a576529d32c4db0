import Testing

@testable import TrellisCore

/// A large document is parsed on two threads, the second starting where it guesses an array's
/// element starts: the joined halves must be exactly the parse on one thread, and a document
/// the guess does not fit, or a malformed one, must come out as on one thread too.
@Suite struct JSONSplitParseTests {
    /// Whether the halves of a split at `offset` join (rather than the document being parsed
    /// again on one thread).
    private func joins(_ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let parsed = try? JSONParser.nodesSplit(of: buffer, at: offset) else {
                return false
            }
            parsed.nodes.discard()
            return true
        }
    }

    /// Splits a document at every offset and checks each outcome against the whole parse;
    /// returns how many splits joined.
    @discardableResult
    private func checkEverySplit(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> Int
    {
        let bytes = Array(text.utf8)
        var joined = 0
        for offset in 1..<bytes.count {
            #expect(
                JSONParser.splitParseAgrees(bytes, at: offset), "split at \(offset)",
                sourceLocation: sourceLocation)
            if joins(bytes, at: offset) { joined += 1 }
        }
        return joined
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
            #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(broken.utf8)) }
            checkEverySplit(broken)
        }
    }

    @Test func nestingPastTheLimitAfterTheSplitFailsAsOnOneThread() {
        // The deepest value is exactly at the limit, or one past it; the second half reads all
        // of it.
        for extra in [0, 1] {
            let depth = JSONParser.maximumDepth - 2 + extra
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let bytes = Array(("[[{\"a\": 1}, " + deep + "]]").utf8)
            let parses = (try? JSONParser.parse(bytes)) != nil
            #expect(parses == (extra == 0))
            let offset = (bytes.firstIndex(of: UInt8(ascii: ",")) ?? 0) + 2
            #expect(JSONParser.splitParseAgrees(bytes, at: offset))
            // Within the limit the halves join; past it they cannot, and one thread reports it.
            #expect(joins(bytes, at: offset) == parses)
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
        #expect(joins(bytes, at: split))
        #expect(JSONParser.splitParseAgrees(bytes, at: split))
        // And through the document, which splits it itself (other tests may split theirs
        // meanwhile: the count only grows), to the values one thread's parse gives.
        let before = JSONParser.joinedSplitCount
        let document = try JSONDocument(parsing: bytes)
        #expect(JSONParser.joinedSplitCount > before)
        let whole = bytes.withUnsafeBufferPointer { buffer in
            (try? JSONParser.nodes(of: buffer, splits: false)).map { parsed in
                defer { parsed.nodes.discard() }
                return parsed.nodes.written.map { [$0.start, $0.count, $0.end, $0.payload] }
            }
        }
        #expect(document.nodes.map { [$0.start, $0.count, $0.end, $0.payload] } == whole)
        #expect(document.string(at: 15) == "a \"quoted\" é line")
    }
}
