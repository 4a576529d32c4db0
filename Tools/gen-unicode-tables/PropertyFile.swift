import Foundation

/// The number of Unicode code points, U+0000 through U+10FFFF.
let codePointCount = 0x11_0000

/// A failure reading the Unicode data files, with the file and line at fault.
struct GeneratorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One line of a UCD property file: a range of code points and its fields after the first.
struct PropertyEntry {
    var range: ClosedRange<Int>
    var fields: [String]
}

/// Reads UCD property files (`XXXX..YYYY ; Value # comment`) from one directory.
struct UnicodeDataDirectory {
    let root: URL

    /// Returns the text of a file relative to the root, or `nil` when it does not exist.
    func text(_ relativePath: String) throws -> String? {
        let url = root.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Returns the text of the first of `candidates` that exists.
    func requiredText(_ candidates: [String]) throws -> (path: String, text: String) {
        for path in candidates {
            if let text = try text(path) { return (path, text) }
        }
        throw GeneratorError(
            "none of \(candidates.joined(separator: ", ")) exists under \(root.path); "
                + "install the Debian package unicode-data (make deps) or pass the directory")
    }

    /// Parses the data lines of a property file; `@missing` lines come back separately, in order.
    func entries(_ candidates: [String]) throws -> (
        path: String, entries: [PropertyEntry], missing: [PropertyEntry]
    ) {
        let (path, text) = try requiredText(candidates)
        var entries: [PropertyEntry] = []
        var missing: [PropertyEntry] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            var line = Substring(rawLine)
            var isMissing = false
            if line.hasPrefix("# @missing:") {
                line = line.dropFirst("# @missing:".count)
                isMissing = true
            } else if let hash = line.firstIndex(of: "#") {
                line = line[..<hash]
            }
            let fields = line.split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count >= 2, !fields[0].isEmpty else { continue }
            guard let range = parseRange(fields[0]) else {
                throw GeneratorError("\(path):\(number + 1): bad code point range '\(fields[0])'")
            }
            let entry = PropertyEntry(range: range, fields: Array(fields.dropFirst()))
            if isMissing { missing.append(entry) } else { entries.append(entry) }
        }
        return (path, entries, missing)
    }

    /// The version in a file's first line, such as `15.0.0` from `# LineBreak-15.0.0.txt`.
    func version(of candidates: [String]) throws -> String {
        let (path, text) = try requiredText(candidates)
        let first = text.prefix { $0 != "\n" }
        guard let dash = first.lastIndex(of: "-"), let dot = first.range(of: ".txt") else {
            throw GeneratorError("\(path): no version in the first line '\(first)'")
        }
        return String(first[first.index(after: dash)..<dot.lowerBound])
    }
}

/// Parses `0041` or `0041..005A`.
func parseRange(_ text: String) -> ClosedRange<Int>? {
    let parts = text.components(separatedBy: "..")
    guard let low = Int(parts[0], radix: 16) else { return nil }
    let high = parts.count > 1 ? Int(parts[1], radix: 16) : low
    guard let high, low <= high, high < codePointCount else { return nil }
    return low...high
}

/// Fills `values` from a property file whose second field names a value in `names`.
///
/// `@missing` defaults apply first, then the explicit lines. An unknown value is an error.
func fill(
    _ values: inout [UInt8],
    from file: (path: String, entries: [PropertyEntry], missing: [PropertyEntry]),
    names: [String: UInt8]
) throws {
    for entry in file.missing + file.entries {
        guard let value = names[entry.fields[0]] else {
            throw GeneratorError("\(file.path): unknown value '\(entry.fields[0])'")
        }
        for cp in entry.range { values[cp] = value }
    }
}

/// Returns the set of code points listed with a property in a binary property file.
func codePoints(
    withProperty property: String,
    in file: (path: String, entries: [PropertyEntry], missing: [PropertyEntry])
) -> [Bool] {
    var flags = [Bool](repeating: false, count: codePointCount)
    for entry in file.entries where entry.fields[0] == property {
        for cp in entry.range { flags[cp] = true }
    }
    return flags
}
