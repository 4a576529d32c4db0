import Testing
import TrellisAccessibilityBus

/// The D-Bus wire format: every type round-trips, the bytes are the specification's, and
/// malformed or hostile input gives an error that names the fault, never a crash.
@Suite struct DBusCodecTests {
    private func roundTrip(_ values: [DBusValue]) throws -> [DBusValue] {
        var encoder = DBusEncoder()
        for value in values { try encoder.encode(value) }
        var decoder = DBusDecoder(bytes: encoder.bytes)
        let decoded = try decoder.decode(values.map(\.type))
        #expect(decoder.offset == encoder.bytes.count)
        return decoded
    }

    static let samples: [DBusValue] = [
        .byte(0xAB), .boolean(true), .boolean(false), .int16(-12345), .uint16(54321),
        .int32(-2_000_000_000), .uint32(4_000_000_000), .int64(-9_000_000_000_000),
        .uint64(18_000_000_000_000_000_000), .double(-3.25), .double(.infinity),
        .string(""), .string("浇水 ✓"), .objectPath("/"), .objectPath("/org/a11y/atspi/accessible/7"),
        .signature("a{sv}(so)"), .unixFD(3),
        .array(.basic(UInt8(ascii: "y")), [.byte(1), .byte(2)]),
        .array(.basic(UInt8(ascii: "x")), []),
        .array(.structure([.basic(UInt8(ascii: "s")), .basic(UInt8(ascii: "o"))]), []),
        .structure([.byte(1), .int64(2), .string("three")]),
        .properties([
            "Name": .string("Save"), "ChildCount": .int32(3), "Nested": .variant(.byte(9)),
        ]),
        .variant(.array(.basic(UInt8(ascii: "u")), [.uint32(1), .uint32(2)])),
        .reference(":1.42", "/org/a11y/atspi/accessible/root"),
    ]

    @Test(arguments: samples)
    func everyTypeRoundTrips(value: DBusValue) throws {
        #expect(try roundTrip([value]) == [value])
        // After a byte, so that every alignment is exercised.
        #expect(try roundTrip([.byte(7), value]) == [.byte(7), value])
    }

    @Test func theBytesAreTheSpecificationsLittleEndianLayout() throws {
        var encoder = DBusEncoder()
        try encoder.encode(.byte(1))
        try encoder.encode(.int32(2))
        try encoder.encode(.string("ab"))
        try encoder.encode(.int64(-1))
        #expect(
            encoder.bytes == [
                1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 0x61, 0x62, 0, 0,
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            ])
        // An empty array of 8-byte elements still pads to the element's alignment.
        var empty = DBusEncoder(bytes: [0])
        try empty.encode(.array(.basic(UInt8(ascii: "t")), []))
        #expect(empty.bytes == [0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func bigEndianValuesDecode() throws {
        var decoder = DBusDecoder(
            bytes: [0, 0, 0, 5, 0, 0, 0, 2, 0x68, 0x69, 0], isBigEndian: true)
        #expect(
            try decoder.decode([.basic(UInt8(ascii: "u")), .basic(UInt8(ascii: "s"))])
                == [.uint32(5), .string("hi")])
    }

    @Test func messagesRoundTrip() throws {
        var call = DBusMessage.methodCall(
            destination: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/accessible/root",
            interface: "org.a11y.atspi.Socket", member: "Embed",
            body: [.reference(":1.5", "/org/a11y/atspi/accessible/root")])
        call.sender = ":1.5"
        let bytes = try call.encoded(serial: 9)
        #expect(try DBusMessage.length(of: bytes[...]) == bytes.count)
        let decoded = try #require(try DBusMessage.decode(bytes[...] + [1, 2, 3]))
        #expect(decoded.length == bytes.count)
        var expected = call
        expected.serial = 9
        #expect(decoded.message == expected)
        #expect(decoded.message.signature == "(so)")
        let reply = decoded.message.reply([.string("ok")])
        #expect(reply.replySerial == 9 && reply.destination == ":1.5")
        let error = decoded.message.errorReply("org.example.Error", "no")
        let errorBytes = try error.encoded(serial: 10)
        #expect(try DBusMessage.decode(errorBytes[...])?.message.errorName == "org.example.Error")
        // A partial message is not an error: more bytes are awaited.
        #expect(try DBusMessage.decode(bytes.prefix(bytes.count - 1)[...]) == nil)
        #expect(try DBusMessage.decode(bytes.prefix(10)[...]) == nil)
    }

    @Test func signaturesParseIntoCompleteTypes() throws {
        #expect(try DBusType.parse("siiva{sv}").map(\.signature) == ["s", "i", "i", "v", "a{sv}"])
        #expect(try DBusType.parse("").isEmpty)
        #expect(try DBusType.single("((so)(so)(so)iiassusau)").alignment == 8)
    }

    @Test(arguments: [
        ("a", "a complete type is missing"), ("(si", "structure not closed"),
        ("()", "empty structure"), ("{sv}", "dictionary entry outside an array"),
        ("a{vs}", "dictionary key v is not a basic type"), ("a{sss}", "not closed"),
        ("z", "unknown type code 'z'"),
        (String(repeating: "a", count: 33) + "y", "arrays nested deeper than 32"),
        (
            String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33),
            "structures nested deeper than 32"
        ),
        (String(repeating: "y", count: 256), "longer than the 255"),
    ])
    func badSignaturesAreNamed(signature: String, reason: String) {
        #expect {
            _ = try DBusType.parse(signature)
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.code == .badSignature && error.message.contains(reason)
        }
    }

    private func expectMalformed(
        _ bytes: [UInt8], _ types: String, _ reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            var decoder = DBusDecoder(bytes: bytes)
            _ = try decoder.decode(DBusType.parse(types))
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.code == .malformed && error.message.contains(reason)
        }
    }

    @Test func truncatedAndHostileBodiesAreRefused() {
        expectMalformed([1, 0], "u", "ends inside a 4-byte number")
        expectMalformed([], "y", "ends before a byte")
        expectMalformed([2, 0, 0, 0], "b", "boolean 2 is neither 0 nor 1")
        expectMalformed([0, 1, 0, 0, 5, 0, 0, 0], "yu", "padding byte 1 is not zero at offset 1")
        expectMalformed([200, 0, 0, 0, 0x61, 0], "s", "runs past the end")
        expectMalformed([1, 0, 0, 0, 0x61, 0x62], "s", "not ended by NUL")
        expectMalformed([2, 0, 0, 0, 0x61, 0, 0], "s", "holds a NUL character")
        expectMalformed([2, 0, 0, 0, 0xC3, 0x28, 0], "s", "not valid UTF-8")
        expectMalformed([2, 0, 0, 0, 0x2F, 0x2F, 0], "o", "not a valid object path")
        expectMalformed([1, 0x7A, 0], "g", "unknown type code")
        expectMalformed([1, 0x7A, 0], "v", "variant's signature is invalid")
        // A huge array length fails before anything is allocated for it.
        expectMalformed([0xFF, 0xFF, 0xFF, 0x7F], "ay", "longer than the 67108864")
        expectMalformed([0, 0, 0, 1], "ay", "runs past the end of the message")
        // The last element of an array crossing the array's stated length.
        expectMalformed([3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0], "au", "runs past its length")
    }

    @Test func deeplyNestedVariantsAreRefusedNotRecursedWithoutEnd() {
        // Each level: signature "v" (1, 'v', 0); the innermost is never reached.
        let level: [UInt8] = [1, UInt8(ascii: "v"), 0]
        let bytes: [UInt8] = Array(repeating: level, count: 200).flatMap { $0 }
        expectMalformed(bytes, "v", "nested deeper than 64")
    }

    @Test func malformedMessageHeadersAreRefused() throws {
        let good = try DBusMessage.methodCall(
            destination: nil, path: "/", interface: nil, member: "Ping"
        ).encoded(serial: 1)
        func expectRefused(_ bytes: [UInt8], _ reason: String) {
            #expect {
                _ = try DBusMessage.decode(bytes[...])
            } throws: { error in
                (error as? DBusError)?.message.contains(reason) == true
            }
        }
        var order = good
        order[0] = UInt8(ascii: "x")
        expectRefused(order, "unknown byte order")
        var version = good
        version[3] = 2
        expectRefused(version, "protocol version 2")
        var kind = good
        kind[1] = 9
        expectRefused(kind, "unknown message type 9")
        var huge = good
        huge[4...7] = [0xFF, 0xFF, 0xFF, 0x7F]
        expectRefused(huge, "longer than the 134217728")
        var serial = good
        serial[8...11] = [0, 0, 0, 0]
        expectRefused(serial, "serial 0")
        // A body the signature does not account for.
        var body = good
        body[4] = 8
        expectRefused(body + [0, 0, 0, 0, 0, 0, 0, 0], "takes 0 of its 8 bytes")
        // A signal without its path, interface and member is not sent.
        #expect(throws: DBusError.self) { try DBusMessage(kind: .signal).encoded(serial: 1) }
    }

    @Test func invalidValuesAreNotEncoded() {
        func expectRefused(_ value: DBusValue, _ reason: String) {
            #expect {
                var encoder = DBusEncoder()
                try encoder.encode(value)
            } throws: { error in
                (error as? DBusError)?.message.contains(reason) == true
            }
        }
        expectRefused(.string("a\u{0}b"), "NUL character")
        expectRefused(.objectPath("relative"), "not a valid object path")
        expectRefused(.array(.basic(UInt8(ascii: "s")), [.int32(1)]), "array of s holds a i")
        expectRefused(.dictEntry(.string("a"), .string("b")), "outside an array")
        expectRefused(.structure([]), "empty structure")
        expectRefused(.signature("(("), "structure not closed")
    }

    @Test func addressesParse() throws {
        let entries = try DBusAddress.parse(
            "unix:path=/tmp/a%20b,guid=12;unix:abstract=/tmp/dbus-x")
        #expect(entries.count == 2)
        #expect(entries[0].settings["path"] == "/tmp/a b")
        #expect(entries[1].settings["abstract"] == "/tmp/dbus-x")
        #expect(throws: DBusError.self) { try DBusAddress.parse("nocolon") }
        #expect(throws: DBusError.self) { try DBusAddress.parse("unix:path") }
        #expect(throws: DBusError.self) { try DBusAddress.parse("unix:path=%zz") }
    }
}
