#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parts of a file path written as text, with the rules of `NSString`'s path methods, for
/// the code that reads scenes and names output files without Foundation (which costs every
/// process that links it several milliseconds to start).
///
/// Paths are split on `/`; runs of slashes count as one, and a trailing slash is ignored.
package enum FilePathText {
    /// The last component: `"scratch.json"` for `"/tmp/scratch.json"`, `"tmp"` for
    /// `"/tmp/"`, `"/"` for `"/"`, and `""` for `""` (as `NSString.lastPathComponent`).
    package static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed == "/" || trimmed.isEmpty { return trimmed }
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        return String(trimmed[trimmed.utf8.index(after: slash)...])
    }

    /// The path without its last component: `"/tmp"` for `"/tmp/scratch.json"`, `"/"` for
    /// `"/tmp"`, and `""` for `"scratch.json"` (as `NSString.deletingLastPathComponent`).
    package static func directory(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/",
            let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/"))
        else { return trimmed == "/" ? "/" : "" }
        let parent = withoutTrailingSlashes(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// A component appended with one slash between: `"/tmp/a.png"` for `"/tmp"` or `"/tmp/"`
    /// and `"a.png"`, and the component alone for an empty directory (as
    /// `NSString.appendingPathComponent`).
    package static func joining(_ directory: String, _ component: String) -> String {
        if directory.isEmpty { return component }
        let base = withoutTrailingSlashes(directory)
        return base == "/" ? "/" + component : base + "/" + component
    }

    /// The path with `.` components and empty ones removed and each `..` taking out the
    /// component before it, without looking at the file system (as
    /// `URL.standardizedFileURL.path`): `"/a/c"` for `"/a/./b/../c/"`; `".."` at the top of
    /// an absolute path stays at `/`, and leads a relative one (`"../b"` for `"a/../../b"`).
    /// Components are split at `/` bytes, as the file system splits them.
    package static func normalized(_ path: String) -> String {
        let slash = UInt8(ascii: "/")
        let isAbsolute = path.utf8.first == slash
        var components: [Substring.UTF8View] = []
        for component in path.utf8.split(separator: slash) {
            if component.elementsEqual(".".utf8) { continue }
            if component.elementsEqual("..".utf8) {
                if let last = components.last, !last.elementsEqual("..".utf8) {
                    components.removeLast()
                } else if !isAbsolute {
                    components.append(component)
                }
                continue
            }
            components.append(component)
        }
        var bytes: [UInt8] = isAbsolute ? [slash] : []
        for (index, component) in components.enumerated() {
            if index > 0 { bytes.append(slash) }
            bytes.append(contentsOf: component)
        }
        if bytes.isEmpty { return "." }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path made absolute from the working directory, then ``normalized(_:)``: two names
    /// of one file compare equal whether given relative or absolute, as
    /// `URL(fileURLWithPath:).standardizedFileURL.path` gives them.
    package static func absolute(_ path: String) -> String {
        if path.utf8.first == UInt8(ascii: "/") { return normalized(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return normalized(path) }
        let directory = String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return normalized(directory + "/" + path)
    }

    /// The path with slashes at its end removed, except a lone `/`.
    private static func withoutTrailingSlashes(_ path: String) -> String {
        var end = path.utf8.endIndex
        while end > path.utf8.startIndex,
            path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/")
        {
            end = path.utf8.index(before: end)
        }
        if end == path.utf8.startIndex { return path.isEmpty ? "" : "/" }
        return String(path[..<end])
    }
}
