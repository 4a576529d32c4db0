import CTrellisPluginABI
import Synchronization
public import TrellisCore

/// A loaded plugin library: its validated manifest and its entry points, each with a prepared
/// libffi call interface.
///
/// Libraries are loaded once per process and never unloaded; loading the same file again
/// returns the same library.
///
/// ```swift
/// let library = try PluginLibrary.load(path: "/usr/local/lib/trellis/plugins/libTrellisTextBackend.so")
/// print(library.name, library.version, library.capabilities)
/// ```
public final class PluginLibrary: Sendable {
    /// The ABI version this host implements.
    public static let abiVersion = UInt32(TRELLIS_PLUGIN_ABI_VERSION)

    /// The entry points the host knows, with the signatures it expects.
    public static let expectedSignatures: [String: String] = [
        "open": "i(ppLp)", "close": "i(p)", "last_error": "p(p)", "render": "i(ppLpp)",
        "measure": "i(ppLpp)", "input": "i(ppLpp)", "output": "p()",
    ]

    /// The canonical path of the library file.
    public let path: String
    /// The backend's name from the manifest.
    public let name: String
    /// The backend's version from the manifest.
    public let version: String
    /// The ABI version the plugin was built against.
    public let abiVersion: UInt32
    /// What the backend can do.
    public let capabilities: BackendCapabilities
    /// The entry points, by name.
    let entries: [String: PluginEntry]
    /// What the backend's output is, from its `output` entry, or from its capabilities when it
    /// has none.
    public let output: BackendOutput

    private static let loaded = Mutex<[String: PluginLibrary]>([:])

    private init(
        path: String, name: String, version: String, abiVersion: UInt32,
        capabilities: BackendCapabilities, entries: [String: PluginEntry], output: BackendOutput
    ) {
        self.output = output
        self.path = path
        self.name = name
        self.version = version
        self.abiVersion = abiVersion
        self.capabilities = capabilities
        self.entries = entries
    }

    /// The names of the entry points the manifest lists, sorted.
    public var entryNames: [String] { entries.keys.sorted() }

    /// The signature the manifest declares for an entry point.
    public func signature(of entry: String) -> FFISignature? {
        entries[entry]?.interface.signature
    }

    /// Loads and validates a plugin library.
    ///
    /// The file and its directory must be changeable only by the user running the host or
    /// root: each must be owned by one of them, not writable by other users, and not writable
    /// by its group unless that is the owner's private group (the rule OpenSSH applies to
    /// `authorized_keys`). When the path is a symbolic link, the directory that holds it, and
    /// the directory of every further link that link leads through, must pass the same rule:
    /// otherwise another user could point the link at any library. Then the file the links
    /// lead to and its directory are checked. (Links among the directories above the file, and
    /// those directories' ancestors, are not checked.) The checks run on every call, before a library
    /// loaded earlier is returned, so a file whose permissions were loosened since is refused.
    ///
    /// Before `dlopen`, the file's ELF headers are read with plain reads and checked: it must be
    /// a 64-bit shared object for this machine, and its header tables and loadable segments
    /// must lie inside the file, so that a truncated file is refused rather than faulting the
    /// process when it is mapped. The library is then opened with
    /// `dlopen(RTLD_NOW | RTLD_LOCAL)`, its manifest is read and checked (ABI version,
    /// structure sizes, name, entry table), and a libffi call interface is prepared for every
    /// entry.
    ///
    /// - Throws: ``PluginError`` naming the file and the problem; a file, directory or link
    ///   that another user could change is
    ///   ``PluginError/Code-swift.struct/insecurePermissions``, a file that is not a complete
    ///   shared object for this machine is ``PluginError/Code-swift.struct/notASharedLibrary``.
    public static func load(path: String) throws(PluginError) -> PluginLibrary {
        guard let real = SystemCalls.realPath(path),
            let status = SystemCalls.status(of: real)
        else {
            throw PluginError(.notFound, "no such file", path: path)
        }
        try checkLinks(from: path)
        guard status.isRegularFile else {
            throw PluginError(.notASharedLibrary, "not a regular file", path: real)
        }
        if let problem = PluginPermissions.problem(with: status, subject: "the file") {
            throw PluginError(.insecurePermissions, problem, path: real)
        }
        let directory = parentDirectory(of: real)
        guard let directoryStatus = SystemCalls.status(of: directory) else {
            throw PluginError(.notFound, "its directory \(directory) cannot be read", path: real)
        }
        if let problem = PluginPermissions.problem(
            with: directoryStatus, subject: "its directory \(directory)")
        {
            throw PluginError(.insecurePermissions, problem, path: real)
        }
        if let cached = loaded.withLock({ $0[real] }) { return cached }
        try ELFHeader.checkSharedObject(at: real)
        let handle = try SystemCalls.open(library: real)
        let library = try read(handle: handle, path: real)
        return loaded.withLock { cache in
            if let existing = cache[real] { return existing }
            cache[real] = library
            return library
        }
    }

    /// Checks the directory of each symbolic link on the way from a path to its file.
    ///
    /// A link is only as safe as the directory that holds it: whoever can write there can
    /// replace the link. The chain is followed one link at a time (a relative target from the
    /// link's directory), at most 40 links, as the kernel does; messages name each directory
    /// by its canonical path.
    ///
    /// - Throws: ``PluginError/Code-swift.struct/insecurePermissions`` naming the path as
    ///   given, the link and its directory.
    private static func checkLinks(from path: String) throws(PluginError) {
        var current = path
        for _ in 0..<40 {
            guard let status = SystemCalls.linkStatus(of: current) else {
                // The path resolved a moment ago: the chain changed, or a target is not UTF-8.
                throw PluginError(
                    .notFound, "the symbolic link target \(current) cannot be followed",
                    path: path)
            }
            guard status.isSymbolicLink, let target = SystemCalls.linkTarget(of: current) else {
                return
            }
            guard let directory = SystemCalls.realPath(parentDirectory(of: current)),
                let directoryStatus = SystemCalls.status(of: directory)
            else {
                throw PluginError(
                    .notFound, "the directory of the symbolic link \(current) cannot be read",
                    path: path)
            }
            let base = directory == "/" ? "" : directory
            let link = base + "/" + lastComponent(of: current)
            if let problem = PluginPermissions.problem(
                with: directoryStatus,
                subject: "the directory \(directory) that holds the symbolic link \(link)")
            {
                throw PluginError(.insecurePermissions, problem, path: path)
            }
            current = target.hasPrefix("/") ? target : base + "/" + target
        }
    }

    private static func read(handle: UnsafeMutableRawPointer, path: String) throws(PluginError)
        -> PluginLibrary
    {
        guard let symbol = SystemCalls.symbol(TRELLIS_PLUGIN_MANIFEST_SYMBOL, in: handle) else {
            throw PluginError(
                .noManifestSymbol,
                "the library does not export \(TRELLIS_PLUGIN_MANIFEST_SYMBOL); a Trellis "
                    + "plugin must", path: path)
        }
        let function = unsafeBitCast(symbol, to: trellis_plugin_manifest_fn.self)
        guard let raw = function() else {
            throw PluginError(
                .manifestNull, "\(TRELLIS_PLUGIN_MANIFEST_SYMBOL)() returned NULL", path: path)
        }
        // Read the version and size before the rest: a different ABI may lay it out otherwise.
        let header = UnsafeRawPointer(raw)
        let abi = header.loadUnaligned(as: UInt32.self)
        let size = header.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
        guard abi == abiVersion else {
            throw PluginError(
                .abiVersionMismatch, "expected \(abiVersion), found \(abi)", path: path)
        }
        let expectedSize = UInt32(MemoryLayout<trellis_manifest>.size)
        guard size == expectedSize else {
            throw PluginError(
                .structSizeMismatch,
                "trellis_manifest is \(expectedSize) bytes in the host, \(size) in the plugin",
                path: path)
        }
        let manifest = raw.pointee
        let entrySize = UInt32(MemoryLayout<trellis_entry>.size)
        guard manifest.entry_size == entrySize else {
            throw PluginError(
                .structSizeMismatch,
                "trellis_entry is \(entrySize) bytes in the host, \(manifest.entry_size) in the "
                    + "plugin", path: path)
        }
        let name = try validName(manifest.name, path: path)
        guard let versionPointer = manifest.version else {
            throw PluginError(.invalidManifest, "the version is NULL", path: path)
        }
        let version = String(decoding: cStringBytes(versionPointer, limit: 64), as: UTF8.self)
        guard manifest.entry_count <= 256 else {
            throw PluginError(
                .invalidManifest, "\(manifest.entry_count) entries; at most 256", path: path)
        }
        guard manifest.entry_count == 0 || manifest.entries != nil else {
            throw PluginError(.invalidManifest, "the entry table is NULL", path: path)
        }
        let capabilities = BackendCapabilities(rawValue: manifest.capabilities)
        let entries = try readEntries(manifest, path: path)
        for required in requiredEntries(for: capabilities) where entries[required] == nil {
            throw PluginError(
                .missingEntry,
                "the manifest has no \"\(required)\" entry (signature "
                    + "\(expectedSignatures[required] ?? "?"))", path: path)
        }
        var library = PluginLibrary(
            path: path, name: name, version: version, abiVersion: abi,
            capabilities: capabilities, entries: entries,
            output: BackendOutput(capabilities: capabilities))
        if entries["output"] != nil {
            library = PluginLibrary(
                path: path, name: name, version: version, abiVersion: abi,
                capabilities: capabilities, entries: entries,
                output: try library.describedOutput())
        }
        return library
    }

    /// The largest `output` description read, in bytes.
    static let maximumOutputDescriptionBytes = 65536

    /// Calls the `output` entry and reads the description it returns.
    private func describedOutput() throws(PluginError) -> BackendOutput {
        guard let pointer = try call("output", []).rawPointer else {
            throw PluginError(.invalidManifest, "the \"output\" entry returned NULL", path: path)
        }
        let limit = PluginLibrary.maximumOutputDescriptionBytes
        let bytes = cStringBytes(pointer.assumingMemoryBound(to: CChar.self), limit: limit + 1)
        guard bytes.count <= limit else {
            throw PluginError(
                .invalidManifest, "the \"output\" description is over \(limit) bytes", path: path)
        }
        do throws(ConfigurationError) {
            return try BackendOutput(json: bytes)
        } catch {
            throw PluginError(.invalidManifest, error.message, path: path)
        }
    }

    private static func readEntries(_ manifest: trellis_manifest, path: String)
        throws(PluginError) -> [String: PluginEntry]
    {
        var entries: [String: PluginEntry] = [:]
        var interfaces: [FFISignature: FFICallInterface] = [:]
        for index in 0..<Int(manifest.entry_count) {
            guard let table = manifest.entries else { break }
            let entry = table[index]
            guard let namePointer = entry.name, let signaturePointer = entry.signature,
                let function = entry.function
            else {
                throw PluginError(
                    .invalidManifest, "entry \(index) has a NULL name, signature or function",
                    path: path)
            }
            let entryName = String(decoding: cStringBytes(namePointer, limit: 64), as: UTF8.self)
            let text = String(decoding: cStringBytes(signaturePointer, limit: 64), as: UTF8.self)
            let signature: FFISignature
            do throws(FFISignatureError) {
                signature = try FFISignature(parsing: text)
            } catch {
                throw PluginError(
                    .badSignature, "entry \"\(entryName)\": \(error.description)", path: path)
            }
            if let expected = expectedSignatures[entryName], expected != signature.description {
                throw PluginError(
                    .signatureMismatch,
                    "entry \"\(entryName)\" is declared \(signature), the host expects \(expected)",
                    path: path)
            }
            if entries[entryName] != nil {
                throw PluginError(
                    .invalidManifest, "entry \"\(entryName)\" is listed twice", path: path)
            }
            let interface: FFICallInterface
            if let existing = interfaces[signature] {
                interface = existing
            } else {
                do throws(PluginError) {
                    interface = try FFICallInterface(signature: signature)
                } catch {
                    throw error.at(path)
                }
                interfaces[signature] = interface
            }
            entries[entryName] = PluginEntry(
                name: entryName, function: UnsafeRawPointer(function), interface: interface)
        }
        return entries
    }

    /// The entries a backend with these capabilities must export.
    static func requiredEntries(for capabilities: BackendCapabilities) -> [String] {
        var names = ["open", "close", "last_error"]
        if !capabilities.isDisjoint(with: .anyRender) { names.append("render") }
        if capabilities.contains(.measureText) { names.append("measure") }
        if capabilities.contains(.input) { names.append("input") }
        return names
    }

    private static func validName(_ pointer: UnsafePointer<CChar>?, path: String)
        throws(PluginError) -> String
    {
        guard let pointer else {
            throw PluginError(.invalidManifest, "the name is NULL", path: path)
        }
        let bytes = cStringBytes(pointer, limit: 65)
        let allowed = bytes.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
        }
        guard !bytes.isEmpty, bytes.count <= 64, allowed else {
            throw PluginError(
                .invalidManifest,
                "the name must be 1 to 64 characters of a-z, 0-9 and '-'", path: path)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func lastComponent(of path: String) -> Substring {
        guard let slash = path.lastIndex(of: "/") else { return path[...] }
        return path[path.index(after: slash)...]
    }

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    /// Calls an entry point through libffi after checking the arguments against its signature.
    ///
    /// - Throws: ``PluginError`` when the entry is missing or the arguments do not match.
    public func call(_ entry: String, _ arguments: [FFIValue]) throws(PluginError) -> FFIValue {
        guard let found = entries[entry] else {
            throw PluginError(.missingEntry, "the manifest has no \"\(entry)\" entry", path: path)
        }
        let expected = found.interface.signature.argumentTypes
        let given = arguments.map(\.type)
        guard expected == given else {
            let givenSignature = FFISignature(
                returns: found.interface.signature.returnType, arguments: given)
            throw PluginError(
                .signatureMismatch,
                "entry \"\(entry)\" is declared \(found.interface.signature), called as "
                    + "\(givenSignature)", path: path)
        }
        return found.interface.call(found.function, arguments: arguments)
    }
}

/// One entry point of a loaded plugin.
struct PluginEntry: @unchecked Sendable {
    let name: String
    let function: UnsafeRawPointer
    let interface: FFICallInterface
}

/// The bytes of a C string, reading at most `limit` bytes.
func cStringBytes(_ pointer: UnsafePointer<CChar>, limit: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = 0
    while index < limit {
        let byte = UInt8(bitPattern: pointer[index])
        if byte == 0 { break }
        bytes.append(byte)
        index += 1
    }
    return bytes
}
