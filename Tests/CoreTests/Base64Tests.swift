import Foundation
import Testing
import _TrellisTestSupport

@testable import TrellisCore

/// Base64 as the snapshot report's data URLs and the kitty graphics protocol carry it.
@Suite struct Base64Tests {
    /// The test vectors of RFC 4648 §10.
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
    func theVectorsOfTheStandard(text: String, expected: String) {
        #expect(String(decoding: Base64.encode(Array(text.utf8)[...]), as: UTF8.self) == expected)
    }

    /// Foundation's encoder, which the snapshot report used before, agrees on random bytes of
    /// every length modulo 3, and on a slice that does not start at zero.
    @Test func foundationWritesTheSame() {
        var generator = SeededGenerator(seed: 0x6234)
        for count in Array(0...9) + [255, 256, 257, 4096] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let encoded = String(decoding: Base64.encode(bytes[...]), as: UTF8.self)
            #expect(encoded == Data(bytes).base64EncodedString(), "\(bytes)")
            guard count > 2 else { continue }
            let slice = bytes[2...]
            #expect(
                String(decoding: Base64.encode(slice), as: UTF8.self)
                    == Data(slice).base64EncodedString())
        }
    }
}
