import Foundation

/// The property data read from the UCD and the tables derived from it.
struct UnicodeTableData {
    var version: String
    var inputs: [String]
    var lineBreak: [UInt8]
    var eastAsianWidth: [UInt8]
    var emoji: [UInt8]
    var bidiClass: [UInt8]
    var cellWidth: [UInt8]
    var bidiPairs: BidiPairData

    init(_ ucd: UnicodeDataDirectory) throws {
        let lineBreakFile = try ucd.entries(["LineBreak.txt"])
        let widthFile = try ucd.entries(["EastAsianWidth.txt"])
        let categoryFile = try ucd.entries(["extracted/DerivedGeneralCategory.txt"])
        let bidiFile = try ucd.entries(["extracted/DerivedBidiClass.txt"])
        let emojiFile = try ucd.entries(["emoji/emoji-data.txt", "emoji-data.txt"])
        let propList = try ucd.entries(["PropList.txt"])
        let coreProperties = try ucd.entries(["DerivedCoreProperties.txt"])
        version = try ucd.version(of: ["LineBreak.txt"])
        inputs = [
            lineBreakFile.path, widthFile.path, categoryFile.path, bidiFile.path,
            emojiFile.path, propList.path, coreProperties.path,
        ]
        bidiPairs = try BidiPairData(ucd, version: version)
        inputs += bidiPairs.inputs

        var category = [UInt8](repeating: 0, count: codePointCount)
        let categoryNames = [
            "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps",
            "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs",
            "Co", "Cn",
        ]
        var categoryMap: [String: UInt8] = [:]
        for (number, name) in categoryNames.enumerated() { categoryMap[name] = UInt8(number) }
        try fill(&category, from: categoryFile, names: categoryMap)
        func isCategory(_ cp: Int, _ names: Set<String>) -> Bool {
            names.contains(categoryNames[Int(category[cp])])
        }

        let lineBreakNames = nameMap(lineBreakValues)
        var lineBreak = [UInt8](repeating: lineBreakNames["XX"] ?? 0, count: codePointCount)
        let defaultIdeographic: [ClosedRange<Int>] = [
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFD,
            0x30000...0x3FFFD, 0x1F000...0x1FAFF, 0x1FC00...0x1FFFD,
        ]
        for range in defaultIdeographic {
            for cp in range { lineBreak[cp] = lineBreakNames["ID"] ?? 0 }
        }
        for cp in 0x20A0...0x20CF { lineBreak[cp] = lineBreakNames["PR"] ?? 0 }
        try fill(&lineBreak, from: lineBreakFile, names: lineBreakNames)

        let widthNames = nameMap(eastAsianWidthValues)
        var eastAsianWidth = [UInt8](repeating: widthNames["N"] ?? 0, count: codePointCount)
        for range in defaultIdeographic.prefix(5) {
            for cp in range { eastAsianWidth[cp] = widthNames["W"] ?? 0 }
        }
        try fill(&eastAsianWidth, from: widthFile, names: widthNames)

        var emoji = [UInt8](repeating: 0, count: codePointCount)
        for (bit, entry) in emojiBits.enumerated() {
            let flags = codePoints(withProperty: entry.property, in: emojiFile)
            for cp in 0..<codePointCount where flags[cp] { emoji[cp] |= UInt8(1 << bit) }
        }

        var bidiClass = [UInt8](repeating: 0, count: codePointCount)
        try fill(&bidiClass, from: bidiFile, names: nameMap(bidiClassValues))

        // Line-break variants that the default rules distinguish by another property.
        let wideWidths: Set<UInt8> = Set(["F", "W", "H"].compactMap { widthNames[$0] })
        let extendedPictographic = UInt8(1 << 5)
        let base = UInt8(lineBreakValues.count)
        for cp in 0..<codePointCount {
            let short = lineBreakValues[Int(lineBreak[cp])].short
            if short == "SA" && isCategory(cp, ["Mn", "Mc"]) {
                lineBreak[cp] = base
            } else if short == "OP" && wideWidths.contains(eastAsianWidth[cp]) {
                lineBreak[cp] = base + 1
            } else if short == "CP" && wideWidths.contains(eastAsianWidth[cp]) {
                lineBreak[cp] = base + 2
            } else if emoji[cp] & extendedPictographic != 0 && isCategory(cp, ["Cn"]) {
                guard short == "ID" else {
                    throw GeneratorError(
                        "U+\(String(cp, radix: 16, uppercase: true)) is unassigned and "
                            + "Extended_Pictographic but of line-break class \(short), not ID; "
                            + "the LB30b variant assumes ID")
                }
                lineBreak[cp] = base + 3
            }
        }

        // Terminal cell width.
        let prepended = codePoints(withProperty: "Prepended_Concatenation_Mark", in: propList)
        let ignorable = codePoints(withProperty: "Default_Ignorable_Code_Point", in: coreProperties)
        let emojiPresentation = UInt8(1 << 1)
        var cellWidth = [UInt8](repeating: 1, count: codePointCount)
        for cp in 0..<codePointCount {
            if isCategory(cp, ["Cc", "Zl", "Zp"]) {
                cellWidth[cp] = 3
            } else if cp == 0xAD || prepended[cp] {
                cellWidth[cp] = 1
            } else if cp == 0x115F {
                cellWidth[cp] = 2  // The Hangul choseong filler leads a wide syllable block.
            } else if isCategory(cp, ["Mn", "Me", "Mc", "Cf"]) || ignorable[cp]
                || (0x1160...0x11FF).contains(cp) || (0xD7B0...0xD7FF).contains(cp)
            {
                cellWidth[cp] = 0
            } else if wideWidths.subtracting([widthNames["H"] ?? 0]).contains(eastAsianWidth[cp])
                || emoji[cp] & emojiPresentation != 0
            {
                cellWidth[cp] = 2
            }
        }

        self.lineBreak = lineBreak
        self.eastAsianWidth = eastAsianWidth
        self.emoji = emoji
        self.bidiClass = bidiClass
        self.cellWidth = cellWidth
    }

    /// Writes the generated sources into `directory`.
    func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let header = generatedHeader(
            version: version, inputs: inputs.map { ($0 as NSString).lastPathComponent })
        let tables: [(name: String, doc: String, table: TwoStageTable)] = [
            (
                "lineBreak", "Line_Break classes with the LB1 and LB30 variants.",
                .smallest(lineBreak)
            ),
            ("eastAsianWidth", "East_Asian_Width values.", .smallest(eastAsianWidth)),
            ("emoji", "Emoji property bits.", .smallest(emoji)),
            ("bidiClass", "Bidi_Class values.", .smallest(bidiClass)),
            ("cellWidth", "Terminal cell-width classes.", .smallest(cellWidth)),
        ]
        let sources: [(file: String, text: String)] = [
            (
                "LineBreakClass.swift",
                enumSource(
                    name: "LineBreakClass",
                    documentation: [
                        "The line-breaking class of a character (the Line_Break property of UAX #14).",
                        "",
                        "These are the classes of the data file, before the resolution of rule LB1",
                        "(ambiguous, surrogate, unknown and complex-context characters become",
                        "alphabetic or combining marks, conditional Japanese starters nonstarters),",
                        "which the line breaker applies itself.",
                    ], values: lineBreakValues, header: header)
            ),
            (
                "EastAsianWidth.swift",
                enumSource(
                    name: "EastAsianWidth",
                    documentation: [
                        "The East Asian width of a character (the East_Asian_Width property, UAX #11)."
                    ], values: eastAsianWidthValues, header: header)
            ),
            (
                "BidiClass.swift",
                enumSource(
                    name: "BidiClass",
                    documentation: [
                        "The bidirectional class of a character (the Bidi_Class property, UAX #9)."
                    ], values: bidiClassValues, header: header)
            ),
            ("EmojiProperties.swift", emojiSource(header: header)),
            (
                "UnicodeTables+Data.swift",
                tablesSource(header: header, version: version, tables: tables)
            ),
            ("UnicodeTables+BidiPairs.swift", bidiPairs.source(header: header)),
        ]
        for (name, data) in [
            ("lineBreak", lineBreak), ("eastAsianWidth", eastAsianWidth), ("emoji", emoji),
            ("bidiClass", bidiClass), ("cellWidth", cellWidth),
        ] {
            let table = tables.first { $0.name == name }?.table
            for cp in 0..<codePointCount where table?.value(at: cp) != data[cp] {
                throw GeneratorError(
                    "table \(name) does not round-trip at U+\(String(cp, radix: 16))")
            }
        }
        for source in sources {
            let url = directory.appendingPathComponent(source.file)
            try source.text.write(to: url, atomically: true, encoding: .utf8)
            print("wrote \(url.path) (\(source.text.utf8.count) bytes)")
        }
        for entry in tables {
            print(
                "\(entry.name): shift \(entry.table.shift), \(entry.table.index.count) + "
                    + "\(entry.table.values.count) bytes")
        }
        for (name, map) in [
            ("bidiMirroring", bidiPairs.mirroring), ("bidiBrackets", bidiPairs.brackets),
            ("bidiBracketEquivalents", bidiPairs.bracketEquivalents),
        ] {
            print("\(name): \(map.entries.count) sorted entries, \(map.entries.count * 6) bytes")
        }
    }
}
