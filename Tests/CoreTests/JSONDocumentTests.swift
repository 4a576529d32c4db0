import Testing

@testable import TrellisCore

/// The flat form of a parsed document that the scene decoder reads in place.
@Suite struct JSONDocumentTests {
    private func document(_ text: String) throws -> JSONDocument {
        try JSONDocument(parsing: Array(text.utf8))
    }

    @Test func nodesFollowTheDocumentWithEachContainerSpanningItsContents() throws {
        let text = #"{"a": [1, "x", {"b": null}], "c": true, "d": "é\n"}"#
        let json = try document(text)
        let root = json[0]
        #expect(root.isObject)
        #expect(root.count == 3)
        #expect(Int(root.end) == json.nodes.count)
        // "a", its array, 1, "x", the inner object, "b", null, "c", true, "d", the string.
        #expect(json.nodes.count == 12)
        #expect(json.string(at: 1) == "a")
        let array = 2
        #expect(json[array].isArray)
        #expect(json.elements(of: array) == [3, 4, 5])
        #expect(json.number(at: 3) == 1)
        #expect(json.string(at: 4) == "x")
        #expect(Int(json[5].end) == 8)
        #expect(json.string(at: 8) == "c")
        #expect(json[9].kind == .true)
        #expect(json.isString(11))
        #expect(json.string(at: 11) == "é\n")
        #expect(json.kindDescription(at: 9) == "a boolean")
        #expect(json.kindDescription(at: array) == "an array")
        // The raw text of a container is its brackets and all between them.
        #expect(String(decoding: json.rawText(of: 5), as: UTF8.self) == #"{"b": null}"#)
        #expect(String(decoding: json.rawText(of: 0), as: UTF8.self) == text)
    }

    @Test func aStringReadsTheSameInPlaceAndDecoded() throws {
        let json = try document(#"["plain", "t\u00e9st", "é", ""]"#)
        for (node, expected) in zip(json.elements(of: 0), ["plain", "tést", "é", ""]) {
            #expect(json.string(at: node) == expected)
            let spelt = Array(expected.utf8).withUnsafeBufferPointer {
                json.string(at: node, equals: $0)
            }
            #expect(spelt)
            let bytes = json.withUTF8(ofString: node) { Array($0) }
            #expect(bytes == Array(expected.utf8))
        }
        let other = Array("plainer".utf8).withUnsafeBufferPointer { json.string(at: 1, equals: $0) }
        #expect(!other)
    }

    /// Materialised values equal what a tree-building reading of the same text gives, which
    /// the parser's own tests pin down; here, numbers keep their bits and members their order.
    @Test func valuesAreMadeFromNodesAsWritten() throws {
        let json = try document(#"{"z": -0.0, "a": [1e3, [], {}], "m": {"k": "v"}}"#)
        let value = json.value(at: 0)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
        if case .number(let zero) = members[0].value {
            #expect(zero.sign == .minus)
        } else {
            Issue.record("not a number")
        }
        #expect(members[1].value == .array([.number(1000), .array([]), .object([])]))
        #expect(members[2].value == .object([(key: "k", value: .string("v"))]))
        #expect(json.value(at: 4) == members[1].value)
    }

    /// A number node keeps all 64 bits of its value (the node holds the value itself): the
    /// extremes, the smallest subnormal, a negative zero and values whose low half is zero or
    /// all ones, in a document small enough for one thread and one large enough to be split.
    @Test(arguments: [1, 4_000])
    func numbersKeepEveryBit(repeats: Int) throws {
        let texts = [
            "-0.0", "5e-324", "1.7976931348623157e308", "-2.2250738585072014e-308", "0.1",
            "4294967296", "4294967295", "-1", "123456789012345678",
        ]
        let expected = texts.map { Double($0)!.bitPattern }
        let row = "[" + texts.joined(separator: ", ") + "]"
        let text = "[" + Array(repeating: row, count: repeats).joined(separator: ",\n") + "]"
        let json = try document(text)
        var read: [UInt64] = []
        for element in json.elements(of: 0) {
            read.append(
                contentsOf: json.elements(of: element).map { json.number(at: $0).bitPattern })
        }
        #expect(read == Array(Array(repeating: expected, count: repeats).joined()))
    }

    /// The room reserved for a document's nodes follows the density of its start: a little
    /// more than the nodes of a document about as dense throughout (at most a quarter more),
    /// and a document denser after its sample still parses whole (its nodes grow past the
    /// reservation).
    @Test func nodeRoomFollowsTheDensityOfTheText() throws {
        let sparse = (0..<3_000).map { "\"\(String(repeating: "x", count: 40))\($0)\"" }
        let dense = (0..<30_000).map { _ in "0" }
        for elements in [dense, sparse, sparse + dense] {
            let text = Array(("[" + elements.joined(separator: ",") + "]").utf8)
            let expected = text.withUnsafeBufferPointer {
                JSONNodeBuffer.expectedCount(in: $0, from: 0)
            }
            let json = try JSONDocument(parsing: text)
            #expect(json.nodes.count == elements.count + 1)
            if elements.count == dense.count || elements.count == sparse.count {
                #expect(expected >= json.nodes.count)
                #expect(expected <= json.nodes.count + json.nodes.count / 4 + 16)
            } else {
                #expect(expected < json.nodes.count)
            }
        }
        // Separators inside a string make the start look dense: the room stays within what
        // the text could hold.
        let commas = Array(("[\"" + String(repeating: ",", count: 20_000) + "\"]").utf8)
        let room = commas.withUnsafeBufferPointer { JSONNodeBuffer.expectedCount(in: $0, from: 0) }
        #expect(room == commas.count / 2 + 1)
        #expect(try JSONDocument(parsing: commas).nodes.count == 2)
        let empty: [UInt8] = []
        #expect(
            empty.withUnsafeBufferPointer { JSONNodeBuffer.expectedCount(in: $0, from: 0) } == 1)
    }

    /// A key repeated is an error however it is spelt, in a small object (compared with the
    /// keys before it) and in a large one (hashed).
    @Test(arguments: [3, 40])
    func aRepeatedKeyIsFoundEvenWhenEscaped(count: Int) {
        let members = (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        for repeated in [#""k1""#, #""\u006b1""#] {
            let text = "{\(members), \(repeated): 0}"
            #expect(throws: JSONParseError.self) { try JSONDocument(parsing: Array(text.utf8)) }
        }
        let text = "{\(members), \"k\": 0}"
        #expect((try? JSONDocument(parsing: Array(text.utf8))) != nil)
    }

    /// A member is found by its key's bytes, written plainly or with escapes, among keys of
    /// the same length; its position counts the members before it, whatever their values hold.
    @Test func aMemberIsFoundByItsKeyAsWrittenOrEscaped() throws {
        let json = try document(
            #"{"ab": {"ab": 1}, "cd": [1, 2], "\u0065f": "x", "": null, "long key": 3}"#)
        func find(_ key: String) -> (position: Int, value: Int)? {
            Array(key.utf8).withUnsafeBufferPointer { json.member(of: 0, named: $0) }
        }
        #expect(find("ab")?.position == 0)
        #expect(find("ab").map { json[$0.value].isObject } == true)
        #expect(find("cd")?.position == 1)
        #expect(find("ef")?.position == 2)
        #expect(find("ef").map { json.string(at: $0.value) } == "x")
        #expect(find("")?.position == 3)
        #expect(find("long key").map { json.number(at: $0.value) } == 3)
        #expect(find("a") == nil)
        #expect(find("gh") == nil)
        // The inner object's key is not a member of the outer one.
        let inner = try #require(find("ab")).value
        #expect(
            Array("ab".utf8).withUnsafeBufferPointer { json.member(of: inner, named: $0) }?
                .position == 0)
        var keys: [String] = []
        json.forEachKey(of: 0) { keys.append(String(decoding: $0, as: UTF8.self)) }
        #expect(keys == ["ab", "cd", "ef", "", "long key"])
    }
}
