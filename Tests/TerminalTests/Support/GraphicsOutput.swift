import Foundation
import Testing
import TrellisPNG

/// Terminal output taken apart: the kitty graphics commands and sixel images it holds, each
/// with the cell the cursor was moved to before it, and the rest (cells, moves, attributes),
/// which a `VirtualTerminal` can replay.
struct GraphicsOutput {
    /// One kitty graphics command: its keys and its payload (still base64).
    struct KittyCommand {
        var keys: [String: String]
        var payload: String
        /// The cell of the last absolute move before it (row, column from 0).
        var cell: (row: Int, column: Int)?
    }

    /// One sixel image: the whole `ESC P … ESC \` sequence and where it was written.
    struct Sixel {
        var bytes: [UInt8]
        var cell: (row: Int, column: Int)?
    }

    var kitty: [KittyCommand] = []
    var sixels: [Sixel] = []
    var rest: [UInt8] = []

    init(_ bytes: [UInt8]) throws {
        var index = 0
        var cell: (Int, Int)?
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count,
                bytes[index + 1] == 0x5F || bytes[index + 1] == 0x50
            {
                guard
                    let end = (index + 2..<max(index + 2, bytes.count - 1)).first(where: {
                        bytes[$0] == 0x1B && bytes[$0 + 1] == 0x5C
                    })
                else { throw GraphicsOutputError("an unterminated string at byte \(index)") }
                if bytes[index + 1] == 0x50 {
                    sixels.append(Sixel(bytes: Array(bytes[index...(end + 1)]), cell: cell))
                } else {
                    let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                    guard body.hasPrefix("G"), let semicolon = body.firstIndex(of: ";") else {
                        throw GraphicsOutputError("not a kitty graphics command: \(body)")
                    }
                    var keys: [String: String] = [:]
                    for pair in body[body.index(after: body.startIndex)..<semicolon].split(
                        separator: ",")
                    {
                        let parts = pair.split(separator: "=", maxSplits: 1)
                        guard parts.count == 2 else { throw GraphicsOutputError("bad key \(pair)") }
                        keys[String(parts[0])] = String(parts[1])
                    }
                    kitty.append(
                        KittyCommand(
                            keys: keys, payload: String(body[body.index(after: semicolon)...]),
                            cell: cell))
                }
                index = end + 2
                continue
            }
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5B {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == 0x48 {
                    let numbers = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                        .split(separator: ";", omittingEmptySubsequences: false).map {
                            Int($0) ?? 1
                        }
                    cell = ((numbers.first ?? 1) - 1, (numbers.count > 1 ? numbers[1] : 1) - 1)
                } else if end < bytes.count {
                    cell = nil
                }
                rest.append(contentsOf: bytes[index...min(end, bytes.count - 1)])
                index = end + 1
                continue
            }
            rest.append(bytes[index])
            index += 1
        }
    }

    /// The commands with an action (`a=t`, `a=p`, `a=d`).
    func commands(_ action: String) -> [KittyCommand] {
        kitty.filter { $0.keys["a"] == action }
    }

    /// The images transmitted, by image id: the chunks of each joined, base64-decoded and
    /// decoded as PNG by TrellisPNG's decoder.
    func transmittedImages() throws -> [String: PNGImage] {
        var result: [String: PNGImage] = [:]
        var index = 0
        while index < kitty.count {
            let command = kitty[index]
            index += 1
            guard command.keys["a"] == "t" else { continue }
            #expect(command.keys["f"] == "100" && command.keys["t"] == "d")
            let id = try #require(command.keys["i"])
            var payload = command.payload
            var more = command.keys["m"] == "1"
            while more {
                let next = try #require(index < kitty.count ? kitty[index] : nil)
                #expect(next.keys.keys.sorted() == ["m"], "a continuation carries only m")
                payload += next.payload
                more = next.keys["m"] == "1"
                index += 1
            }
            result[id] = try PNGDecoder.decode(try base64Decoded(payload), maximumPixels: 1 << 24)
        }
        return result
    }
}

struct GraphicsOutputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Decodes standard base64 with padding.
func base64Decoded(_ text: String) throws -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var values: [UInt8: UInt32] = [:]
    for (index, byte) in alphabet.enumerated() { values[byte] = UInt32(index) }
    let bytes = Array(text.utf8)
    guard bytes.count % 4 == 0 else { throw GraphicsOutputError("base64 of \(bytes.count) bytes") }
    var output: [UInt8] = []
    for start in stride(from: 0, to: bytes.count, by: 4) {
        var word: UInt32 = 0
        var padding = 0
        for byte in bytes[start..<(start + 4)] {
            word <<= 6
            if byte == UInt8(ascii: "=") {
                padding += 1
            } else {
                guard let value = values[byte] else { throw GraphicsOutputError("base64 \(byte)") }
                word |= value
            }
        }
        output.append(UInt8(word >> 16 & 0xFF))
        if padding < 2 { output.append(UInt8(word >> 8 & 0xFF)) }
        if padding < 1 { output.append(UInt8(word & 0xFF)) }
    }
    return output
}

/// Decodes a sixel sequence with libsixel's `sixel2png` (Debian's libsixel-bin), a decoder
/// written elsewhere, and returns its pixels.
func decodeWithSixel2PNG(_ sixel: [UInt8]) throws -> PNGImage {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "trellis-sixel-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("image.six")
    let output = directory.appendingPathComponent("image.png")
    try Data(sixel).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sixel2png")
    process.arguments = ["-i", input.path, "-o", output.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw GraphicsOutputError("sixel2png exited with \(process.terminationStatus)")
    }
    return try PNGDecoder.decode(Array(try Data(contentsOf: output)), maximumPixels: 1 << 24)
}
