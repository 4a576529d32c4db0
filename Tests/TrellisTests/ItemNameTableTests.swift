import Testing
import Trellis

/// The table that finds a container's children by the bytes of their ids, as the constraint
/// parser reads them: by comparison when small, by hash when large.
@Suite struct ItemNameTableTests {
    private func index(_ table: ItemNameTable, _ name: String) -> Int? {
        Array(name.utf8).withUnsafeBufferPointer { table.index(of: $0) }
    }

    /// Names that share lengths, prefixes and bytes, and some that are not ASCII.
    private static func names(_ count: Int) -> [String] {
        (0..<count).map { index in
            switch index % 5 {
            case 0: "v\(index)"
            case 1: "v\(index)x"
            case 2: "x\(index)"
            case 3: "ζ\(index)"
            default: "item_\(index)_\(String(repeating: "a", count: index % 7))"
            }
        }
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 15, 16, 17, 100, 5_000])
    func everyNameIsFoundAtItsPositionAndNoOtherIs(count: Int) {
        let names = ItemNameTableTests.names(count)
        let table = ItemNameTable(names)
        #expect(table.count == count)
        #expect(table.names == names)
        var misplaced = 0
        for (position, name) in names.enumerated() where index(table, name) != position {
            misplaced += 1
        }
        #expect(misplaced == 0)
        for absent in ["", "v", "super", "v0 ", "V0", "v\(count)", "x1", "ζ", "item_4_"]
        where !names.contains(absent) {
            #expect(index(table, absent) == nil, "\(absent)")
        }
    }

    @Test func anEmptyNameIsANameLikeAnyOther() {
        let table = ItemNameTable(["a", "", "b"])
        #expect(index(table, "") == 1)
        #expect(index(table, "b") == 2)
    }

    @Test(arguments: [3, 40])
    func aRepeatedNameFindsItsFirstPosition(count: Int) {
        var names = (0..<count).map { "n\($0)" }
        names.append("n1")
        let table = ItemNameTable(names)
        #expect(index(table, "n1") == 1)
        #expect(table.count == count + 1)
    }

    /// Ids chosen to crowd the hash (all of them land on the same slot of a 256-slot table)
    /// make the table search its names sorted: each is still found at its position, and the
    /// lookups no longer walk one long run of slots.
    @Test func idsThatCrowdTheHashAreSearchedSorted() {
        func fnv(_ name: String) -> UInt64 {
            name.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        }
        var crowded: [String] = []
        var candidate = 0
        while crowded.count < 100 {
            let name = "c\(candidate)"
            if fnv(name) & 255 == 0 { crowded.append(name) }
            candidate += 1
        }
        var names = crowded + (0..<20).map { "plain\($0)" }
        names.append(crowded[7])
        let table = ItemNameTable(names)
        #expect(table.isCrowded)
        var misplaced = 0
        for (position, name) in names.enumerated().dropLast() where index(table, name) != position {
            misplaced += 1
        }
        #expect(misplaced == 0)
        #expect(index(table, crowded[7]) == 7)
        for absent in ["", "c", "plain20", "c\(candidate)", "zzz"] {
            #expect(index(table, absent) == nil, "\(absent)")
        }
        #expect(!ItemNameTable((0..<120).map { "plain\($0)" }).isCrowded)
    }
}
