import TrellisGeometry

// Keeping the engine in step with changes to items.

extension LayoutEngine {
    /// A translating item's frame changed: its pins, and the position pins of the translating
    /// items below it that are anchored above it, take the new numbers in place.
    func frameDidChange(_ item: LayoutItem) {
        needsPlacement = true
        if item.isIn(self), item.translatesFrameIntoConstraints { updatePins(of: item) }
        // Items below one placed by constraints are anchored at or below it.
        visitTranslatingItems(below: item) { updatePins(of: $0) }
    }

    /// Calls `body` with each item of this engine below `item` that translates its frame and
    /// is reached through translating items only: those anchored through `item`.
    private func visitTranslatingItems(below item: LayoutItem, _ body: (LayoutItem) -> Void) {
        // Most items have nothing below them.
        guard item.childCount > 0 else { return }
        var pending = item.children
        while let current = pending.popLast() {
            guard current.translatesFrameIntoConstraints else { continue }
            if current.isIn(self) { body(current) }
            pending.append(contentsOf: current.children)
        }
    }

    private func updatePins(of item: LayoutItem) {
        guard let pins = item.slot?.pins, !pins.isEmpty else { return }
        let size = item.frame.size
        let numbers: [Double]
        if item.parent == nil {
            numbers = [0, 0, size.width, size.height]
        } else {
            let offset = pinAnchor(for: item, below: root).1
            numbers = [offset.x, offset.y, size.width, size.height]
        }
        // A pin is `variable == anchor + number`: the solver's constant of lhs - rhs is minus
        // the number.
        do {
            for (pin, number) in zip(pins, numbers) {
                let constant = -LayoutItem.cleanFrameNumber(number)
                if pin.constant != constant { try solver.setConstant(constant, of: pin) }
            }
            item.lastError = nil
        } catch {
            item.lastError = error
        }
    }

    /// An item now translates its frame, or stops: swap its pins and intrinsic constraints, and
    /// re-anchor the translating items below it.
    func translationDidChange(_ item: LayoutItem) {
        needsPlacement = true
        if item.isIn(self) { regenerate(item) }
        visitTranslatingItems(below: item) { regenerate($0) }
    }

    /// The intrinsic size or its priorities changed.
    func intrinsicDidChange(_ item: LayoutItem) {
        guard let s = item.slot, !item.translatesFrameIntoConstraints else { return }
        let fresh = makeIntrinsic(for: item, s.variables)
        let sameShape =
            fresh.count == s.intrinsic.count
            && zip(fresh, s.intrinsic).allSatisfy { $0.priority == $1.priority }
        guard sameShape else {
            regenerate(item)
            return
        }
        do {
            for (old, new) in zip(s.intrinsic, fresh) {
                try solver.setConstant(new.constant, of: old)
            }
            item.lastError = nil
        } catch {
            item.lastError = error
        }
    }

    /// A baseline offset changed: the baseline's placement is replaced.
    func baselineDidChange(_ item: LayoutItem) {
        guard var s = item.slot else { return }
        do {
            if let baseline = s.firstBaseline {
                try? solver.remove(baseline.placement)
                let placement = baselinePlacement(item, s, baseline.variable, first: true)
                s.firstBaseline = (baseline.variable, placement)
                item.slot = s
                try solver.add(placement)
            }
            if let baseline = s.lastBaseline {
                try? solver.remove(baseline.placement)
                let placement = baselinePlacement(item, s, baseline.variable, first: false)
                s.lastBaseline = (baseline.variable, placement)
                item.slot = s
                try solver.add(placement)
            }
            item.lastError = nil
        } catch {
            item.lastError = error
        }
    }

    /// The layout direction of an item changed: constraints that use leading or trailing in
    /// its subtree are resolved again.
    func directionDidChange(_ item: LayoutItem) {
        var affected: [LayoutConstraint] = []
        for member in item.subtree() {
            for constraint in member.referencingConstraints
            where
                (constraint.firstAttribute.isDirectional
                || constraint.secondAttribute.isDirectional)
                && !affected.contains(where: { $0 === constraint })
            {
                affected.append(constraint)
            }
        }
        for constraint in affected { reinstall(constraint) }
    }

    /// Replaces an item's generated constraints.
    private func regenerate(_ item: LayoutItem) {
        removeGenerated(item)
        do {
            try addGenerated(item)
            item.lastError = nil
        } catch {
            removeGenerated(item)
            item.lastError = error
        }
    }
}

extension LayoutItem {
    /// A frame number the solver accepts: NaN and infinities become zero.
    static func cleanFrameNumber(_ value: Double) -> Double {
        value.isFinite
            ? min(max(value, -ConstraintSolver.maximumMagnitude), ConstraintSolver.maximumMagnitude)
            : 0
    }
}
