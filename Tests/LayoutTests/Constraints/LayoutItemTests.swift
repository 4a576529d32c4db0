import Testing
import TrellisGeometry
import TrellisLayout

@Suite struct LayoutItemTests {
    /// New items, one for each name.
    static func items(named names: String...) -> [LayoutItem] {
        names.map { LayoutItem(identifier: $0) }
    }

    @Test func centeredButtonAsInTheShadowViewSeed() throws {
        let (root, items) = makeTree(children: ["button"])
        let button = items[0]
        try LayoutConstraint.activate([
            button.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: -45.0 / 2),
            button.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            button.widthAnchor.constraint(equalToConstant: 75),
            button.heightAnchor.constraint(equalToConstant: 45),
        ])
        root.layoutIfNeeded()
        #expect(isClose(button.frame, Rect(x: 122.5, y: 195, width: 75, height: 45)))
        #expect(!button.hasAmbiguousLayout)
    }

    /// Activating constraints together tells each item they are installed on (and its parent)
    /// once, after all are in, rather than once for each constraint or each run of them.
    @Test func activationTellsEachItemOnceOnceAllAreIn() throws {
        let items = Self.items(named: "root", "a", "b", "a1", "a2", "b1")
        let (root, a, b, a1, a2, b1) = (items[0], items[1], items[2], items[3], items[4], items[5])
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        a.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        b.frame = Rect(x: 0, y: 50, width: 100, height: 50)
        root.addChild(a)
        root.addChild(b)
        a.addChild(a1)
        a.addChild(a2)
        b.addChild(b1)
        var told: [String: Int] = [:]
        // How many constraints `a` has each time it is told: only once all are in.
        var installedOnA: [Int] = []
        for item in [root, a, b, a1, a2, b1] {
            item.translatesFrameIntoConstraints = [root, a, b].contains { $0 === item }
            item.constraintsDidChange = { told[item.identifier ?? "", default: 0] += 1 }
        }
        a.constraintsDidChange = {
            told["a", default: 0] += 1
            installedOnA.append(a.constraints.count)
        }
        try LayoutConstraint.activate([
            a1.widthAnchor.constraint(equalToConstant: 4),
            a1.leadingAnchor.constraint(equalTo: a2.trailingAnchor),
            a2.topAnchor.constraint(equalTo: a.topAnchor),
            b1.widthAnchor.constraint(equalToConstant: 3),
            a1.heightAnchor.constraint(equalToConstant: 2),
        ])
        // Installed on a1 (twice), a (twice) and b1: each of them is told once, and its parent
        // once for each child told.
        #expect(told == ["a1": 1, "a": 2, "root": 1, "b1": 1, "b": 1])
        // As a1's parent, then as itself, both times with its two constraints in.
        #expect(installedOnA == [2, 2])
        told = [:]
        try LayoutConstraint.activate([a2.widthAnchor.constraint(equalToConstant: 6)])
        #expect(told == ["a2": 1, "a": 1])
        root.layoutIfNeeded()
        #expect(a1.frame.width == 4 && a1.frame.height == 2)
        #expect(a2.frame.width == 6 && a1.frame.minX == a2.frame.maxX)
        #expect(b1.frame.width == 3)
        for item in [root, a, b, a1, a2, b1] { item.constraintsDidChange = nil }
    }

    @Test func aPassWithNothingChangedWritesNoFrames() throws {
        let (root, items) = makeTree(children: ["a", "b"])
        try LayoutConstraint.activate([
            items[0].leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            items[0].topAnchor.constraint(equalTo: root.topAnchor),
            items[0].widthAnchor.constraint(equalToConstant: 40),
            items[0].heightAnchor.constraint(equalToConstant: 20),
            items[1].leadingAnchor.constraint(equalTo: items[0].trailingAnchor),
            items[1].topAnchor.constraint(equalTo: root.topAnchor),
            items[1].widthAnchor.constraint(equalTo: items[0].widthAnchor),
            items[1].heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        let passes = root.enginePlacementPassCount
        root.layoutIfNeeded()
        #expect(root.enginePlacementPassCount == passes)
        // A frame set by hand on an item the constraints place is put back by the next pass.
        items[1].frame = Rect(x: 0, y: 0, width: 1, height: 1)
        root.layoutIfNeeded()
        #expect(items[1].frame == Rect(x: 50, y: 0, width: 40, height: 20))
        #expect(root.enginePlacementPassCount == passes + 1)
        // So are a changed root frame, and a new child.
        root.frame.size.width = 200
        root.layoutIfNeeded()
        #expect(root.enginePlacementPassCount == passes + 2)
        let late = LayoutItem(identifier: "late")
        items[0].addChild(late)
        root.layoutIfNeeded()
        #expect(root.enginePlacementPassCount == passes + 3)
    }

    @Test func aChildWhoseParentIsGoneHasNoParent() {
        let child = LayoutItem(identifier: "child")
        do {
            let parent = LayoutItem(identifier: "parent")
            parent.addChild(child)
            #expect(child.parent === parent)
        }
        #expect(child.parent == nil)
        #expect(child.root === child)
    }

    @Test func childrenRemovedFrontToBackLeaveTheRestInOrder() {
        let root = LayoutItem(identifier: "root")
        let children = (0..<50).map { LayoutItem(identifier: "c\($0)") }
        for child in children { root.addChild(child) }
        for child in children where Int(child.identifier?.dropFirst() ?? "")! % 3 == 0 {
            child.removeFromParent()
        }
        #expect(
            root.children.map(\.identifier)
                == children.map(\.identifier).enumerated()
                .filter { $0.offset % 3 != 0 }.map(\.element))
        #expect(children[0].parent == nil && children[1].parent === root)
        root.insertChild(children[0], at: 1)
        #expect(root.children.prefix(3).map(\.identifier) == ["c1", "c0", "c2"])
    }

    @Test func framesAreRelativeToTheParentAndToTheRoot() throws {
        let (root, items) = makeTree(children: ["panel"])
        let panel = items[0]
        let label = LayoutItem(identifier: "label")
        label.translatesFrameIntoConstraints = false
        panel.addChild(label)
        try LayoutConstraint.activate([
            panel.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            panel.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            panel.widthAnchor.constraint(equalToConstant: 200),
            panel.heightAnchor.constraint(equalToConstant: 100),
            label.leftAnchor.constraint(equalTo: panel.leftAnchor, constant: 5),
            label.topAnchor.constraint(equalTo: panel.topAnchor, constant: 6),
            label.widthAnchor.constraint(equalToConstant: 50),
            label.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(isClose(label.frame, Rect(x: 5, y: 6, width: 50, height: 10)))
        #expect(isClose(label.frameInRoot, Rect(x: 15, y: 26, width: 50, height: 10)))
        #expect(isClose(panel.frameInRoot, Rect(x: 10, y: 20, width: 200, height: 100)))
        // Installed on the nearest common ancestor, as UIKit does.
        #expect(panel.constraints.count == 4)
        #expect(root.constraints.count == 2)
        #expect(label.constraints.count == 2)
    }

    @Test func translatingChildKeepsItsFrameAndOthersFollowIt() throws {
        let (root, items) = makeTree(children: ["label"])
        let fixed = LayoutItem(identifier: "fixed")
        fixed.frame = Rect(x: 30, y: 40, width: 60, height: 20)
        root.addChild(fixed)
        let label = items[0]
        try LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: fixed.trailingAnchor, constant: 8),
            label.topAnchor.constraint(equalTo: fixed.topAnchor),
            label.widthAnchor.constraint(equalToConstant: 40),
            label.heightAnchor.constraint(equalTo: fixed.heightAnchor),
        ])
        root.layoutIfNeeded()
        #expect(isClose(label.frame, Rect(x: 98, y: 40, width: 40, height: 20)))
        fixed.frame = Rect(x: 0, y: 0, width: 10, height: 30)
        root.layoutIfNeeded()
        #expect(isClose(label.frame, Rect(x: 18, y: 0, width: 40, height: 30)))
        #expect(isClose(fixed.frame, Rect(x: 0, y: 0, width: 10, height: 30)))
    }

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func leadingAndTrailingFollowTheLayoutDirection(direction: LayoutDirection) throws {
        let (root, items) = makeTree(width: 300, height: 100, children: ["image", "title"])
        root.layoutDirection = direction
        let (image, title) = (items[0], items[1])
        try LayoutConstraint.activate([
            image.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            image.topAnchor.constraint(equalTo: root.topAnchor),
            image.widthAnchor.constraint(equalToConstant: 40),
            image.heightAnchor.constraint(equalToConstant: 40),
            title.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 8),
            title.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            title.topAnchor.constraint(equalTo: root.topAnchor),
            title.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        if direction == .leftToRight {
            #expect(isClose(image.frame, Rect(x: 16, y: 0, width: 40, height: 40)))
            #expect(isClose(title.frame, Rect(x: 64, y: 0, width: 220, height: 20)))
        } else {
            #expect(isClose(image.frame, Rect(x: 244, y: 0, width: 40, height: 40)))
            #expect(isClose(title.frame, Rect(x: 16, y: 0, width: 220, height: 20)))
        }
    }

    /// A constraint is installed on the nearest item both of its items are in, at any depths;
    /// walks up the tree find the root, ancestors and the inherited direction.
    @Test func constraintsGoToTheNearestCommonAncestor() throws {
        let items = Self.items(named: "root", "a", "a1", "a11", "a2", "b")
        let (root, a, a1, a11, a2, b) = (items[0], items[1], items[2], items[3], items[4], items[5])
        root.addChild(a)
        root.addChild(b)
        a.addChild(a1)
        a.addChild(a2)
        a1.addChild(a11)
        let pairs: [(LayoutItem, LayoutItem, LayoutItem)] = [
            (a11, a11, a11), (a11, a1, a1), (a1, a11, a1), (a1, a2, a), (a11, a2, a),
            (a2, a11, a), (a11, b, root), (b, a11, root), (a11, root, root), (a, a11, a),
        ]
        for (first, second, expected) in pairs {
            let constraint = first.widthAnchor.constraint(equalTo: second.widthAnchor)
            try LayoutConstraint.activate([constraint])
            #expect(
                expected.constraints.contains { $0 === constraint },
                "\(first.identifier!) and \(second.identifier!) on \(expected.identifier!)")
            LayoutConstraint.deactivate([constraint])
        }
        #expect(a11.root === root && root.root === root)
        #expect(a11.isDescendant(of: a) && a11.isDescendant(of: a11) && !a.isDescendant(of: a11))
        #expect(!a11.isDescendant(of: b))
        a.layoutDirection = .rightToLeft
        #expect(a11.effectiveLayoutDirection == .rightToLeft)
        #expect(b.effectiveLayoutDirection == .leftToRight)
        a1.layoutDirection = .leftToRight
        #expect(a11.effectiveLayoutDirection == .leftToRight)
        let other = LayoutItem(identifier: "other")
        #expect(throws: LayoutError.self) {
            try LayoutConstraint.activate([a11.widthAnchor.constraint(equalTo: other.widthAnchor)])
        }
    }

    /// An item lists the constraints installed on it in the order they were installed, through
    /// any mix of activations and deactivations: from none to one, to several, and back.
    @Test func anItemListsItsConstraintsInInstallationOrder() throws {
        let (_, items) = makeTree(children: ["box"])
        let box = items[0]
        let made = (0..<6).map {
            box.widthAnchor.constraint(greaterThanOrEqualToConstant: 10 * Double($0))
        }
        func listed() -> [Int] {
            box.constraints.map { constraint in made.firstIndex { $0 === constraint }! }
        }
        #expect(listed().isEmpty)
        try LayoutConstraint.activate([made[0], made[1], made[2]])
        #expect(listed() == [0, 1, 2])
        LayoutConstraint.deactivate([made[0]])
        #expect(listed() == [1, 2])
        try LayoutConstraint.activate([made[3]])
        #expect(listed() == [1, 2, 3])
        LayoutConstraint.deactivate([made[1], made[2], made[3]])
        #expect(listed().isEmpty)
        try LayoutConstraint.activate([made[4], made[5]])
        #expect(listed() == [4, 5])
        LayoutConstraint.deactivate([made[5]])
        #expect(listed() == [4])
        try LayoutConstraint.activate([made[0]])
        #expect(listed() == [4, 0])
        LayoutConstraint.deactivate([made[4]])
        LayoutConstraint.deactivate([made[4]])
        #expect(listed() == [0])
        #expect(made.map(\.isActive) == [true, false, false, false, false, false])
    }

    @Test func changingTheDirectionResolvesLeadingAgain() throws {
        let (root, items) = makeTree(width: 300, height: 100, children: ["box"])
        let box = items[0]
        try LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 50),
            box.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        #expect(box.frame.origin.x == 10)
        root.layoutDirection = .rightToLeft
        #expect(box.effectiveLayoutDirection == .rightToLeft)
        root.layoutIfNeeded()
        #expect(abs(box.frame.origin.x - 240) < 1e-9)
        // Left and right ignore the direction.
        let left = box.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5)
        left.priority = 999
        try LayoutConstraint.activate([left])
        root.layoutIfNeeded()
        #expect(abs(box.frame.origin.x - 240) < 1e-9)
    }

    @Test func constantAndPriorityChangesUpdateInPlace() throws {
        let (root, items) = makeTree(children: ["image", "title"])
        let (image, title) = (items[0], items[1])
        let gap = title.topAnchor.constraint(equalTo: image.bottomAnchor, constant: 2)
        let preferred = title.widthAnchor.constraint(equalToConstant: 100)
        preferred.priority = .defaultLow
        try LayoutConstraint.activate([
            image.topAnchor.constraint(equalTo: root.topAnchor),
            image.leftAnchor.constraint(equalTo: root.leftAnchor),
            image.widthAnchor.constraint(equalToConstant: 40),
            image.heightAnchor.constraint(equalToConstant: 40),
            title.leftAnchor.constraint(equalTo: root.leftAnchor),
            title.heightAnchor.constraint(equalToConstant: 20),
            gap, preferred,
            title.widthAnchor.constraint(lessThanOrEqualToConstant: 80),
        ])
        root.layoutIfNeeded()
        #expect(title.frame == Rect(x: 0, y: 42, width: 80, height: 20))
        gap.constant = 10
        root.layoutIfNeeded()
        #expect(title.frame.origin.y == 50)
        preferred.priority = .required
        #expect(!preferred.isActive)
        #expect(preferred.lastError?.code == .unsatisfiable)
        preferred.constant = 60
        preferred.isActive = true
        #expect(preferred.isActive && preferred.lastError == nil)
        root.layoutIfNeeded()
        #expect(title.frame.size.width == 60)
    }

    @Test func multiplierRelatesSizes() throws {
        let (root, items) = makeTree(width: 300, height: 100, children: ["title"])
        let title = items[0]
        title.intrinsicContentSize = Size(width: 250, height: 20)
        try LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            title.topAnchor.constraint(equalTo: root.topAnchor),
            title.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(title.frame == Rect(x: 0, y: 0, width: 150, height: 20))
    }

    @Test func firstBaselinesAlignWithOffsetsFromTheirOwners() throws {
        let (root, items) = makeTree(children: ["big", "small"])
        let (big, small) = (items[0], items[1])
        big.intrinsicContentSize = Size(width: 80, height: 40)
        small.intrinsicContentSize = Size(width: 40, height: 16)
        big.firstBaselineOffsetFromTop = 30
        small.firstBaselineOffsetFromTop = 12
        try LayoutConstraint.activate([
            big.leftAnchor.constraint(equalTo: root.leftAnchor),
            big.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            small.leftAnchor.constraint(equalTo: big.rightAnchor, constant: 4),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        #expect(small.frame.origin.y == 28)
        small.firstBaselineOffsetFromTop = 14
        root.layoutIfNeeded()
        #expect(small.frame.origin.y == 26)
        small.firstBaselineOffsetFromTop = nil  // the bottom edge
        root.layoutIfNeeded()
        #expect(small.frame.origin.y == 24)
    }

    @Test func ambiguityIsReported() throws {
        let (root, items) = makeTree(children: ["box"])
        let box = items[0]
        try LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: root.leftAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        #expect(box.hasAmbiguousLayout)
        try LayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 10)])
        #expect(!box.hasAmbiguousLayout)
    }

    @Test func removingAnItemDeactivatesConstraintsThatReachOutside() throws {
        let (root, items) = makeTree(children: ["card"])
        let card = items[0]
        let label = LayoutItem(identifier: "label")
        label.translatesFrameIntoConstraints = false
        card.addChild(label)
        let outside = card.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 7)
        let inside = [
            label.leftAnchor.constraint(equalTo: card.leftAnchor, constant: 3),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 4),
            label.widthAnchor.constraint(equalToConstant: 20),
            label.heightAnchor.constraint(equalToConstant: 10),
        ]
        try LayoutConstraint.activate([outside] + inside)
        card.removeFromParent()
        #expect(!outside.isActive)
        #expect(inside.allSatisfy { $0.isActive })
        #expect(card.parent == nil && root.children.isEmpty)
        card.translatesFrameIntoConstraints = true
        card.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        card.layoutIfNeeded()
        #expect(label.frame == Rect(x: 3, y: 4, width: 20, height: 10))
        // Moving it into another tree carries its constraints along.
        let other = LayoutItem(identifier: "other")
        other.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        card.frame = Rect(x: 50, y: 60, width: 100, height: 50)
        other.addChild(card)
        other.layoutIfNeeded()
        #expect(label.frameInRoot == Rect(x: 53, y: 64, width: 20, height: 10))
    }

    @Test func uikitStyleAddAndRemoveConstraints() throws {
        let (root, items) = makeTree(children: ["box"])
        let box = items[0]
        let all = [
            box.leftAnchor.constraint(equalTo: root.leftAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 10),
            box.heightAnchor.constraint(equalToConstant: 10),
        ]
        try root.addConstraints(all)
        #expect(all.allSatisfy { $0.isActive })
        root.removeConstraints(root.constraints)
        #expect(root.constraints.isEmpty)
        #expect(all.filter { $0.isActive }.count == 2)  // the size constraints live on the box
        box.removeConstraints(box.constraints)
        #expect(!all.contains { $0.isActive })
    }
}

@Suite struct DocumentationExampleTests {
    /// The example of the module's overview article.
    @Test func overviewExampleLaysOutAsDocumented() throws {
        let root = LayoutItem(identifier: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 80)
        let image = LayoutItem(identifier: "image")
        let title = LayoutItem(identifier: "title")
        for item in [image, title] {
            item.translatesFrameIntoConstraints = false
            root.addChild(item)
        }
        image.intrinsicContentSize = Size(width: 40, height: 40)
        title.intrinsicContentSize = Size(width: 120, height: 20)
        let gap = title.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 8)
        try LayoutConstraint.activate([
            image.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            image.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            gap,
            title.firstBaselineAnchor.constraint(equalTo: image.bottomAnchor),
            title.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -16),
        ])
        root.layoutIfNeeded()
        #expect(image.frame == Rect(x: 16, y: 20, width: 40, height: 40))
        #expect(title.frame == Rect(x: 64, y: 40, width: 120, height: 20))
        gap.constant = 12
        root.layoutDirection = .rightToLeft
        root.layoutIfNeeded()
        #expect(image.frame == Rect(x: 264, y: 20, width: 40, height: 40))
        #expect(title.frame == Rect(x: 132, y: 40, width: 120, height: 20))
    }
}

@Suite struct LayoutItemTreeTests {
    @Test func childrenKeepTheirOrderAndMoveBetweenParents() {
        let root = LayoutItem(identifier: "root")
        let a = LayoutItem(identifier: "a")
        let b = LayoutItem(identifier: "b")
        let c = LayoutItem(identifier: "c")
        root.addChild(a)
        root.addChild(c)
        root.insertChild(b, at: 1)
        #expect(root.children.map(\.identifier) == ["a", "b", "c"])
        a.addChild(c)
        #expect(root.children.map(\.identifier) == ["a", "b"])
        #expect(c.parent === a && c.root === root && c.isDescendant(of: root))
        root.insertChild(c, at: 99)
        #expect(root.children.last === c && a.children.isEmpty)
    }

    @Test func stoppingFrameTranslationHandsTheItemToItsConstraints() throws {
        let root = LayoutItem(identifier: "root")
        root.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        let box = LayoutItem(identifier: "box")
        box.frame = Rect(x: 5, y: 5, width: 10, height: 10)
        box.intrinsicContentSize = Size(width: 30, height: 20)
        root.addChild(box)
        let other = LayoutItem(identifier: "other")
        other.translatesFrameIntoConstraints = false
        root.addChild(other)
        try LayoutConstraint.activate([
            other.leftAnchor.constraint(equalTo: box.rightAnchor),
            other.topAnchor.constraint(equalTo: box.bottomAnchor),
            other.widthAnchor.constraint(equalToConstant: 1),
            other.heightAnchor.constraint(equalToConstant: 1),
        ])
        root.layoutIfNeeded()
        #expect(other.frame.origin == Point(x: 15, y: 15))
        box.translatesFrameIntoConstraints = false
        try LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 50),
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == Rect(x: 50, y: 40, width: 30, height: 20))
        #expect(other.frame.origin == Point(x: 80, y: 60))
    }

    @Test func aRootPlacedByConstraintsTakesItsSizeFromThem() throws {
        let root = LayoutItem(identifier: "root")
        root.translatesFrameIntoConstraints = false
        let label = LayoutItem(identifier: "label")
        label.translatesFrameIntoConstraints = false
        label.intrinsicContentSize = Size(width: 70, height: 15)
        root.addChild(label)
        try LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
            root.trailingAnchor.constraint(equalTo: label.trailingAnchor, constant: 10),
            root.bottomAnchor.constraint(equalTo: label.bottomAnchor, constant: 5),
        ])
        root.layoutIfNeeded()
        #expect(root.frame.size == Size(width: 90, height: 25))
        #expect(label.frame == Rect(x: 10, y: 5, width: 70, height: 15))
    }

    @Test func lastBaselinesDefaultToTheBottomEdge() throws {
        let (root, items) = makeTree(children: ["a", "b"])
        let (a, b) = (items[0], items[1])
        a.intrinsicContentSize = Size(width: 10, height: 50)
        b.intrinsicContentSize = Size(width: 10, height: 30)
        a.lastBaselineOffsetFromTop = 44
        try LayoutConstraint.activate([
            a.topAnchor.constraint(equalTo: root.topAnchor),
            a.leftAnchor.constraint(equalTo: root.leftAnchor),
            b.leftAnchor.constraint(equalTo: a.rightAnchor),
            b.lastBaselineAnchor.constraint(equalTo: a.lastBaselineAnchor),
        ])
        root.layoutIfNeeded()
        #expect(b.frame.origin.y == 14)
        #expect(a.lastBaselineOffsetFromTop == 44 && b.lastBaselineOffsetFromTop == nil)
    }
}

@Suite struct FramePinTests {
    /// Cells placed by frames share no variable: every cell adds the same number of
    /// independent subsystems, instead of all of them joining one through the root.
    @Test func cellsPlacedByFramesAreIndependentSubsystems() throws {
        func partitions(cells: Int) throws -> Int {
            let root = LayoutItem(identifier: "root")
            root.frame = Rect(x: 0, y: 0, width: 320, height: 600)
            for row in 0..<cells {
                let cell = LayoutItem(identifier: "cell\(row)")
                cell.frame = Rect(x: 0, y: Double(row) * 50, width: 320, height: 50)
                root.addChild(cell)
                let label = LayoutItem(identifier: "label\(row)")
                label.translatesFrameIntoConstraints = false
                label.intrinsicContentSize = Size(width: 100, height: 20)
                cell.addChild(label)
                try LayoutConstraint.activate([
                    label.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
                    label.centerYAnchor.constraint(equalTo: cell.centerYAnchor),
                ])
                if row == cells - 1 {
                    root.layoutIfNeeded()
                    #expect(
                        label.frameInRoot
                            == Rect(x: 16, y: Double(row) * 50 + 15, width: 100, height: 20))
                    #expect(label.frame == Rect(x: 16, y: 15, width: 100, height: 20))
                }
            }
            return root.enginePartitionCount
        }
        let one = try partitions(cells: 1)
        let two = try partitions(cells: 2)
        let four = try partitions(cells: 4)
        #expect(two > one)
        #expect(four - two == 2 * (two - one))
    }

    @Test func movingATranslatingAncestorMovesPinnedDescendants() throws {
        let root = LayoutItem(identifier: "root")
        root.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        let outer = LayoutItem(identifier: "outer")
        outer.frame = Rect(x: 10, y: 10, width: 200, height: 200)
        let inner = LayoutItem(identifier: "inner")
        inner.frame = Rect(x: 5, y: 5, width: 100, height: 100)
        let dot = LayoutItem(identifier: "dot")
        dot.translatesFrameIntoConstraints = false
        root.addChild(outer)
        outer.addChild(inner)
        inner.addChild(dot)
        try LayoutConstraint.activate([
            dot.leftAnchor.constraint(equalTo: inner.leftAnchor, constant: 1),
            dot.topAnchor.constraint(equalTo: inner.topAnchor, constant: 2),
            dot.widthAnchor.constraint(equalToConstant: 3),
            dot.heightAnchor.constraint(equalTo: inner.heightAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(dot.frameInRoot == Rect(x: 16, y: 17, width: 3, height: 50))
        outer.frame = Rect(x: 40, y: 50, width: 200, height: 200)
        inner.frame.size = Size(width: 100, height: 60)
        root.layoutIfNeeded()
        #expect(dot.frame == Rect(x: 1, y: 2, width: 3, height: 30))
        #expect(dot.frameInRoot == Rect(x: 46, y: 57, width: 3, height: 30))
        // Once the outer item is placed by constraints, the inner one is pinned to it.
        outer.translatesFrameIntoConstraints = false
        try LayoutConstraint.activate([
            outer.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 100),
            outer.topAnchor.constraint(equalTo: root.topAnchor),
            outer.widthAnchor.constraint(equalToConstant: 50),
            outer.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        #expect(dot.frameInRoot == Rect(x: 106, y: 7, width: 3, height: 30))
    }
}

@Suite struct LayoutMemoryTests {
    /// A constraint holds on to its items no more than UIKit's: they read `nil` once gone,
    /// whether the constraint was active, inactive, or made and dropped in any order.
    @Test func constraintsForgetItemsThatAreGone() throws {
        var kept: [LayoutConstraint] = []
        var active: LayoutConstraint?
        do {
            let root = LayoutItem(identifier: "root")
            let child = LayoutItem(identifier: "child")
            child.translatesFrameIntoConstraints = false
            root.addChild(child)
            var made = (0..<100).map { index in
                index % 3 == 0
                    ? child.widthAnchor.constraint(equalTo: child.heightAnchor)
                    : child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: Double(index))
            }
            var generator = SystemRandomNumberGenerator()
            made.shuffle(using: &generator)
            kept = Array(made.prefix(40))
            made = []
            let pin = child.topAnchor.constraint(equalTo: root.topAnchor, constant: 5)
            try LayoutConstraint.activate([pin])
            root.layoutIfNeeded()
            #expect(child.frame.minY == 5)
            active = pin
        }
        for constraint in kept {
            #expect(constraint.firstItem == nil && constraint.secondItem == nil)
            #expect(constraint.description.hasPrefix("nil."))
        }
        let pin = try #require(active)
        #expect(pin.firstItem == nil && pin.secondItem == nil)
        kept.removeAll()
    }

    /// A root that goes away takes its engine with it; an item and an active constraint of
    /// its tree that live on forget the engine: the constraint reads inactive, and both work
    /// in a new tree.
    @Test func itemsAndConstraintsOutliveTheirTreesEngine() throws {
        var survivor: LayoutItem?
        var pin: LayoutConstraint?
        do {
            let root = LayoutItem(identifier: "root")
            let middle = LayoutItem(identifier: "middle")
            let child = LayoutItem(identifier: "child")
            child.translatesFrameIntoConstraints = false
            root.addChild(middle)
            middle.addChild(child)
            let left = child.leftAnchor.constraint(equalTo: middle.leftAnchor, constant: 7)
            try LayoutConstraint.activate([
                left, child.topAnchor.constraint(equalTo: middle.topAnchor),
                child.widthAnchor.constraint(equalToConstant: 5),
                child.heightAnchor.constraint(equalToConstant: 5),
            ])
            root.layoutIfNeeded()
            #expect(child.frame == Rect(x: 7, y: 0, width: 5, height: 5))
            #expect(left.isActive)
            survivor = child
            pin = left
        }
        let child = try #require(survivor)
        let left = try #require(pin)
        // The middle item went with the root, so the constraint lost its second item too.
        #expect(!left.isActive)
        #expect(left.secondItem == nil)
        let root = LayoutItem(identifier: "new root")
        root.addChild(child)
        try LayoutConstraint.activate([
            child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 11),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 2),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 11, y: 2, width: 5, height: 5))
    }

    /// Constraints dropped before their items leave the items' bookkeeping consistent.
    @Test func droppingConstraintsInAnyOrderKeepsTheOthersNamed() {
        let root = LayoutItem(identifier: "root")
        let child = LayoutItem(identifier: "child")
        root.addChild(child)
        var made = (0..<64).map { index in
            child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: Double(index))
        }
        for index in stride(from: 63, through: 0, by: -3) { made.remove(at: index) }
        made.removeFirst(5)
        #expect(made.allSatisfy { $0.firstItem === child && $0.secondItem === root })
        let survivor = made[made.count / 2]
        made.removeAll()
        #expect(survivor.firstItem === child)
    }

    /// A tree with active constraints is freed with its last reference: the engine, its root
    /// and its constraints hold no cycle.
    @Test func aTreeWithConstraintsIsFreed() throws {
        weak var weakRoot: LayoutItem?
        weak var weakChild: LayoutItem?
        weak var weakConstraint: LayoutConstraint?
        do {
            let (root, items) = makeTree(children: ["child"])
            let constraint = items[0].leftAnchor.constraint(equalTo: root.leftAnchor, constant: 3)
            try LayoutConstraint.activate([
                constraint, items[0].topAnchor.constraint(equalTo: root.topAnchor),
                items[0].widthAnchor.constraint(equalTo: root.widthAnchor),
            ])
            root.layoutIfNeeded()
            #expect(items[0].frame.origin.x == 3)
            weakRoot = root
            weakChild = items[0]
            weakConstraint = constraint
        }
        #expect(weakRoot == nil)
        #expect(weakChild == nil)
        #expect(weakConstraint == nil)
    }
}
