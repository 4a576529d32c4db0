import Testing
import _TrellisTestSupport

@testable import TrellisCore

/// A large document is parsed in two halves on two threads; these tests parse documents both
/// ways (every document halved, whatever its size) and require the same nodes, numbers and
/// strings, or the same error.
@Suite(.serialized) struct JSONHalvesTests {
    /// The document parsed as one, and parsed in halves (when it has a place to start the
    /// second half at: the test says whether it must).
    static func bothWays(_ bytes: [UInt8]) -> (one: Parsed, halves: Parsed, halved: Bool) {
        let minimum = JSONParser.minimumHalvedBytes
        defer { JSONParser.minimumHalvedBytes = minimum }
        JSONParser.minimumHalvedBytes = .max
        let one = Parsed(bytes)
        JSONParser.minimumHalvedBytes = 0
        let before = JSONParser.halvedCount
        let halves = Parsed(bytes)
        return (one, halves, JSONParser.halvedCount > before)
    }

    /// What a parse gave: every node's fields with its number or string, or the error.
    struct Parsed: Equatable, CustomStringConvertible {
        var nodes: [String] = []
        var error: JSONParseError?

        init(_ bytes: [UInt8]) {
            do {
                let document = try JSONDocument(parsing: bytes)
                for index in document.nodes.indices {
                    let node = document[index]
                    var text =
                        "\(node.kind) \(node.start) \(node.count) \(node.end) \(node.payload)"
                    if node.kind == .number { text += " = \(document.number(at: index))" }
                    if document.isString(index) { text += " = \(document.string(at: index))" }
                    nodes.append(text)
                }
            } catch {
                self.error = error
            }
        }

        var description: String {
            error.map { "error \($0)" } ?? "\(nodes.count) nodes"
        }
    }

    /// A scene-like document: an object whose `children` array holds `count` objects with
    /// strings (some escaped), numbers and nested arrays, and keys after the array.
    static func scene(_ count: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        let children = (0..<count).map { index -> String in
            let width = Double(generator.next() % 1000) / 8
            let text = index % 5 == 0 ? #"caf\u00e9 \"\#(index)\" }, {"# : "label \(index)"
            let nested =
                index % 7 == 0 ? #", "children": [{"id": "n\#(index)"}, [1, [2.5e-3]]]"# : ""
            return
                #"{"id": "v\#(index)", "text": "\#(text)", "frame": [\#(index), -\#(width), 1e2, 0]\#(nested)}"#
        }
        return
            #"{"size": [100, 50], "root": {"id": "root", "children": [\#(children.joined(separator: ",\n "))], "constraints": ["a.top == super.top"]}, "extra": {"k": null, "t": true, "f": false}}"#
    }

    @Test func scenesOfEverySizeGiveTheSameNodes() throws {
        var halvedSizes: [Int] = []
        for count in [2, 3, 10, 101, 2000] {
            let bytes = Array(JSONHalvesTests.scene(count, seed: UInt64(count)).utf8)
            #expect(bytes.withUnsafeBufferPointer { JSONParser.secondHalfStart(in: $0) } != nil)
            let (one, halves, halved) = JSONHalvesTests.bothWays(bytes)
            #expect(one.error == nil)
            #expect(one == halves, "\(count) children")
            if halved { halvedSizes.append(count) }
        }
        // With 10 children, the place found for the second half is inside a string that
        // spells "}, {": that document is parsed as one.
        #expect(halvedSizes == [2, 3, 101, 2000])
    }

    /// The second half starts inside a string, in an array of arrays, in the top-level array,
    /// or where the document has nothing after the array: the nodes are the same.
    @Test func theSecondHalfStartsAnywhere() {
        let filler = String(repeating: "x", count: 200)
        let documents = [
            // The start falls inside a string that spells "}, {".
            #"[{"a": "\#(filler)"}, {"b": "\#(filler) }, {\#(filler)"}]"#,
            // The top-level array, objects in it.
            "[" + (0..<50).map { #"{"i": \#($0)}"# }.joined(separator: ", ") + "]",
            // Arrays of objects inside arrays.
            "[[" + (0..<50).map { #"{"i": [\#($0), {"j": {}}]}"# }.joined(separator: ",") + "]]",
            // Objects in an array that is the last member of nested objects.
            #"{"a": {"b": {"c": ["# + (0..<50).map { #"{"i": "\#($0)"}"# }.joined(separator: " , ")
                + "]}}}",
            // An array after which its enclosing object has more members, and its enclosing array
            // more elements.
            #"[{"list": ["# + (0..<40).map { #"{"i": \#($0)}"# }.joined(separator: ",")
                + #"], "after": [1, "two", {"three": 3}]}, "x", 4, {"y": []}]"#,
        ]
        var halvedCount = 0
        for document in documents {
            let (one, halves, halved) = JSONHalvesTests.bothWays(Array(document.utf8))
            #expect(one.error == nil, "\(document.prefix(60))")
            #expect(one == halves, "\(document.prefix(60))")
            if halved { halvedCount += 1 }
        }
        // The one starting inside a string is parsed as one.
        #expect(halvedCount == documents.count - 1)
    }

    /// Documents with an error in either half, or one the second half cannot see (a key of the
    /// first half repeated in the second, nesting that is deep only counted from the start,
    /// brackets that do not match what the first half opened, text after the document): the
    /// same error as a parse of the whole.
    @Test func errorsAreThoseOfOneParse() {
        let items = (0..<40).map { #"{"i": \#($0)}"# }.joined(separator: ", ")
        let deep =
            String(repeating: "[", count: 300) + #"{"a": ["# + items + ", "
            + String(repeating: "[", count: 250) + String(repeating: "]", count: 250) + "]}"
            + String(repeating: "]", count: 300)
        let documents = [
            #"{"k": 1, "list": ["# + items + #"], "k": 2}"#,
            #"{"list": ["# + items + #"], "other": 1, "other": 2}"#,
            deep,
            #"{"list": ["# + items + "}}",
            #"{"list": ["# + items + "]]",
            #"{"list": ["# + items + "]} trailing",
            #"{"list": ["# + items + "]}, {}",
            #"{"list": ["# + items + "]",
            #"{"list": ["# + items + #"], "bad": tru}"#,
            #"{"li\st": ["# + items + "]}",
            "[" + items + ", }]",
            "[" + items + #", {"a" 1}]"#,
            "[" + items + #", "s", "k": 1]"#,
        ]
        for document in documents {
            let (one, halves, halved) = JSONHalvesTests.bothWays(Array(document.utf8))
            #expect(one.error != nil, "\(document.suffix(40))")
            #expect(one == halves, "\(document.suffix(40))")
            #expect(!halved)
        }
    }

    /// Every prefix of a document, and the document with each of many bytes changed: the same
    /// nodes or the same error.
    @Test func truncatedAndDamagedDocumentsGiveTheSameResult() {
        let document = Array(JSONHalvesTests.scene(12, seed: 7).utf8)
        var checked = 0
        for length in stride(from: document.count / 2 - 40, through: document.count, by: 1) {
            let (one, halves, _) = JSONHalvesTests.bothWays(Array(document.prefix(length)))
            #expect(one == halves, "first \(length) bytes")
            checked += 1
        }
        var generator = SeededGenerator(seed: 11)
        let replacements: [UInt8] = Array("{}[],:\" \\0-eatn".utf8) + [0x80, 0x0A]
        for _ in 0..<400 {
            var damaged = document
            let position = Int(generator.next() % UInt64(document.count))
            damaged[position] = replacements[Int(generator.next() % UInt64(replacements.count))]
            let (one, halves, _) = JSONHalvesTests.bothWays(damaged)
            #expect(one == halves, "byte \(position) changed")
            checked += 1
        }
        #expect(checked > 400)
    }
}
