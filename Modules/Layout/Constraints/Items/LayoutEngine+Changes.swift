import TrellisGeometry

// Keeping the engine in step with changes to items.

extension LayoutEngine {
    /// A translating item's frame changed: its pins take the new numbers in place.
    func frameDidChange(_ item: LayoutItem) {
        guard let s = item.slot, !s.pins.isEmpty else { return }
        let frame = item.frame
        // Pins are `left == parent.left + x`, `top == parent.top + y`, `width == w`,
        // `height == h`: the solver's constant of lhs - rhs is minus each number.
        let numbers =
            item.parent == nil
            ? [0, 0, frame.size.width, frame.size.height]
            : [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
        do {
            for (pin, number) in zip(s.pins, numbers) {
                try solver.setConstant(-LayoutItem.cleanFrameNumber(number), of: pin)
            }
            item.lastError = nil
        } catch {
            item.lastError = error
        }
    }

    /// An item now translates its frame, or stops: swap its pins and intrinsic constraints.
    func translationDidChange(_ item: LayoutItem) {
        regenerate(item)
        // Translating children are pinned to this item, which is unaffected.
    }

    /// The intrinsic size or its priorities changed.
    func intrinsicDidChange(_ item: LayoutItem) {
        guard let s = item.slot, !item.translatesFrameIntoConstraints else { return }
        let fresh = makeIntrinsic(for: item, s)
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
