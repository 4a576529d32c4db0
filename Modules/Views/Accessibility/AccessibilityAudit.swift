import TrellisGeometry

extension View {
    /// Audits the view's subtree for accessibility problems, as Xcode's Accessibility
    /// Inspector does, and returns what it finds.
    ///
    /// The rules (``AccessibilityIssue/Kind``):
    /// - ``AccessibilityIssue/Kind/missingLabel``: a control that is an element, or an element
    ///   with the button, link or adjustable trait, without a label;
    /// - ``AccessibilityIssue/Kind/imageWithoutLabel``: an image element without a label;
    /// - ``AccessibilityIssue/Kind/smallHitTarget``: an enabled control or interactive element
    ///   narrower or shorter than 44 points;
    /// - ``AccessibilityIssue/Kind/lowContrast``: a label's text (a button's title included)
    ///   whose contrast against the background behind it is below 4.5:1, or 3:1 for text of
    ///   18 points or more, or 14 points bold. The background is the ancestors' background
    ///   colours, composited from the top over white, with a gradient counted as its stop
    ///   that contrasts least and a button's background image as its average colour;
    /// - ``AccessibilityIssue/Kind/hittableBehindModal``: an interactive element hidden
    ///   behind a modal view that a tap at its centre still reaches.
    ///
    /// Elements are audited as ``accessibilityTree()`` finds them; text is audited in every
    /// shown label that a modal view does not hide. The window is laid out first.
    ///
    /// ```swift
    /// let issues = window.accessibilityAudit()
    /// #expect(issues.isEmpty, "\(issues)")
    /// let labels = window.accessibilityAudit(checking: [.missingLabel])
    /// ```
    ///
    /// - Parameter kinds: The rules to check; all of them by default.
    /// - Returns: The issues: the elements' in reading order, then the text's in the order of
    ///   the view tree, then the modal's.
    /// - Complexity: O(*n* log *n*) in the number of views, plus a hit test per element
    ///   behind a modal view.
    public func accessibilityAudit(
        checking kinds: Set<AccessibilityIssue.Kind> = Set(AccessibilityIssue.Kind.allCases)
    ) -> [AccessibilityIssue] {
        (window ?? self).layoutIfNeeded()
        var audit = AccessibilityAudit(root: self, kinds: kinds)
        return audit.run()
    }
}

/// One run of the accessibility audit over a view's subtree.
@MainActor
struct AccessibilityAudit {
    let root: View
    let kinds: Set<AccessibilityIssue.Kind>
    private var issues: [AccessibilityIssue] = []

    /// The traits of elements that take taps or swipes.
    static let interactiveTraits: AccessibilityTraits = [
        .button, .link, .adjustable, .toggleButton, .keyboardKey, .searchField, .textEntry,
    ]

    init(root: View, kinds: Set<AccessibilityIssue.Kind>) {
        self.root = root
        self.kinds = kinds
    }

    mutating func run() -> [AccessibilityIssue] {
        var builder = AccessibilityTreeBuilder()
        for entry in builder.entries(for: root) { auditElements(entry) }
        let hidden = builder.hiddenByModal
        if kinds.contains(.lowContrast) {
            var contrast = TextContrastAudit(
                hidden: Set(hidden.map { ObjectIdentifier($0.view) }))
            for (label, finding) in contrast.findings(in: root) {
                report(.lowContrast, finding, label)
            }
        }
        if kinds.contains(.hittableBehindModal) {
            for (view, modal) in hidden { auditHittable(view, behind: modal) }
        }
        return issues
    }

    /// Checks the labels and hit targets of an entry's elements.
    private mutating func auditElements(_ entry: AccessibilityTreeBuilder.Entry) {
        for child in entry.children { auditElements(child) }
        guard entry.children.isEmpty, entry.source.isAccessibilityElement else { return }
        let node = entry.node
        let source = entry.source
        let hasLabel = !(node.label ?? "").allSatisfy(\.isWhitespace)
        let isControl = source is Control
        if !hasLabel, isControl || !node.traits.isDisjoint(with: [.button, .link, .adjustable]) {
            report(
                .missingLabel,
                "\(AccessibilityAudit.describe(node)) has no accessibility label; set "
                    + "accessibilityLabel to what it is, in a few words", source)
        } else if !hasLabel, node.traits.contains(.image) {
            report(
                .imageWithoutLabel,
                "an image read as an element has no accessibility label; label it, or set "
                    + "isAccessibilityElement to false if it is decoration", source)
        }
        let isInteractive = AccessibilityAudit.isInteractive(node, source)
        let target = (source as? View).map { $0.convert($0.bounds, to: nil) } ?? node.frame
        let side = AccessibilityIssue.minimumHitTargetSide
        if isInteractive, target.width < side || target.height < side {
            report(
                .smallHitTarget,
                "the hit target is \(target.width.decimalDescription) × "
                    + "\(target.height.decimalDescription) points; make it at least "
                    + "\(side.decimalDescription) × \(side.decimalDescription)", source,
                frame: target)
        }
    }

    /// Reports the interactive elements of a view hidden behind a modal view that a tap still
    /// reaches.
    private mutating func auditHittable(_ view: View, behind modal: View) {
        var builder = AccessibilityTreeBuilder()
        var pending = builder.entries(for: view)
        let top = AccessibilityAudit.top(of: root)
        while let entry = pending.popLast() {
            pending += entry.children
            guard entry.children.isEmpty, entry.source.isAccessibilityElement,
                AccessibilityAudit.isInteractive(entry.node, entry.source)
            else { continue }
            let frame = entry.node.frame
            let point = top.convert(Point(x: frame.midX, y: frame.midY), from: nil)
            guard let owner = AccessibilityAudit.view(of: entry.source),
                let hit = top.hitTest(point), hit.isDescendant(of: owner)
            else { continue }
            report(
                .hittableBehindModal,
                "\(AccessibilityAudit.describe(entry.node)) is hidden from assistive "
                    + "technologies behind the modal \(AccessibilityPath.component(of: modal)), "
                    + "but a tap at its centre reaches it; cover it (a backdrop) or disable it",
                entry.source)
        }
    }

    private mutating func report(
        _ kind: AccessibilityIssue.Kind, _ message: String, _ source: any Accessible,
        frame: Rect? = nil
    ) {
        guard kinds.contains(kind) else { return }
        issues.append(
            AccessibilityIssue(
                kind: kind, message: message, path: AccessibilityPath.path(of: source, from: root),
                identifier: source.accessibilityIdentifier,
                frame: frame ?? source.accessibilityFrame))
    }

    /// Whether an element takes taps or swipes: an enabled control that takes touches, or an
    /// element with an interactive trait, unless it is marked not enabled.
    static func isInteractive(_ node: AccessibilityNode, _ source: any Accessible) -> Bool {
        guard !node.traits.contains(.notEnabled) else { return false }
        if let control = source as? Control, control.isEnabled, control.isUserInteractionEnabled {
            return true
        }
        return !node.traits.isDisjoint(with: interactiveTraits)
    }

    /// "a button", "an adjustable \"Volume\"": the element by its role and label.
    static func describe(_ node: AccessibilityNode) -> String {
        let name = node.role.rawValue
        let role = ("aeiou".contains(name.prefix(1)) ? "an " : "a ") + name
        guard let label = node.label, !label.isEmpty else { return role }
        return role + " " + AccessibilityNode.quoted(label)
    }

    /// The view an element is: the view itself, or an element's container.
    static func view(of source: any Accessible) -> View? {
        (source as? View) ?? (source as? AccessibilityElement)?.accessibilityContainer
    }

    /// The root of the hierarchy a view is in.
    static func top(of view: View) -> View {
        var top = view
        while let parent = top.superview { top = parent }
        return top
    }
}
