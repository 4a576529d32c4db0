import TrellisGeometry

/// An error from loading or calling a rendering plugin.
///
/// The description is one line that names the plugin file, says what went wrong, and when it
/// helps, how to fix it:
/// `plugin /opt/x/libTrellisFooBackend.so: ABI version mismatch: expected 1, found 2`.
public struct PluginError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case notFound = "not found"
            case notASharedLibrary = "not a shared library"
            case noManifestSymbol = "no manifest symbol"
            case manifestNull = "manifest is null"
            case abiVersionMismatch = "ABI version mismatch"
            case structSizeMismatch = "struct size mismatch"
            case invalidManifest = "invalid manifest"
            case missingEntry = "missing required entry"
            case badSignature = "bad signature"
            case signatureMismatch = "signature mismatch"
            case insecurePermissions = "insecure permissions"
            case missingCapability = "missing capability"
            case callFailed = "plugin call failed"
            case unknownBackend = "unknown backend"
            case duplicateName = "duplicate backend name"
            case overBudget = "over budget"
        }

        private let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The file does not exist.
        public static let notFound = Code(.notFound)
        /// A frame asks for more than a documented limit allows (drawing commands, for one).
        public static let overBudget = Code(.overBudget)
        /// The file exists but is not a complete ELF shared object for this machine (not ELF,
        /// another class, byte order, type or machine, or truncated), or `dlopen` cannot load
        /// it.
        public static let notASharedLibrary = Code(.notASharedLibrary)
        /// The library does not export `trellis_plugin_manifest`.
        public static let noManifestSymbol = Code(.noManifestSymbol)
        /// `trellis_plugin_manifest()` returned NULL.
        public static let manifestNull = Code(.manifestNull)
        /// The manifest's ABI version is not the host's.
        public static let abiVersionMismatch = Code(.abiVersionMismatch)
        /// The manifest's or an entry's struct size is not the host's.
        public static let structSizeMismatch = Code(.structSizeMismatch)
        /// The manifest has a missing name, an empty entry table or similar.
        public static let invalidManifest = Code(.invalidManifest)
        /// An entry point the host requires is not in the manifest.
        public static let missingEntry = Code(.missingEntry)
        /// An entry's signature string does not parse.
        public static let badSignature = Code(.badSignature)
        /// An entry's signature is not the one the host expects for its name.
        public static let signatureMismatch = Code(.signatureMismatch)
        /// The file, its directory, or the directory of a symbolic link that leads to it could
        /// be changed by another user: it is writable by other users, or owned by someone other
        /// than the user running the host or root.
        public static let insecurePermissions = Code(.insecurePermissions)
        /// The backend lacks a capability the request needs.
        public static let missingCapability = Code(.missingCapability)
        /// A call into the plugin returned an error status.
        public static let callFailed = Code(.callFailed)
        /// No discovered backend has the requested name.
        public static let unknownBackend = Code(.unknownBackend)
        /// A plugin has the name of one found earlier in the search order, so it is not used.
        public static let duplicateName = Code(.duplicateName)

        /// The code's name, such as `ABI version mismatch`.
        public var description: String { kind.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong, in detail.
    public let message: String
    /// The plugin file concerned, when there is one.
    public let path: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The error with a different path.
    func at(_ path: String) -> PluginError {
        PluginError(code, message, path: path)
    }

    /// One line: the file, the kind of failure and the detail, with controls that could act
    /// on a terminal escaped visibly (file names and backend names are anyone's text).
    public var description: String {
        let prefix = path.map { "plugin \($0): " } ?? ""
        return "\(prefix)\(code): \(message)".escapedForEcho
    }
}
