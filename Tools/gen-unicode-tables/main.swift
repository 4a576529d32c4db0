// gen-unicode-tables: generates TrellisText's Unicode property tables.
//
// Usage: gen-unicode-tables [UNICODE_DATA_DIR] [OUTPUT_DIR]
//
// Reads the Unicode Character Database in UNICODE_DATA_DIR (default /usr/share/unicode, the
// Debian package unicode-data) and writes the Swift sources of Modules/Text/Unicode/Generated
// (default OUTPUT_DIR): the enumerations LineBreakClass, EastAsianWidth and BidiClass, the option
// set EmojiProperties, and UnicodeTables+Data.swift with five two-stage lookup tables (line
// break class, East Asian width, emoji properties, bidi class, terminal cell width) stored as
// base64 text that the module decodes once, and UnicodeTables+BidiPairs.swift with the bidi
// mirroring glyphs and paired brackets as sorted code-point maps. Run it with
// `make unicode-tables`; the output is committed, and running it again on the same data
// reproduces it byte for byte.
//
// Input files (relative to UNICODE_DATA_DIR): LineBreak.txt, EastAsianWidth.txt, PropList.txt,
// DerivedCoreProperties.txt, extracted/DerivedGeneralCategory.txt,
// extracted/DerivedBidiClass.txt, emoji/emoji-data.txt (or emoji-data.txt), BidiBrackets.txt,
// BidiMirroring.txt and UnicodeData.txt.
//
// The defaults that the 15.0 files state only in their header comments (unassigned CJK and
// pictographic ranges) are applied before the explicit lines.

import Foundation

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") {
    print("usage: gen-unicode-tables [UNICODE_DATA_DIR] [OUTPUT_DIR]")
    exit(0)
}
let dataDirectory = arguments.first ?? "/usr/share/unicode"
let outputDirectory = arguments.dropFirst().first ?? "Modules/Text/Unicode/Generated"

do {
    let ucd = UnicodeDataDirectory(root: URL(fileURLWithPath: dataDirectory))
    let files = try UnicodeTableData(ucd)
    try files.write(to: URL(fileURLWithPath: outputDirectory))
} catch {
    FileHandle.standardError.write(Data("gen-unicode-tables: \(error)\n".utf8))
    exit(1)
}
