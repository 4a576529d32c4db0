import Testing
import TrellisGeometry
import TrellisLayout

@Suite struct LayoutErrorTests {
    @Test func itemsInDifferentTreesCannotBeRelated() {
        let a = LayoutItem(identifier: "a")
        let b = LayoutItem(identifier: "b")
        let constraint = a.leftAnchor.constraint(equalTo: b.leftAnchor)
        expectError(.noCommonAncestor) { try LayoutConstraint.activate([constraint]) }
        #expect(!constraint.isActive)
        constraint.isActive = true
        #expect(!constraint.isActive && constraint.lastError?.code == .noCommonAncestor)
    }

    @Test func conflictsNameTheLayoutConstraintsAndActivationIsAllOrNothing() throws {
        let (root, items) = makeTree(children: ["box"])
        let box = items[0]
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        let position = [
            box.leftAnchor.constraint(equalTo: root.leftAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 10),
        ]
        try LayoutConstraint.activate([width] + position)
        root.layoutIfNeeded()
        let unrelated = box.heightAnchor.constraint(lessThanOrEqualToConstant: 20)
        let conflicting = box.widthAnchor.constraint(equalToConstant: 200)
        conflicting.identifier = "wider"
        do {
            try LayoutConstraint.activate([unrelated, conflicting])
            Issue.record("activated conflicting constraints")
        } catch {
            #expect(error.code == .unsatisfiable)
            #expect(error.involves(conflicting) && error.involves(width))
            #expect(!error.involves(unrelated))
            #expect(error.description.contains("wider: box.width == 200"))
            #expect(error.description.contains("box.width == 100"))
        }
        #expect(!unrelated.isActive && !conflicting.isActive && width.isActive)
        root.layoutIfNeeded()
        #expect(box.frame == Rect(x: 0, y: 0, width: 100, height: 10))
    }

    @Test func forgettingToStopTranslatingTheFrameIsExplained() {
        let root = LayoutItem(identifier: "root")
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let child = LayoutItem(identifier: "child")
        child.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        root.addChild(child)
        do {
            try LayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 50)])
            Issue.record("a pinned frame was overridden")
        } catch {
            #expect(error.code == .unsatisfiable)
            #expect(error.description.contains("translatesFrameIntoConstraints = false"))
        }
    }

    @Test func aConstantThatBreaksARequiredConstraintDeactivatesIt() throws {
        let (root, items) = makeTree(width: 100, height: 100, children: ["box"])
        let box = items[0]
        let inset = box.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
        try LayoutConstraint.activate([
            inset, box.rightAnchor.constraint(lessThanOrEqualTo: root.rightAnchor),
            box.widthAnchor.constraint(equalToConstant: 50),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 5),
        ])
        inset.constant = 80
        #expect(!inset.isActive)
        #expect(inset.lastError?.code == .unsatisfiable)
        inset.constant = 30
        inset.isActive = true
        root.layoutIfNeeded()
        #expect(inset.isActive && box.frame.origin.x == 30)
    }

    @Test func invalidConstraintsAreRefusedWhenMadeOrActivated() {
        let root = LayoutItem(identifier: "root")
        let child = LayoutItem(identifier: "child")
        root.addChild(child)
        expectError(.incompatibleAttributes) {
            _ = try LayoutConstraint(
                item: child, attribute: .left, relatedBy: .equal, toItem: root, attribute: .top)
        }
        expectError(.incompatibleAttributes) {
            _ = try LayoutConstraint(
                item: child, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .left)
        }
        expectError(.incompatibleAttributes) {
            _ = try LayoutConstraint(
                item: child, attribute: .width, relatedBy: .equal, toItem: root, attribute: .centerX
            )
        }
        expectError(.incompatibleAttributes) {
            _ = try LayoutConstraint(
                item: child, attribute: .top, relatedBy: .equal, toItem: root, attribute: .top,
                multiplier: 2)
        }
        expectError(.incompatibleAttributes) {
            _ = try LayoutConstraint(
                item: child, attribute: .top, relatedBy: .equal, toItem: nil,
                attribute: .notAnAttribute, constant: 5)
        }
        expectError(.invalidNumber) {
            _ = try LayoutConstraint(
                item: child, attribute: .width, relatedBy: .equal, toItem: root, attribute: .width,
                multiplier: 0)
        }
        expectError(.invalidNumber) {
            try LayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: .nan)])
        }
        let zero = child.widthAnchor.constraint(equalToConstant: 5)
        zero.priority = 0
        expectError(.invalidPriority) { try LayoutConstraint.activate([zero]) }
    }

    @Test func aConstraintWhoseItemIsGoneCannotBeActivated() {
        let root = LayoutItem(identifier: "root")
        var constraint: LayoutConstraint?
        do {
            let temporary = LayoutItem(identifier: "temporary")
            constraint = temporary.leftAnchor.constraint(equalTo: root.leftAnchor)
        }
        guard let constraint else { return }
        #expect(constraint.firstItem == nil)
        expectError(.noCommonAncestor) { try LayoutConstraint.activate([constraint]) }
    }

    @Test func anItemCannotBecomeItsOwnDescendant() {
        let root = LayoutItem(identifier: "root")
        let child = LayoutItem(identifier: "child")
        root.addChild(child)
        child.addChild(root)
        #expect(root.parent == nil && child.children.isEmpty && root.children.count == 1)
        // An item without children cannot be its own child either.
        child.addChild(child)
        #expect(child.parent === root && child.children.isEmpty)
        let lone = LayoutItem(identifier: "lone")
        lone.addChild(lone)
        #expect(lone.parent == nil && lone.children.isEmpty)
    }
}
