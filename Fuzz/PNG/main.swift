// libFuzzer target for TrellisPNG's decoder.
//
// Invariants: decoding any bytes never crashes, hangs or reads out of bounds (AddressSanitizer
// checks the Swift code and libpng); it either gives width × height × 4 bytes of pixels within
// the limit, or fails with a message. What decodes encodes again and decodes to the same pixels.
// Each input is decoded as it is and with every chunk's CRC repaired, so that mutations reach
// the header checks and libpng instead of stopping at a bad CRC. Every input is also decoded as
// an animated PNG (APNG), whose frames encode again and decode to the same last frame. The pixel limit is small
// (1 Mpx) to keep each run fast.

import TrellisPNG

/// CRC-32 (ISO 3309, as PNG uses it), table-driven.
let crcTable: [UInt32] = (0..<256).map { index in
    (0..<8).reduce(UInt32(index)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
}

/// The bytes with the CRC of every complete chunk after the signature recomputed.
func repairingCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - offset - 12 else { break }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes[(offset + 4)..<(offset + 8 + length)] {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        crc ^= 0xFFFF_FFFF
        for i in 0..<4 {
            bytes[offset + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i))
        }
        offset += 12 + length
    }
    return bytes
}

/// Decodes one input and checks the invariants.
func check(_ bytes: [UInt8]) {
    let limit = 1 << 20
    do throws(PNGError) {
        let image = try PNGDecoder.decode(bytes, maximumPixels: limit)
        precondition(image.width * image.height <= limit, "over the pixel limit")
        precondition(image.pixels.count == image.width * image.height * 4, "wrong pixel count")
        let again = try PNGEncoder.encode(
            rgba: image.pixels, width: image.width, height: image.height)
        let decoded = try PNGDecoder.decode(again, maximumPixels: limit)
        precondition(decoded == image, "no round trip")
    } catch {
        precondition(!error.message.isEmpty, "an error without a message")
    }
    checkAnimation(bytes, limit: limit)
}

/// Decodes one input as an animated PNG: whole frames of the canvas's size within the limit,
/// which encode again and decode to the same frames; or an error with a message.
func checkAnimation(_ bytes: [UInt8], limit: Int) {
    do throws(PNGError) {
        let animation = try PNGDecoder.decodeAnimation(bytes, maximumPixels: limit)
        precondition(!animation.frames.isEmpty, "an animation without frames")
        precondition(
            animation.width * animation.height * animation.frames.count <= limit,
            "over the pixel limit")
        for frame in animation.frames {
            precondition(
                frame.image.width == animation.width && frame.image.height == animation.height
                    && frame.image.pixels.count == animation.width * animation.height * 4,
                "a frame of another size")
        }
        let again = try PNGEncoder.encode(animation)
        let decoded = try PNGDecoder.decodeAnimation(again, maximumPixels: limit)
        precondition(distinct(decoded) == distinct(animation), "no round trip")
    } catch {
        precondition(!error.message.isEmpty, "an error without a message")
    }
}

/// The frames' images with runs of equal ones taken once.
func distinct(_ animation: PNGAnimation) -> [PNGImage] {
    var images: [PNGImage] = []
    for frame in animation.frames where images.last != frame.image {
        images.append(frame.image)
    }
    return images
}

/// libFuzzer's entry point: one input, as a PNG file as it is and with its CRCs repaired.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    check(bytes)
    check(repairingCRCs(bytes))
    return 0
}
