/// The code-point valued bidi properties: mirroring glyphs, paired brackets, and the canonical
/// equivalents of paired brackets that rule N0 of UAX #9 matches.
struct BidiPairData {
    /// The flag of a paired-bracket value for a closing bracket (Bidi_Paired_Bracket_Type=Close).
    static let closingFlag = 0x80_0000

    /// Bidi_Mirroring_Glyph, from BidiMirroring.txt.
    var mirroring: ScalarMap
    /// Bidi_Paired_Bracket, with ``closingFlag`` set for closing brackets, from BidiBrackets.txt.
    var brackets: ScalarMap
    /// The singleton canonical decompositions of paired brackets, from UnicodeData.txt: a
    /// bracket and its canonical equivalent pair with each other's partners (BD16).
    var bracketEquivalents: ScalarMap
    /// The paths of the files read.
    var inputs: [String]

    init(_ ucd: UnicodeDataDirectory, version: String) throws {
        let mirroringFile = try ucd.entries(["BidiMirroring.txt"])
        let bracketFile = try ucd.entries(["BidiBrackets.txt"])
        let unicodeData = try ucd.requiredText(["UnicodeData.txt"])
        for path in [mirroringFile.path, bracketFile.path] {
            let found = try ucd.version(of: [path])
            guard found == version else {
                throw GeneratorError("\(path) is version \(found), the other files \(version)")
            }
        }
        inputs = [bracketFile.path, mirroringFile.path, unicodeData.path]

        mirroring = try ScalarMap(
            mirroringFile.entries.map { entry in
                guard entry.range.count == 1, let mirror = Int(entry.fields[0], radix: 16) else {
                    throw GeneratorError("\(mirroringFile.path): bad line for \(entry.range)")
                }
                return (entry.range.lowerBound, mirror)
            })

        brackets = try ScalarMap(
            bracketFile.entries.map { entry in
                guard entry.range.count == 1, entry.fields.count >= 2,
                    let paired = Int(entry.fields[0], radix: 16),
                    ["o", "c"].contains(entry.fields[1])
                else {
                    throw GeneratorError("\(bracketFile.path): bad line for \(entry.range)")
                }
                return (
                    entry.range.lowerBound, paired | (entry.fields[1] == "c" ? Self.closingFlag : 0)
                )
            })
        if brackets.entries.count > 254 {
            throw GeneratorError("\(bracketFile.path): more than 254 brackets")
        }

        let bracketSet = Set(brackets.entries.map(\.key))
        var equivalents: [(key: Int, value: Int)] = []
        for line in unicodeData.text.split(separator: "\n") {
            // Field 5 is the decomposition; a canonical singleton is one code point, no <tag>.
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count > 5, let cp = Int(fields[0], radix: 16), bracketSet.contains(cp),
                let target = Int(fields[5], radix: 16)
            else { continue }
            guard bracketSet.contains(target) else {
                throw GeneratorError(
                    "the bracket U+\(String(cp, radix: 16)) decomposes to "
                        + "U+\(String(target, radix: 16)), which is not a paired bracket")
            }
            equivalents.append((cp, target))
        }
        bracketEquivalents = try ScalarMap(equivalents)
        try mirroring.verify(name: "bidiMirroring")
        try brackets.verify(name: "bidiBrackets")
        try bracketEquivalents.verify(name: "bidiBracketEquivalents")
    }

    /// The Swift source of the generated file.
    func source(header: String) -> String {
        let declarations = [
            scalarMapSource(
                name: "bidiMirroring",
                documentation: [
                    "Bidi_Mirroring_Glyph: the character whose glyph mirrors each mirrored "
                        + "character's",
                    "(BidiMirroring.txt), for rule L4 of UAX #9.",
                ], map: mirroring),
            scalarMapSource(
                name: "bidiBrackets",
                documentation: [
                    "Bidi_Paired_Bracket of each paired bracket, with bit 23 of the value set for",
                    "a closing bracket (Bidi_Paired_Bracket_Type=Close) (BidiBrackets.txt).",
                ], map: brackets),
            scalarMapSource(
                name: "bidiBracketEquivalents",
                documentation: [
                    "The canonical singleton decomposition of each paired bracket that has one",
                    "(UnicodeData.txt), which rule N0 of UAX #9 matches as the same bracket.",
                ], map: bracketEquivalents),
        ]
        return [
            header, "", "extension UnicodeTables {", declarations.joined(separator: "\n\n"), "}",
        ]
        .joined(separator: "\n") + "\n"
    }
}
