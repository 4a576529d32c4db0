public import TrellisEvents

extension Control {
    /// Registers a target and an action method for events.
    ///
    /// The action is a curried method reference, such as `Controller.tapped`, whose sender
    /// parameter is `Control` or any subclass; it runs only when the sender is of that type.
    /// Targets are held weakly. A target and selector register once: adding them again adds
    /// events. Without a `selector`, the call site identifies the action, so the same line run
    /// twice registers once; pass a selector to remove exactly this action later.
    public func addTarget<Target: AnyObject, Sender: Control>(
        _ target: Target, action: @escaping (Target) -> (Sender) -> Void, for events: Event,
        selector: Selector? = nil, fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) {
        let identity = selector ?? Selector(callSite: fileID, line: line, column: column)
        core.actions.addTarget(target, selector: identity, for: events) { object, sender in
            if let sender = sender as? Sender { action(object)(sender) }
        }
    }

    /// Registers a target and an action method without a sender parameter.
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> () -> Void, for events: Event,
        selector: Selector? = nil, fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) {
        let identity = selector ?? Selector(callSite: fileID, line: line, column: column)
        core.actions.addTarget(target, selector: identity, for: events) { object, _ in
            action(object)()
        }
    }

    /// Removes events from target-action registrations: a `nil` target removes them from every
    /// target, a `nil` action removes all of the target's actions.
    public func removeTarget(_ target: AnyObject?, action: Selector?, for events: Event) {
        core.actions.removeTarget(target, selector: action, for: events)
    }

    /// Registers a closure action; an action with the same identifier is replaced.
    public func addAction(_ action: ControlAction<Control>, for events: Event) {
        core.actions.addAction(action, for: events)
    }

    /// Removes events from a closure action.
    public func removeAction(_ action: ControlAction<Control>, for events: Event) {
        core.actions.removeAction(identifiedBy: action.identifier, for: events)
    }

    /// Removes events from the closure action with an identifier.
    public func removeAction(identifiedBy identifier: String, for events: Event) {
        core.actions.removeAction(identifiedBy: identifier, for: events)
    }

    /// The live targets, each once.
    public var allTargets: [AnyObject] { core.actions.allTargets }

    /// The union of the events of every registration.
    public var allControlEvents: Event { core.actions.allControlEvents }

    /// The selectors registered for a target and an event, or `nil`.
    public func actions(forTarget target: AnyObject, forControlEvent event: Event) -> [Selector]? {
        core.actions.actions(forTarget: target, forControlEvent: event)
    }

    /// Sends events to every registration whose events intersect them.
    public func sendActions(for events: Event) {
        core.sendActions(for: events)
    }
}
