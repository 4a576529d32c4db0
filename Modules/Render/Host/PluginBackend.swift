import CTrellisPluginABI
public import TrellisCore

/// A backend in a plugin library, called through libffi.
///
/// Each backend is one instance opened with the plugin's `open` entry; several backends may be
/// open at once, from the same library or different ones. Every frame is one call.
///
/// ```swift
/// let library = try PluginLibrary.load(path: path)
/// let backend = try PluginBackend(library: library)
/// let text = try backend.render(encoded: list.encoded())
/// ```
public final class PluginBackend: Backend {
    /// The library the backend comes from.
    public let library: PluginLibrary
    /// The number of calls made into the plugin through libffi so far.
    public private(set) var ffiCallCount = 0
    /// The diagnostic lines the plugin logged through the host services.
    public var diagnostics: [String] { log.lines }

    private let instance: UnsafeMutableRawPointer
    private let log: HostLog
    private let host: UnsafeMutablePointer<trellis_host>
    private let outBytes = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: 1)
    private let outLength = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    /// Whether ``withRenderedBytes(encoded:_:)`` is lending the plugin's output, which the next
    /// call would invalidate.
    private var isLendingOutput = false

    /// The backend's name.
    public var name: String { library.name }
    /// What the backend can do.
    public var capabilities: BackendCapabilities { library.capabilities }
    /// What the output is, as the plugin describes it.
    public var output: BackendOutput { library.output }

    /// Opens an instance of a plugin.
    ///
    /// - Parameters:
    ///   - library: The loaded plugin.
    ///   - configuration: UTF-8 JSON for the plugin's `open`, or empty.
    /// - Throws: ``PluginError`` with the plugin's message when `open` fails.
    public init(library: PluginLibrary, configuration: [UInt8] = []) throws(PluginError) {
        self.library = library
        let log = HostLog()
        self.log = log
        let host = UnsafeMutablePointer<trellis_host>.allocate(capacity: 1)
        self.host = host
        host.initialize(
            to: trellis_host(
                abi_version: UInt32(TRELLIS_PLUGIN_ABI_VERSION),
                struct_size: UInt32(MemoryLayout<trellis_host>.size),
                context: Unmanaged.passUnretained(log).toOpaque(),
                log: { context, level, message in
                    guard let context, let message else { return }
                    let log = Unmanaged<HostLog>.fromOpaque(context).takeUnretainedValue()
                    log.append(level: level, String(cString: message))
                }))
        var handle: UnsafeMutableRawPointer?
        let status = configuration.withUnsafeBufferPointer { bytes in
            withUnsafeMutablePointer(to: &handle) { out in
                try? library.call(
                    "open",
                    [
                        .pointer(UnsafeRawPointer(host)),
                        .pointer(UnsafeRawPointer(bytes.baseAddress)),
                        .uint64(UInt64(bytes.count)), .pointer(UnsafeRawPointer(out)),
                    ])
            }
        }
        guard case .int32(let code)? = status, code == 0, let opened = handle else {
            let message = PluginBackend.lastError(library, instance: nil)
            host.deallocate()
            outBytes.deallocate()
            outLength.deallocate()
            throw PluginError(.callFailed, "open failed: \(message)", path: library.path)
        }
        instance = opened
        ffiCallCount = 1
    }

    deinit {
        _ = try? library.call("close", [.pointer(UnsafeRawPointer(instance))])
        host.deallocate()
        outBytes.deallocate()
        outLength.deallocate()
    }

    private static func lastError(_ library: PluginLibrary, instance: UnsafeMutableRawPointer?)
        -> String
    {
        guard let result = try? library.call("last_error", [.pointer(UnsafeRawPointer(instance))]),
            let pointer = result.rawPointer
        else { return "(no message)" }
        let text = String(
            decoding: cStringBytes(pointer.assumingMemoryBound(to: CChar.self), limit: 4096),
            as: UTF8.self)
        return text.isEmpty ? "(no message)" : text
    }

    /// Calls one of the buffer entries (`render`, `measure`, `input`, or another with their
    /// signature, such as `control`): one libffi call, whose output is copied.
    func callBuffer(_ entry: String, _ bytes: [UInt8]) throws(PluginError) -> [UInt8] {
        let output = try callBorrowing(entry, bytes)
        return Array(
            UnsafeBufferPointer(
                start: output.baseAddress?.assumingMemoryBound(to: UInt8.self), count: output.count)
        )
    }

    /// Throws while ``withRenderedBytes(encoded:_:)`` lends the output, which a call would
    /// overwrite.
    private func requireNotLending(_ entry: String) throws(PluginError) {
        guard !isLendingOutput else {
            throw PluginError(
                .callFailed,
                "\(entry) was called while withRenderedBytes lends the last output; "
                    + "copy the bytes first", path: library.path)
        }
    }

    /// Calls a buffer entry and returns the plugin's output in place: it belongs to the
    /// instance and stays valid until the next call on it (see the ABI's ownership rules).
    private func callBorrowing(_ entry: String, _ bytes: [UInt8]) throws(PluginError)
        -> UnsafeRawBufferPointer
    {
        try requireNotLending(entry)
        outBytes.pointee = nil
        outLength.pointee = 0
        let result = bytes.withUnsafeBufferPointer { input in
            Result { () throws(PluginError) -> FFIValue in
                try library.call(
                    entry,
                    [
                        .pointer(UnsafeRawPointer(instance)),
                        .pointer(UnsafeRawPointer(input.baseAddress)),
                        .uint64(UInt64(input.count)),
                        .pointer(UnsafeRawPointer(outBytes)),
                        .pointer(UnsafeRawPointer(outLength)),
                    ])
            }
        }
        ffiCallCount += 1
        let status = try result.get()
        guard case .int32(let code) = status else {
            throw PluginError(.callFailed, "\(entry) returned \(status)", path: library.path)
        }
        guard code == 0 else {
            let message = PluginBackend.lastError(library, instance: instance)
            throw PluginError(
                .callFailed, "\(entry) failed with status \(code): \(message)", path: library.path)
        }
        let length = outLength.pointee
        guard length <= UInt64(Int.max), length == 0 || outBytes.pointee != nil else {
            throw PluginError(
                .callFailed, "\(entry) returned \(length) bytes at NULL", path: library.path)
        }
        return UnsafeRawBufferPointer(start: outBytes.pointee, count: Int(length))
    }

    /// Renders one encoded display list with one call into the plugin.
    public func render(encoded list: [UInt8]) throws(PluginError) -> [UInt8] {
        try requireRendering()
        return try callBuffer("render", list)
    }

    /// Renders one encoded display list with one call into the plugin and lends the plugin's
    /// output buffer to `body` without copying it.
    ///
    /// The buffer belongs to the plugin instance and is valid only while `body` runs; a call on
    /// this backend from inside `body` throws ``PluginError/Code-swift.struct/callFailed``.
    ///
    /// - Throws: ``PluginError`` when the backend cannot render, or fails.
    public func withRenderedBytes<Value>(
        encoded list: [UInt8], _ body: (UnsafeRawBufferPointer) -> Value
    ) throws(PluginError) -> Value {
        try requireRendering()
        let output = try callBorrowing("render", list)
        isLendingOutput = true
        defer { isLendingOutput = false }
        return body(output)
    }

    /// Measures an encoded batch of text runs with one call into the plugin.
    public func measure(encoded request: [UInt8]) throws(PluginError) -> [UInt8] {
        try require(.measureText, for: "measure text")
        return try callBuffer("measure", request)
    }

    /// Decodes input bytes with one call into the plugin.
    public func input(_ bytes: [UInt8]) throws(PluginError) -> [UInt8] {
        try require(.input, for: "read input")
        return try callBuffer("input", bytes)
    }

    /// Calls any entry point by name with arguments checked against its declared signature.
    ///
    /// - Throws: ``PluginError`` when the entry is missing or the arguments do not match.
    public func call(_ entry: String, _ arguments: [FFIValue]) throws(PluginError) -> FFIValue {
        try requireNotLending(entry)
        ffiCallCount += 1
        return try library.call(entry, arguments)
    }
}

/// Collects the lines a plugin logs through the host services.
final class HostLog: @unchecked Sendable {
    private(set) var lines: [String] = []

    func append(level: Int32, _ message: String) {
        let names = ["debug", "info", "warning", "error"]
        let name = level >= 0 && level < 4 ? names[Int(level)] : "level \(level)"
        lines.append("\(name): \(message)")
    }
}
