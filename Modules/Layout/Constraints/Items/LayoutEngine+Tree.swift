import TrellisGeometry

/// The constraints of a subtree that leaves its tree, to reinstall once it has landed.
struct MovingSubtree {
    var constraints: [LayoutConstraint]
}

extension LayoutEngine {
    /// Takes a subtree out of its engine before it moves: constraints that reach outside it are
    /// deactivated (as UIKit does when a view leaves its superview); constraints inside it are
    /// uninstalled to be reinstalled in the engine of the tree it lands in.
    static func detachSubtree(_ top: LayoutItem) -> MovingSubtree {
        // A lone item outside any engine, as every new view's item is, has nothing to move.
        if top.childCount == 0, top.engine == nil, top.ownedEngine == nil,
            top.installedConstraints.isEmpty, !top.hasReferencingConstraints
        {
            return MovingSubtree(constraints: [])
        }
        let items = top.subtree()
        let inside = Set(items.map(ObjectIdentifier.init))
        var moving: [LayoutConstraint] = []
        for item in items {
            moving.append(contentsOf: item.constraints)
            for constraint in item.referencingConstraints {
                guard let installation = constraint.installationItem,
                    !inside.contains(ObjectIdentifier(installation))
                else { continue }
                constraint.engine?.uninstall(constraint)
            }
        }
        for constraint in moving { constraint.engine?.uninstall(constraint) }
        var engines: [LayoutEngine] = []
        for item in items {
            guard let engine = item.engine else { continue }
            engine.unregister(item)
            if !engines.contains(where: { $0 === engine }) { engines.append(engine) }
        }
        for engine in engines { engine.releaseVariables(of: items.filter { $0.engine === engine }) }
        top.ownedEngine = nil
        return MovingSubtree(constraints: moving)
    }

    /// Reinstalls the constraints of a subtree that has moved; one that no longer fits stays
    /// inactive with the reason in its `lastError`.
    static func reattach(_ moving: MovingSubtree) {
        guard !moving.constraints.isEmpty else { return }
        for constraint in moving.constraints {
            do {
                try install(constraint)
            } catch {
                constraint.lastError = error
            }
        }
    }

    // MARK: Layout

    /// Solves and writes the frame of every item placed by constraints, top down; does nothing
    /// when neither the solver nor the tree changed since the last pass.
    func layout() {
        guard needsPlacement || placedRevision != solver.revision else { return }
        solver.updateVariables()
        if !root.translatesFrameIntoConstraints, let s = root.slot?.variables {
            root.frame.size = Size(
                width: solver.value(of: s.width), height: solver.value(of: s.height))
        }
        place(childrenOf: root, parentOrigin: .zero)
        placedRevision = solver.revision
        needsPlacement = false
        placementPassCount += 1
    }

    /// Writes the frames of an item's children placed by constraints, and of those below them.
    /// The children are read in place and each slot's variables alone: a copy of a slot or of
    /// a list of children for each of thousands of items would cost more than the placing.
    private func place(childrenOf parent: LayoutItem, parentOrigin: Point) {
        parent.visitChildren { item in
            var origin: Point
            if item.isIn(self), !item.translatesFrameIntoConstraints,
                let s = item.slot?.variables
            {
                origin = Point(x: solver.value(of: s.left), y: solver.value(of: s.top))
                item.frame = Rect(
                    x: origin.x - parentOrigin.x, y: origin.y - parentOrigin.y,
                    width: solver.value(of: s.width), height: solver.value(of: s.height))
            } else {
                origin = Point(
                    x: parentOrigin.x + item.frame.origin.x, y: parentOrigin.y + item.frame.origin.y
                )
            }
            if item.childCount > 0 { place(childrenOf: item, parentOrigin: origin) }
        }
    }

    /// Whether the constraints leave some variable of the item undetermined.
    func isAmbiguous(_ item: LayoutItem) -> Bool {
        guard let s = item.slot, item.isIn(self) else { return false }
        let loose = Set(solver.ambiguousVariables())
        return [s.left, s.top, s.width, s.height].contains { loose.contains($0) }
    }
}
