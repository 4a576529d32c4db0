import TrellisGeometry

// Turning layout constraints into solver constraints, shared by the engine of a tree and by
// fitting-size computations (which solve a subtree in a solver of their own).

/// An item's variables in a solver, and the constraints made for it there.
struct ItemSlot {
    var left: Variable
    var top: Variable
    var width: Variable
    var height: Variable
    /// The frame as constraints, for an item that translates its frame.
    var pins: [Constraint] = []
    /// Hugging and compression resistance, for an item placed by constraints.
    var intrinsic: [Constraint] = []
    /// The baselines, out of line: few items have a constraint on one, and each slot would
    /// carry their 48 bytes.
    var baselines: OutOfLine<SlotBaselines>?

    /// The first baseline, once a constraint uses it, with the constraint that places it.
    var firstBaseline: SlotBaseline? {
        get { baselines?.value.first }
        set { setBaselines(first: newValue, last: lastBaseline) }
    }

    /// The last baseline, once a constraint uses it, with the constraint that places it.
    var lastBaseline: SlotBaseline? {
        get { baselines?.value.last }
        set { setBaselines(first: firstBaseline, last: newValue) }
    }

    private mutating func setBaselines(first: SlotBaseline?, last: SlotBaseline?) {
        baselines = first == nil && last == nil ? nil : OutOfLine((first, last))
    }
}

/// A baseline's variable in a solver, and the constraint that places it.
typealias SlotBaseline = (variable: Variable, placement: Constraint)
/// A slot's two baselines.
typealias SlotBaselines = (first: SlotBaseline?, last: SlotBaseline?)

extension ItemSlot {
    /// The four variables alone: a copy of them copies no references.
    var variables: ItemVariables {
        ItemVariables(left: left, top: top, width: width, height: height)
    }
}

/// An item's four variables.
struct ItemVariables {
    var left: Variable
    var top: Variable
    var width: Variable
    var height: Variable
}

/// Something that gives items variables in a solver.
protocol ItemVariableSource: AnyObject {
    var solver: ConstraintSolver { get }
    /// The slot of an item, creating its variables (and its generated constraints) if needed.
    func slot(for item: LayoutItem) throws(LayoutError) -> ItemSlot
    /// The variables of an item, created as ``slot(for:)`` creates them if needed; the path
    /// every constraint takes, which reads the variables without copying the slot.
    func variables(for item: LayoutItem) throws(LayoutError) -> ItemVariables
    /// ``variables(for:)`` of an item held unretained.
    func variables(forUnretained item: Unmanaged<LayoutItem>) throws(LayoutError)
        -> ItemVariables
    /// Stores an updated slot.
    func store(_ slot: ItemSlot, for item: LayoutItem)
}

extension ItemVariableSource {
    /// Creates the four variables of an item.
    func makeSlot(for item: LayoutItem) -> ItemSlot {
        let name = item.identifier
        return ItemSlot(
            left: solver.makeVariable(named: .part(of: name, .left)),
            top: solver.makeVariable(named: .part(of: name, .top)),
            width: solver.makeVariable(named: .part(of: name, .width)),
            height: solver.makeVariable(named: .part(of: name, .height)))
    }

    /// The solver constraint that implements a layout constraint.
    func makeConstraint(for constraint: LayoutConstraint) throws(LayoutError) -> Constraint {
        let result = Constraint(
            summed: try solverTerms(of: constraint), constant: -constraint.constant,
            relation: constraint.relation, priority: constraint.priority)
        result.owner = constraint
        result.label = .owner
        return result
    }

    /// The terms of a layout constraint's solver form, `first - multiplier × second -
    /// constant (relation) 0` without its constant, summed in place.
    func solverTerms(of constraint: LayoutConstraint) throws(LayoutError) -> TermBuffer {
        guard let first = constraint.firstItemStorage else { throw missingItem(constraint) }
        let flipped = isFlipped(constraint)
        var terms = TermBuffer()
        try addTerms(of: first, constraint.firstAttribute, flipped: flipped, scale: 1, to: &terms)
        if constraint.secondAttribute != .notAnAttribute {
            guard let second = constraint.secondItemStorage else { throw missingItem(constraint) }
            try addTerms(
                of: second, constraint.secondAttribute, flipped: flipped,
                scale: -constraint.multiplier, to: &terms)
        }
        return terms
    }

    /// Whether a constraint is resolved in a right-to-left frame: it uses leading or trailing
    /// and its first item's layout direction is right to left. Positions along x are then
    /// negated on both sides, so that `leading + 8` is 8 points toward the trailing edge.
    func isFlipped(_ constraint: LayoutConstraint) -> Bool {
        guard constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional
        else { return false }
        return constraint.firstItemStorage?._withUnsafeGuaranteedRef {
            $0.effectiveLayoutDirection
        } == .rightToLeft
    }

    /// Adds `scale` times an attribute of an item, as terms over its variables.
    func addTerms(
        of item: Unmanaged<LayoutItem>, _ attribute: LayoutAttribute, flipped: Bool,
        scale: Double, to terms: inout TermBuffer
    ) throws(LayoutError) {
        let s = try variables(forUnretained: item)
        // Along x, a flipped frame negates positions.
        let x = flipped ? -scale : scale
        switch attribute {
        case .left:
            terms.add(scale, of: s.left)
        case .right:
            terms.add(scale, of: s.left)
            terms.add(scale, of: s.width)
        case .leading:
            terms.add(x, of: s.left)
            if flipped { terms.add(x, of: s.width) }
        case .trailing:
            terms.add(x, of: s.left)
            if !flipped { terms.add(x, of: s.width) }
        case .centerX:
            terms.add(x, of: s.left)
            terms.add(0.5 * x, of: s.width)
        case .width: terms.add(scale, of: s.width)
        case .top: terms.add(scale, of: s.top)
        case .bottom:
            terms.add(scale, of: s.top)
            terms.add(scale, of: s.height)
        case .centerY:
            terms.add(scale, of: s.top)
            terms.add(0.5 * scale, of: s.height)
        case .height: terms.add(scale, of: s.height)
        case .firstBaseline:
            terms.add(scale, of: try baseline(of: item.takeUnretainedValue(), first: true))
        case .lastBaseline:
            terms.add(scale, of: try baseline(of: item.takeUnretainedValue(), first: false))
        case .notAnAttribute: break
        }
    }

    /// The variable of a baseline, created with the required constraint that places it.
    func baseline(of item: LayoutItem, first: Bool) throws(LayoutError) -> Variable {
        var s = try slot(for: item)
        if let existing = first ? s.firstBaseline : s.lastBaseline { return existing.variable }
        let variable = solver.makeVariable(
            (item.identifier ?? "item") + (first ? ".firstBaseline" : ".lastBaseline"))
        let placement = baselinePlacement(item, s, variable, first: first)
        try solver.add(placement)
        if first {
            s.firstBaseline = (variable, placement)
        } else {
            s.lastBaseline = (variable, placement)
        }
        store(s, for: item)
        return variable
    }

    /// `baseline == top + offset`, or `baseline == top + height` without an offset.
    func baselinePlacement(_ item: LayoutItem, _ s: ItemSlot, _ variable: Variable, first: Bool)
        -> Constraint
    {
        let offset = first ? item.firstBaselineOffsetFromTop : item.lastBaselineOffsetFromTop
        let placement: Constraint
        if let offset, offset.isFinite {
            placement = Constraint(variable, .equal, s.top + offset)
        } else {
            placement = Constraint(variable, .equal, s.top + s.height)
        }
        placement.label = .baseline(item: item.identifier, first: first)
        return placement
    }

    /// Where a translating item's position comes from: the nearest ancestor below `top` that
    /// is placed by constraints, and the item's offset from it through the frames of the
    /// translating items in between; no ancestor when every item up to `top` translates its
    /// frame, and the offset is then from `top`'s origin, the origin of the solved space.
    ///
    /// Pinning to that ancestor instead of to the parent keeps items whose positions are fixed
    /// (cells placed by frames in one window, say) out of each other's subsystems.
    func pinAnchor(for item: LayoutItem, below top: LayoutItem) -> (LayoutItem?, Point) {
        var x = item.frame.origin.x
        var y = item.frame.origin.y
        var current = item.parent
        while let ancestor = current, ancestor !== top, ancestor.translatesFrameIntoConstraints {
            x += ancestor.frame.origin.x
            y += ancestor.frame.origin.y
            current = ancestor.parent
        }
        let anchor = current === top ? nil : current
        return (anchor, Point(x: LayoutItem.cleanFrameNumber(x), y: LayoutItem.cleanFrameNumber(y)))
    }

    /// The frame of a translating item as required constraints: its position relative to its
    /// pin anchor (or fixed, without one) and, when `pinsSize`, its size.
    func makePins(
        for item: LayoutItem, _ s: ItemVariables, anchor: ItemVariables?, offset: Point,
        pinsSize: Bool
    ) -> [Constraint] {
        // variable - anchor - value == 0, summed in place.
        func pin(_ variable: Variable, to anchor: Variable?, plus value: Double) -> Constraint {
            var terms = TermBuffer()
            terms.append(LinearTerm(variable: variable, coefficient: 1))
            if let anchor { terms.append(LinearTerm(variable: anchor, coefficient: -1)) }
            return Constraint(
                summed: terms, constant: -value, relation: .equal, priority: .required)
        }
        var pins: [Constraint] = []
        pins.reserveCapacity(4)
        pins.append(pin(s.left, to: anchor?.left, plus: offset.x))
        pins.append(pin(s.top, to: anchor?.top, plus: offset.y))
        if pinsSize {
            pins.append(
                pin(s.width, to: nil, plus: LayoutItem.cleanFrameNumber(item.frame.size.width)))
            pins.append(
                pin(s.height, to: nil, plus: LayoutItem.cleanFrameNumber(item.frame.size.height)))
        }
        let parts = ["left", "top", "width", "height"]
        for (i, pin) in pins.enumerated() {
            pin.label = .framePin(item: item.identifier, part: parts[i])
        }
        return pins
    }

    /// Hugging and compression resistance for each intrinsic dimension, as in UIKit.
    func makeIntrinsic(for item: LayoutItem, _ s: ItemVariables) -> [Constraint] {
        let size = item.intrinsicContentSize
        var result: [Constraint] = []
        for axis in LayoutAxis.allCases {
            let value = axis == .horizontal ? size.width : size.height
            guard value >= 0 else { continue }
            let variable = axis == .horizontal ? s.width : s.height
            let dimension = axis == .horizontal ? "width" : "height"
            let hug = Constraint(
                variable, .lessThanOrEqual, value, priority: item.contentHuggingPriority(for: axis))
            hug.label = .intrinsic(
                item: item.identifier, dimension: dimension, value: value, priority: hug.priority,
                hugs: true)
            let resist = Constraint(
                variable, .greaterThanOrEqual, value,
                priority: item.contentCompressionResistancePriority(for: axis))
            resist.label = .intrinsic(
                item: item.identifier, dimension: dimension, value: value,
                priority: resist.priority, hugs: false)
            result.append(hug)
            result.append(resist)
        }
        return result
    }
}

/// The error for a constraint whose item no longer exists.
func missingItem(_ constraint: LayoutConstraint) -> LayoutError {
    LayoutError(
        code: .noCommonAncestor,
        message:
            "constraint \"\(constraint.description)\" refers to an item that no longer exists; "
            + "make constraints between items that are alive",
        conflicts: [
            LayoutError.Conflict(
                id: ObjectIdentifier(constraint), description: constraint.description)
        ])
}
