import Testing
import TrellisCore

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func failure(_ text: String) -> String? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    @Test func parsesEveryKindKeepingKeyOrder() throws {
        let value = try parse(
            #"{"z": 1, "a": [true, false, null, -2.5e3, "x\u00e9\ud83d\ude00\n"], "m": {}}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(
            members[1].value
                == .array([.bool(true), .bool(false), .null, .number(-2500), .string("xé😀\n")]))
    }

    @Test(arguments: [
        ("{\"a\": 1, \"a\": 2}", "line 1, column 10: duplicate key \"a\""),
        ("[1, 2,]", "line 1, column 7: unexpected ']'"),
        ("{\"a\": 1} x", "line 1, column 10: unexpected text after the document"),
        ("{\n  \"a\": tru\n}", "line 2, column 8: expected 'true'"),
        ("\"\u{1}\"", "line 1, column 2: control character in a string (escape it)"),
        ("\"\\ud800\"", "line 1, column 8: lone high surrogate \\ud800"),
        ("01", "line 1, column 2: unexpected text after the document"),
        ("1.", "line 1, column 3: digits are needed after the decimal point"),
        ("1e999", "line 1, column 1: the number 1e999 is out of range"),
        ("", "line 1, column 1: unexpected end of the document"),
        ("\"abc", "line 1, column 5: unterminated string"),
        ("{\"a\" 1}", "line 1, column 6: expected ':' after the key"),
    ])
    func malformedDocumentsSayWhereAndWhy(text: String, message: String) {
        #expect(failure(text) == message)
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
        // The same byte after an escape, on the slower path for strings with escapes.
        #expect(throws: JSONParseError.self) {
            try JSONParser.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22])
        }
    }

    @Test func duplicateKeysAreFoundInLargeObjectsToo() {
        // Small objects compare keys directly, larger ones hash them: both find duplicates.
        for size in [3, 15, 16, 17, 40] {
            let members = (0..<size).map { "\"k\($0)\": \($0)" }
            let text = "{" + (members + ["\"k\(size / 2)\": 0"]).joined(separator: ", ") + "}"
            #expect(failure(text)?.contains("duplicate key \"k\(size / 2)\"") == true, "\(size)")
            #expect(failure("{" + members.joined(separator: ", ") + "}") == nil)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(failure(deep)?.contains("nesting deeper than 512 levels") == true)
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(failure(fine) == nil)
    }
}
