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
    package static func normalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." {
                    components.removeLast()
                } else if !isAbsolute {
                    components.append(component)
                }
            default: components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
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
