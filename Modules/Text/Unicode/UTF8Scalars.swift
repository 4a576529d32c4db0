/// The scalars of a span of valid UTF-8 in memory, decoded on the fly.
struct UTF8Scalars: Sequence, IteratorProtocol {
    let base: UnsafePointer<UInt8>
    var position: Int
    let end: Int

    mutating func next() -> Unicode.Scalar? {
        guard position < end else { return nil }
        let (value, length) = decodeUTF8(base, at: position, end: end)
        position += length
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
