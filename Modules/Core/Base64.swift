/// Standard base64 (RFC 4648, with padding and without line breaks), as the kitty graphics
/// protocol carries payloads and data URLs carry images.
package enum Base64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Encodes bytes.
    ///
    /// - Complexity: O(*n*).
    package static func encode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let count = min(3, bytes.endIndex - index)
            var word = UInt32(bytes[index]) << 16
            if count > 1 { word |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { word |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                if position <= count {
                    output.append(alphabet[Int((word >> UInt32(18 - position * 6)) & 63)])
                } else {
                    output.append(UInt8(ascii: "="))
                }
            }
            index += count
        }
        return output
    }
}
