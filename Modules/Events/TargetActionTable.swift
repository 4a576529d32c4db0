/// The registry of targets, actions and the events they receive, with UIKit's semantics.
///
/// - Targets are held weakly: a target that is deallocated stops receiving events and drops out
///   of ``allTargets``.
/// - A target and selector form one registration; adding it again unions the events, so adding
///   the same target, action and events twice registers once.
/// - ``removeTarget(_:selector:for:)`` with a `nil` target removes the events from every target,
///   and with a `nil` selector removes all of a target's actions for those events.
/// - ``send(_:from:)`` calls each registration whose events intersect the sent events exactly
///   once, in registration order, target actions and closure actions alike.
///
/// The table is a value: a control stores one, and sending takes a snapshot first, so an action
/// may add or remove registrations while it runs without affecting the dispatch in progress.
public struct TargetActionTable<Sender: AnyObject> {
    private enum Kind {
        case target(Selector)
        case closure(identifier: String)
    }

    private struct Entry {
        var kind: Kind
        var events: ControlEvents
        weak var target: AnyObject?
        var invoke: (AnyObject?, Sender) -> Void

        var isLive: Bool {
            if case .target = kind { return target != nil }
            return true
        }
    }

    private var entries: [Entry] = []

    /// Creates an empty table.
    public init() {}

    /// Registers a target and an action method for a set of events.
    ///
    /// - Parameters:
    ///   - target: The object to call; held weakly.
    ///   - selector: The identity of the action method.
    ///   - events: The events that trigger the action. An empty set registers nothing new.
    ///   - perform: Calls the action method on the target with the sender.
    public mutating func addTarget<Target: AnyObject>(
        _ target: Target,
        selector: Selector,
        for events: ControlEvents,
        perform: @escaping (Target, Sender) -> Void
    ) {
        prune()
        let invoke: (AnyObject?, Sender) -> Void = { object, sender in
            if let object = object as? Target { perform(object, sender) }
        }
        if let index = entries.firstIndex(where: {
            if case .target(let s) = $0.kind { return s == selector && $0.target === target }
            return false
        }) {
            entries[index].events.formUnion(events)
            entries[index].invoke = invoke
            return
        }
        if events.isEmpty { return }
        var entry = Entry(kind: .target(selector), events: events, invoke: invoke)
        entry.target = target
        entries.append(entry)
    }

    /// Removes events from target-action registrations.
    ///
    /// - Parameters:
    ///   - target: The target whose registrations change, or `nil` for every target.
    ///   - selector: The action whose registration changes, or `nil` for all of the target's
    ///     actions.
    ///   - events: The events to remove. A registration left with no events is dropped.
    public mutating func removeTarget(
        _ target: AnyObject?, selector: Selector?, for events: ControlEvents
    ) {
        for index in entries.indices {
            guard case .target(let s) = entries[index].kind else { continue }
            if let target, entries[index].target !== target { continue }
            if let selector, s != selector { continue }
            entries[index].events.subtract(events)
        }
        entries.removeAll { $0.events.isEmpty }
        prune()
    }

    /// Registers a closure action for a set of events; an action with the same identifier is
    /// replaced, keeping its place in the order and adding the new events to its own.
    public mutating func addAction(_ action: ControlAction<Sender>, for events: ControlEvents) {
        let invoke: (AnyObject?, Sender) -> Void = { _, sender in action.handler(sender) }
        if let index = entries.firstIndex(where: {
            if case .closure(let id) = $0.kind { return id == action.identifier }
            return false
        }) {
            entries[index].events.formUnion(events)
            entries[index].invoke = invoke
            return
        }
        if events.isEmpty { return }
        entries.append(
            Entry(kind: .closure(identifier: action.identifier), events: events, invoke: invoke)
        )
    }

    /// Removes events from the closure action with an identifier; an action left with no events
    /// is dropped.
    public mutating func removeAction(identifiedBy identifier: String, for events: ControlEvents) {
        for index in entries.indices {
            if case .closure(let id) = entries[index].kind, id == identifier {
                entries[index].events.subtract(events)
            }
        }
        entries.removeAll { $0.events.isEmpty }
    }

    /// The live targets, each once, in registration order.
    public var allTargets: [AnyObject] {
        var result: [AnyObject] = []
        for entry in entries {
            guard case .target = entry.kind, let target = entry.target else { continue }
            if !result.contains(where: { $0 === target }) { result.append(target) }
        }
        return result
    }

    /// The union of the events of every live registration.
    public var allControlEvents: ControlEvents {
        entries.reduce(into: ControlEvents()) { result, entry in
            if entry.isLive { result.formUnion(entry.events) }
        }
    }

    /// The selectors registered for a target whose events intersect `event`, in registration
    /// order, or `nil` when there are none.
    public func actions(forTarget target: AnyObject, forControlEvent event: ControlEvents)
        -> [Selector]?
    {
        var result: [Selector] = []
        for entry in entries where entry.target === target && !entry.events.isDisjoint(with: event)
        {
            if case .target(let selector) = entry.kind { result.append(selector) }
        }
        return result.isEmpty ? nil : result
    }

    /// The identifiers of the closure actions whose events intersect `events`, in order.
    public func actionIdentifiers(for events: ControlEvents) -> [String] {
        entries.compactMap { entry in
            guard case .closure(let id) = entry.kind, !entry.events.isDisjoint(with: events)
            else { return nil }
            return id
        }
    }

    /// Calls every live registration whose events intersect `events`, each exactly once, in
    /// registration order.
    ///
    /// - Complexity: O(*n*) in the number of registrations.
    public func send(_ events: ControlEvents, from sender: Sender) {
        if events.isEmpty { return }
        let snapshot = entries
        for entry in snapshot where !entry.events.isDisjoint(with: events) {
            switch entry.kind {
            case .target:
                guard let target = entry.target else { continue }
                entry.invoke(target, sender)
            case .closure:
                entry.invoke(nil, sender)
            }
        }
    }

    private mutating func prune() {
        entries.removeAll { !$0.isLive }
    }
}
