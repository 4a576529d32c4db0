import Testing
import TrellisCore
import TrellisGeometry
import _TrellisTestSupport

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
        try #require(members.count > 1)
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

    /// Keys that only look alike are different keys, in objects of any size and written plain
    /// or escaped: "é" as one code point and as "e" with a combining accent; the same key
    /// written plain and escaped is a duplicate.
    @Test func keysAreTheSameOnlyCodePointForCodePoint() {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        for size in [1, 15, 16, 40] {
            let members = (0..<size).map { "\"k\($0)\": \($0)" }
            for pair in [
                (composed, decomposed), (composed, #"e\u0301"#), (#"\u00e9"#, decomposed),
            ] {
                let text =
                    "{"
                    + (members + ["\"\(pair.0)\": 1", "\"\(pair.1)\": 2"]).joined(separator: ", ")
                    + "}"
                #expect(failure(text) == nil, "\(size) members: \(pair)")
            }
            let repeated =
                "{" + (members + ["\"\(composed)\": 1", #""\u00e9": 2"#]).joined(separator: ", ")
                + "}"
            #expect(failure(repeated)?.contains("duplicate key") == true, "\(size) members")
        }
    }

    /// Keys up to 16 plain bytes are found again by their bytes; every other key is read as a
    /// string. Keys that share a length, a prefix or a hash slot must each come back as written.
    @Test func keysComeBackAsWrittenWhetherShortLongEscapedOrRepeated() throws {
        let keys = [
            "", "a", "b", "ab", "ba", "id", "di", "style", "frame", "12345678", "12345679",
            "1234567812345678", "1234567812345679", "12345678123456789", "accessibilityLabel",
            #"caf\u00e8"#, "café", #"tab\tkey"#, #"quote\"d"#, #"back\\slash"#, "ключ", "🙂",
        ]
        var expected: [String] = []
        for key in keys {
            guard case .string(let text) = try parse("\"" + key + "\"") else {
                Issue.record("\(key) is not a string")
                return
            }
            expected.append(text)
        }
        // Every key in many objects, in two orders, so that each is met again after others.
        let object =
            "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
        let reversed =
            "{" + keys.enumerated().reversed().map { "\"\($1)\": \($0)" }.joined(separator: ", ")
            + "}"
        let document =
            "["
            + Array(repeating: [object, reversed], count: 20).flatMap { $0 }
            .joined(separator: ", ") + "]"
        guard case .array(let objects) = try parse(document) else {
            Issue.record("not an array")
            return
        }
        try #require(objects.count == 40)
        for (position, value) in objects.enumerated() {
            guard case .object(let members) = value else {
                Issue.record("element \(position) is not an object")
                continue
            }
            let order = position % 2 == 0 ? expected : expected.reversed()
            #expect(members.map(\.key) == order, "element \(position)")
            let numbers = members.map { member -> Double in
                if case .number(let number) = member.value { return number }
                return -1
            }
            let indices = (0..<keys.count).map(Double.init)
            #expect(numbers == (position % 2 == 0 ? indices : indices.reversed()))
        }
        // A short key cut off by the end of the document is still an error, not a cached key.
        #expect(failure(#"{"style": 1, "sty"#)?.contains("unterminated string") == true)
        #expect(failure(#"{"style": 1, "style": 2}"#)?.contains("duplicate key \"style\"") == true)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(failure(deep)?.contains("nesting deeper than 512 levels") == true)
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(failure(fine) == nil)
    }
}

@Suite struct JSONOutputTests {
    /// Numbers are written digit by digit into bytes: they read as a reference that builds the
    /// same form from strings (the rounded thousandths, their last three digits without
    /// trailing zeros), for whole numbers, fractions, signs, halves at the rounding edge, the
    /// magnitudes where thousandths near a double's precision, and what JSON cannot hold.
    @Test func numbersReadAsTheReferenceWritesThem() {
        var values: [Double] = [
            0, -0.0, 1, -1, 9, 10, 99, 100, 1234, -1234, 0.5, -0.5, 0.0004, -0.0004, 0.0005,
            -0.0005, 0.001, 0.01, 0.1, 1.05, 1.25, 1.125, 1.1255, 12.3456, 999.9995, -999.9995,
            123_456_789.123, 999_999_999.999, 1e9, 1.5e9, 9.007e12 + 0.5, 1e15 - 1, 1e15, 1e20,
            -3e12, Double.ulpOfOne, 2.675, 1_000_000.0005,
        ]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let magnitude = Double(generator.next() % 1_000_000_000) / 1000
            let scale = [1, 0.001, 0.1, 1000, 1e6][Int(generator.next() % 5)]
            values.append((generator.next() % 2 == 0 ? 1 : -1) * magnitude * scale)
        }
        for value in values {
            var bytes: [UInt8] = []
            JSONOutput.append(number: value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == reference(value), "\(value)")
            #expect(value.decimalDescription == reference(value), "\(value)")
        }
        for value in [Double.infinity, -.infinity, .nan] {
            var bytes: [UInt8] = []
            JSONOutput.append(number: value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "null")
        }
        #expect(Double.nan.decimalDescription == "nan")
        #expect((-Double.infinity).decimalDescription == "-inf")
    }

    /// The three-decimal form built from strings.
    private func reference(_ value: Double) -> String {
        if abs(value) >= 1e15 { return String(value) }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        var digits = String(Int64((abs(rounded) * 1000).rounded()))
        while digits.count < 4 { digits = "0" + digits }
        var fraction = String(digits.suffix(3))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (rounded < 0 ? "-" : "") + String(digits.dropLast(3)) + "." + fraction
    }

    @Test func bytesMatchTheStringFormOfEveryText() {
        let texts = [
            "", "v1", "r0c9", "a\"b", "back\\slash", "tab\t", "é", "\u{1B}[2J", "\u{202E}x",
        ]
        for text in texts {
            var bytes: [UInt8] = []
            JSONOutput.append(string: text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONOutput.string(text))
        }
    }
}

@Suite struct JSONStringParsingTests {
    /// ASCII strings take a path without validation: they must read exactly as the validating
    /// path reads them, and a string with other bytes is still validated.
    @Test func asciiAndOtherStringsReadTheSame() throws {
        let texts = [
            "", "v1.leading == v0.trailing", "~ !#$%&'()*+,-./:;<=>?@[]^_`{|}", "é", "日本",
        ]
        for text in texts {
            let value = try JSONParser.parse(Array("[\"\(text)\"]".utf8))
            #expect(value == .array([.string(text)]))
        }
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0x61, 0xFF, 0x22]) }
    }

    /// Plain ASCII is skipped eight bytes at a time: whatever ends a run or needs a closer look
    /// (a quote, an escape, a control character, a non-ASCII or an invalid byte) is found at
    /// every place in and around a word, in strings of every length up to three words.
    @Test func aStopByteIsFoundAtEveryPlaceInAWord() throws {
        var wrong: [String] = []
        for length in 0...24 {
            let plain = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let whole = try JSONParser.parse([0x22] + plain + [0x22])
            if whole != .string(String(decoding: plain, as: UTF8.self)) {
                wrong.append("plain \(length)")
            }
            for position in 0..<length {
                var escaped = plain
                escaped.replaceSubrange(position..<position + 1, with: Array(#"\""#.utf8))
                var expected = plain
                expected[position] = UInt8(ascii: "\"")
                if try JSONParser.parse([0x22] + escaped + [0x22])
                    != .string(String(decoding: expected, as: UTF8.self))
                {
                    wrong.append("escape at \(position) of \(length)")
                }
                var accented = plain
                accented.replaceSubrange(position..<position + 1, with: Array("é".utf8))
                if try JSONParser.parse([0x22] + accented + [0x22])
                    != .string(String(decoding: accented, as: UTF8.self))
                {
                    wrong.append("é at \(position) of \(length)")
                }
                for stop: UInt8 in [0x01, 0x1F, 0xFF, 0x80] {
                    var broken = plain
                    broken[position] = stop
                    if (try? JSONParser.parse([0x22] + broken + [0x22])) != nil {
                        wrong.append("byte \(stop) at \(position) of \(length) accepted")
                    }
                }
                // A string that ends early leaves the rest of the word to the document.
                let early = Array(plain[..<position]) + [0x22, 0x2C, 0x31, 0x5D]
                let head = String(decoding: plain[..<position], as: UTF8.self)
                let parsed = try JSONParser.parse([0x5B, 0x22] + early)
                if parsed != .array([.string(head), .number(1)]) {
                    wrong.append("end at \(position)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8))")
    }
}

@Suite struct JSONNumberParsingTests {
    /// Integers are read digit by digit up to 15 digits, and through `Double(String)` beyond:
    /// both read every number as the text's own value, signed zero included.
    @Test func integersReadAsTheirTextReads() throws {
        var texts = [
            "0", "-0", "7", "-7", "100", "999999999999999", "-999999999999999",
            "1000000000000000", "12345678901234567890", "1.5", "-2e3", "0.1", "1E2",
        ]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            let digits = Int(generator.next() % 18) + 1
            var text = generator.next() % 2 == 0 ? "-" : ""
            text += String(generator.next() % 9 + 1)
            for _ in 1..<digits { text += String(generator.next() % 10) }
            texts.append(text)
        }
        for text in texts {
            let value = try JSONParser.parse(Array("[\(text)]".utf8))
            guard case .array(let elements) = value, case .number(let number)? = elements.first
            else {
                Issue.record("\(text) is not read as a number")
                continue
            }
            let expected = try #require(Double(text))
            #expect(number == expected && number.sign == expected.sign, "\(text)")
        }
    }
}
