/// The memory one call's output is written into: owned by the plugin instance, handed to the
/// host across the ABI as it is, and reused by the next call when it is large enough.
///
/// A renderer that produces large outputs (pixels) writes them here directly through
/// ``FrameRenderer/render(_:into:)`` instead of returning an array that would be copied:
///
/// ```swift
/// try output.write(count: 8 + width * height * 4) { bytes in
///     // fill all of `bytes`
/// }
/// ```
public final class FrameOutput {
    private var storage: UnsafeMutableRawBufferPointer
    /// The number of bytes of output.
    public private(set) var count = 0

    /// Creates an empty output.
    public init() {
        storage = .allocate(byteCount: 1, alignment: 16)
    }

    deinit {
        storage.deallocate()
    }

    /// The output's bytes, valid until the next write.
    public var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: storage[0..<count])
    }

    /// Makes the output `count` bytes long and lets `body` write every one of them.
    ///
    /// The memory of an earlier output is reused when it is large enough and not more than
    /// four times too large. When `body` throws, the output is left empty.
    ///
    /// - Precondition: `count` is not negative.
    public func write<Failure: Error>(
        count: Int, _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        precondition(count >= 0, "an output cannot have \(count) bytes")
        self.count = 0
        if storage.count < count || storage.count / 4 > max(count, 1) {
            storage.deallocate()
            storage = .allocate(byteCount: max(count, 1), alignment: 16)
        }
        try body(UnsafeMutableRawBufferPointer(rebasing: storage[0..<count]))
        self.count = count
    }

    /// Makes the output a copy of `bytes`.
    public func replace(with bytes: [UInt8]) {
        write(count: bytes.count) { destination in
            bytes.withUnsafeBytes { destination.copyMemory(from: $0) }
        }
    }
}
