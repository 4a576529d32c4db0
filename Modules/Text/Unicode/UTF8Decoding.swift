/// Decodes the scalar that starts at `i` in `bytes[..<end]`, which must be before `end`.
///
/// Returns the scalar value and the number of bytes consumed. An ill-formed sequence decodes as
/// U+FFFD and consumes its maximal subpart (at least one byte), as Swift's `String(decoding:)`
/// and the Unicode standard's recommended practice do, so that offsets stay in step with a
/// repaired string and no byte is read past `end`.
@inline(__always)
func decodeUTF8(_ bytes: UnsafePointer<UInt8>, at i: Int, end: Int) -> (value: UInt32, length: Int)
{
    let b0 = bytes[i]
    if b0 < 0x80 { return (UInt32(b0), 1) }
    return decodeMultibyteUTF8(bytes, at: i, end: end)
}

/// The multibyte part of ``decodeUTF8(_:at:end:)``.
func decodeMultibyteUTF8(
    _ bytes: UnsafePointer<UInt8>, at i: Int, end: Int
) -> (value: UInt32, length: Int) {
    let replacement: UInt32 = 0xFFFD
    let b0 = bytes[i]
    if b0 < 0xC2 || b0 > 0xF4 { return (replacement, 1) }
    guard i + 1 < end else { return (replacement, 1) }
    let b1 = bytes[i + 1]
    if b0 < 0xE0 {
        guard b1 & 0xC0 == 0x80 else { return (replacement, 1) }
        return (UInt32(b0 & 0x1F) << 6 | UInt32(b1 & 0x3F), 2)
    }
    let low: UInt8
    let high: UInt8
    switch b0 {
    case 0xE0: (low, high) = (0xA0, 0xBF)
    case 0xED: (low, high) = (0x80, 0x9F)
    case 0xF0: (low, high) = (0x90, 0xBF)
    case 0xF4: (low, high) = (0x80, 0x8F)
    default: (low, high) = (0x80, 0xBF)
    }
    guard b1 >= low && b1 <= high else { return (replacement, 1) }
    guard i + 2 < end, bytes[i + 2] & 0xC0 == 0x80 else { return (replacement, 2) }
    let b2 = bytes[i + 2]
    if b0 < 0xF0 {
        return (UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F), 3)
    }
    guard i + 3 < end, bytes[i + 3] & 0xC0 == 0x80 else { return (replacement, 3) }
    let b3 = bytes[i + 3]
    return (
        UInt32(b0 & 0x07) << 18 | UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6
            | UInt32(b3 & 0x3F), 4
    )
}
