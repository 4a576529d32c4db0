import Testing
import _TrellisTestSupport

@_spi(ObjectList) @testable import TrellisLayout

/// An object with a position for the lists under test.
private final class Entry {
    let name: Int
    var position = -1
    init(_ name: Int) { self.name = name }
}

private enum EntryPosition: ObjectListPosition {
    static func position(of element: Entry) -> Int { element.position }
    static func setPosition(_ position: Int, of element: Entry) { element.position = position }
    nonisolated(unsafe) static let placeholder = Entry(-1)
}

@Suite struct ObjectListTests {
    @Test func removalsKeepTheOrderOfTheRest() {
        var list = ObjectList<EntryPosition>()
        let entries = (0..<10).map(Entry.init)
        for entry in entries { list.append(entry) }
        for index in [0, 3, 4, 9, 5] { list.remove(entries[index]) }
        #expect(list.count == 5)
        #expect(list.elements.map(\.name) == [1, 2, 6, 7, 8])
        #expect(!list.contains(entries[0]) && list.contains(entries[7]))
        // Positions are renumbered by the read, so that later removals find their element.
        list.remove(entries[7])
        #expect(list.elements.map(\.name) == [1, 2, 6, 8])
    }

    @Test func removingFrontToBackEmptiesTheList() {
        var list = ObjectList<EntryPosition>()
        let entries = (0..<1000).map(Entry.init)
        for entry in entries { list.append(entry) }
        for entry in entries { list.remove(entry) }
        #expect(list.isEmpty && list.elements.isEmpty)
        #expect(entries.allSatisfy { $0.position == -1 })
    }

    @Test func insertionsLandAtTheirIndexAmongTheLiving() {
        var list = ObjectList<EntryPosition>()
        let entries = (0..<6).map(Entry.init)
        for entry in entries.prefix(5) { list.append(entry) }
        list.remove(entries[1])
        list.insert(entries[5], at: 1)
        #expect(list.elements.map(\.name) == [0, 5, 2, 3, 4])
        list.insert(Entry(7), at: 100)
        #expect(list.elements.map(\.name) == [0, 5, 2, 3, 4, 7])
    }

    @Test func anElementOfAnotherListIsNotRemoved() {
        var first = ObjectList<EntryPosition>()
        var second = ObjectList<EntryPosition>()
        let a = Entry(1)
        let b = Entry(2)
        first.append(a)
        second.append(b)
        // `b` is at position 0 of its own list, as `a` is of the first: identity decides.
        first.remove(b)
        #expect(first.elements.map(\.name) == [1])
    }

    @Test func randomEditsMatchAnArray() {
        var generator = SeededGenerator(seed: 7)
        var list = ObjectList<EntryPosition>()
        var model: [Entry] = []
        var next = 0
        for _ in 0..<5000 {
            switch generator.next() % 4 {
            case 0, 1:
                let entry = Entry(next)
                next += 1
                list.append(entry)
                model.append(entry)
            case 2 where !model.isEmpty:
                let entry = model.remove(at: Int(generator.next() % UInt64(model.count)))
                list.remove(entry)
            default:
                let entry = Entry(next)
                next += 1
                let index = Int(generator.next() % UInt64(model.count + 1))
                list.insert(entry, at: index)
                model.insert(entry, at: index)
            }
            if generator.next() % 16 == 0 {
                #expect(list.elements.map(\.name) == model.map(\.name))
            }
        }
        #expect(list.elements.map(\.name) == model.map(\.name))
        #expect(list.count == model.count)
    }
}
