import Testing
import TrellisEvents

/// The sender in these tests: any object can send actions.
private final class Sender {}

/// A target that records each call with its name.
private final class Recorder {
    var log: [String] = []
    func first(_ sender: Sender) { log.append("first") }
    func second(_ sender: Sender) { log.append("second") }
}

@Suite struct TargetActionTableTests {
    private func register(
        _ table: inout TargetActionTable<Sender>, _ recorder: Recorder, _ name: String,
        _ events: ControlEvents
    ) {
        table.addTarget(recorder, selector: Selector(name), for: events) { target, _ in
            target.log.append(name)
        }
    }

    @Test func dispatchCallsIntersectingRegistrationsOnceInOrder() {
        var table = TargetActionTable<Sender>()
        let recorder = Recorder()
        register(&table, recorder, "a", [.touchDown, .touchDownRepeat])
        register(&table, recorder, "b", .touchUpInside)
        register(&table, recorder, "c", .touchDownRepeat)
        table.send([.touchDown, .touchDownRepeat], from: Sender())
        #expect(recorder.log == ["a", "c"])
    }

    @Test func addingTheSameTargetActionAndEventsTwiceRegistersOnce() {
        var table = TargetActionTable<Sender>()
        let recorder = Recorder()
        register(&table, recorder, "a", .touchUpInside)
        register(&table, recorder, "a", .touchUpInside)
        table.send(.touchUpInside, from: Sender())
        #expect(recorder.log == ["a"])
        #expect(table.actions(forTarget: recorder, forControlEvent: .touchUpInside) == ["a"])
    }

    @Test func addingTheSameActionForMoreEventsExtendsTheRegistration() {
        var table = TargetActionTable<Sender>()
        let recorder = Recorder()
        register(&table, recorder, "a", .touchUpInside)
        register(&table, recorder, "a", .valueChanged)
        #expect(table.allControlEvents == [.touchUpInside, .valueChanged])
        table.send([.touchUpInside, .valueChanged], from: Sender())
        #expect(recorder.log == ["a"])
    }

    @Test func targetsAreHeldWeakly() {
        var table = TargetActionTable<Sender>()
        weak var released: Recorder?
        do {
            let recorder = Recorder()
            released = recorder
            register(&table, recorder, "a", .touchUpInside)
            #expect(table.allTargets.count == 1)
        }
        #expect(released == nil)
        #expect(table.allTargets.isEmpty)
        #expect(table.allControlEvents.isEmpty)
        table.send(.touchUpInside, from: Sender())
    }

    @Test func removingWithNilTargetRemovesThoseEventsFromEveryTarget() {
        var table = TargetActionTable<Sender>()
        let one = Recorder()
        let two = Recorder()
        register(&table, one, "a", [.touchUpInside, .touchDown])
        register(&table, two, "b", .touchUpInside)
        table.removeTarget(nil, selector: nil, for: .touchUpInside)
        table.send([.touchUpInside, .touchDown], from: Sender())
        #expect(one.log == ["a"])
        #expect(two.log.isEmpty)
        #expect(table.allTargets.count == 1)
        #expect(table.allTargets.first === one)
    }

    @Test func removingWithNilActionRemovesAllOfTheTargetsActions() {
        var table = TargetActionTable<Sender>()
        let one = Recorder()
        let two = Recorder()
        register(&table, one, "a", .touchUpInside)
        register(&table, one, "b", .touchUpInside)
        register(&table, two, "c", .touchUpInside)
        table.removeTarget(one, selector: nil, for: .touchUpInside)
        table.send(.touchUpInside, from: Sender())
        #expect(one.log.isEmpty)
        #expect(two.log == ["c"])
        #expect(table.actions(forTarget: one, forControlEvent: .touchUpInside) == nil)
    }

    @Test func removingOneActionKeepsTheOthers() {
        var table = TargetActionTable<Sender>()
        let one = Recorder()
        register(&table, one, "a", [.touchUpInside, .touchDown])
        register(&table, one, "b", .touchUpInside)
        table.removeTarget(one, selector: "a", for: .touchUpInside)
        #expect(table.actions(forTarget: one, forControlEvent: .touchUpInside) == ["b"])
        #expect(table.actions(forTarget: one, forControlEvent: .touchDown) == ["a"])
        table.removeTarget(one, selector: "a", for: .touchDown)
        #expect(table.actions(forTarget: one, forControlEvent: .touchDown) == nil)
        #expect(table.allControlEvents == .touchUpInside)
    }

    @Test func allTargetsListsEachLiveTargetOnceInOrder() {
        var table = TargetActionTable<Sender>()
        let one = Recorder()
        let two = Recorder()
        register(&table, two, "x", .touchDown)
        register(&table, one, "y", .touchDown)
        register(&table, two, "z", .touchUpInside)
        let targets = table.allTargets
        #expect(targets.count == 2)
        #expect(targets.first === two && targets.dropFirst().first === one)
    }

    @Test func closureActionsWithTheSameIdentifierReplaceEachOther() {
        var table = TargetActionTable<Sender>()
        var log: [String] = []
        table.addAction(
            ControlAction(identifier: "log") { _ in log.append("old") }, for: .touchUpInside)
        table.addAction(
            ControlAction(identifier: "log") { _ in log.append("new") }, for: .touchUpInside)
        table.send(.touchUpInside, from: Sender())
        #expect(log == ["new"])
        #expect(table.actionIdentifiers(for: .allEvents) == ["log"])
        table.removeAction(identifiedBy: "log", for: .touchUpInside)
        #expect(table.actionIdentifiers(for: .allEvents).isEmpty)
    }

    @Test func actionsWithoutIdentifiersGetUniqueOnes() {
        let a = ControlAction<Sender> { _ in }
        let b = ControlAction<Sender> { _ in }
        #expect(a.identifier != b.identifier)
        var table = TargetActionTable<Sender>()
        table.addAction(a, for: .touchDown)
        table.addAction(b, for: .touchDown)
        #expect(table.actionIdentifiers(for: .touchDown) == [a.identifier, b.identifier])
    }

    @Test func targetsAndClosuresDispatchInRegistrationOrder() {
        var table = TargetActionTable<Sender>()
        let recorder = Recorder()
        register(&table, recorder, "target-1", .touchUpInside)
        table.addAction(ControlAction { _ in recorder.log.append("closure") }, for: .touchUpInside)
        register(&table, recorder, "target-2", .touchUpInside)
        table.send(.touchUpInside, from: Sender())
        #expect(recorder.log == ["target-1", "closure", "target-2"])
    }

    @Test func anEmptyEventSetRegistersNothing() {
        var table = TargetActionTable<Sender>()
        let recorder = Recorder()
        register(&table, recorder, "a", [])
        #expect(table.allTargets.isEmpty)
    }

    @Test func curriedMethodReferencesWork() {
        var table = TargetActionTable<Sender>()
        let recorder = Recorder()
        let method = Recorder.first
        table.addTarget(recorder, selector: "first", for: .touchDown) { target, sender in
            method(target)(sender)
        }
        table.send(.touchDown, from: Sender())
        #expect(recorder.log == ["first"])
    }

    @Test func callSiteSelectorsIdentifyTheRegistrationLine() {
        let here = Selector(callSite: "Module/File.swift", line: 12, column: 9)
        #expect(here.name == "Module/File.swift:12:9")
        #expect(here == Selector(callSite: "Module/File.swift", line: 12, column: 9))
        #expect(here != Selector(callSite: "Module/File.swift", line: 13, column: 9))
    }
}
