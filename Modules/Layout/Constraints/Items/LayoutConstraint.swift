import TrellisGeometry

/// A relation between attributes of one or two layout items, as `NSLayoutConstraint`:
/// `firstItem.firstAttribute (relation) multiplier × secondItem.secondAttribute + constant`.
///
/// Constraints are made inactive, usually from anchors, and take effect when activated; the
/// engine of the items' tree then keeps the items' frames satisfying them. Activating installs a
/// constraint on the nearest common ancestor of its items, as UIKit does, and reports a problem
/// as a ``LayoutError`` instead of an exception.
///
/// ```swift
/// let gap = title.topAnchor.constraint(equalTo: image.bottomAnchor, constant: 2)
/// try LayoutConstraint.activate([gap])
/// gap.constant = 8          // moves the title without rebuilding anything
/// gap.isActive = false
/// ```
public final class LayoutConstraint {
    // Stored properties skip the runtime's exclusivity checks (`@exclusivity(unchecked)`): the
    // layout code never overlaps two accesses to one, and the checks cost about a sixth of
    // the instructions of activating a constraint or building a view tree.
    /// The item on the left of the relation; not retained, as in UIKit, and `nil` once the item
    /// is gone.
    public private(set) var firstItem: LayoutItem? {
        get { firstItemStorage?.takeUnretainedValue() }
        set { firstItemStorage = newValue.map(Unmanaged.passUnretained) }
    }
    /// ``firstItem`` and ``secondItem``, unretained: activation reads and compares them for
    /// tens of thousands of constraints without taking a reference to either.
    @exclusivity(unchecked) private(set) var firstItemStorage: Unmanaged<LayoutItem>?
    @exclusivity(unchecked) private(set) var secondItemStorage: Unmanaged<LayoutItem>?
    /// The attribute of the first item.
    public let firstAttribute: LayoutAttribute
    /// How the sides relate.
    public let relation: LayoutRelation
    /// The item on the right of the relation, or `nil` when the constraint relates a size to a
    /// constant; not retained, as in UIKit, and `nil` once the item is gone.
    public private(set) var secondItem: LayoutItem? {
        get { secondItemStorage?.takeUnretainedValue() }
        set { secondItemStorage = newValue.map(Unmanaged.passUnretained) }
    }
    /// The attribute of the second item, or ``LayoutAttribute/notAnAttribute``.
    public let secondAttribute: LayoutAttribute
    // The priority's four bytes follow the attributes' three, in what would be padding:
    // stored properties are laid out in the order they are declared.
    /// The priority; changing it while active reinstalls the constraint.
    ///
    /// A change that cannot be applied deactivates the constraint and records the reason in
    /// ``lastError``.
    @exclusivity(unchecked) public var priority: LayoutPriority = .required {
        didSet {
            guard priority != oldValue, let engine else { return }
            engine.priorityDidChange(self)
        }
    }
    /// Both items, for the modules built on this one: another module's read of a stored
    /// property is checked for exclusivity at run time whatever its attribute says, and a scene
    /// of 40,000 constraints reads them twice each.
    package var items: (first: LayoutItem?, second: LayoutItem?) { (firstItem, secondItem) }
    /// The factor applied to the second attribute.
    public let multiplier: Double
    /// A name shown in descriptions and errors.
    public var identifier: String? {
        get { identifierBox?.value }
        set { identifierBox = newValue.map(OutOfLine.init) }
    }
    /// ``identifier``, boxed: few constraints have one, and the box keeps a string's 16 bytes
    /// out of every constraint.
    @exclusivity(unchecked) private var identifierBox: OutOfLine<String>?

    /// The constant added to the second side; changing it while active updates the layout in
    /// place, without rebuilding anything.
    ///
    /// A change that would make a required constraint impossible deactivates the constraint
    /// (as UIKit breaks a constraint to recover) and records the reason in ``lastError``.
    @exclusivity(unchecked) public var constant: Double {
        didSet {
            guard constant != oldValue, let engine else { return }
            engine.constantDidChange(self)
        }
    }

    /// The error that left this constraint inactive: set when activating it through
    /// ``isActive``, or changing its ``constant`` or ``priority``, failed; cleared when it is
    /// next activated.
    public internal(set) var lastError: LayoutError? {
        get { lastErrorBox?.value }
        set { lastErrorBox = newValue.map(OutOfLine.init) }
    }
    /// ``lastError``, boxed: a constraint almost never has one, and the box keeps its 40 bytes
    /// out of every constraint.
    @exclusivity(unchecked) private var lastErrorBox: OutOfLine<LayoutError>?

    /// The engine the constraint is installed in while active: cleared when it is uninstalled,
    /// or when the root that owns the engine goes away.
    @exclusivity(unchecked) unowned(unsafe) var engine: LayoutEngine?
    /// The item it is installed on: the nearest common ancestor of its items (which clears it
    /// when it goes away).
    @exclusivity(unchecked) unowned(unsafe) var installationItem: LayoutItem?
    /// Its record in the engine's solver while active, or -1: the solver keeps an active
    /// layout constraint as its terms, without a solver constraint object.
    @exclusivity(unchecked) var solverRecord: Int32 = -1
    /// Its position in the list of its installation item (32 bits, as its positions in its
    /// items' lists: a scene holds at most a million views, and every constraint object is
    /// smaller for it).
    @exclusivity(unchecked) var positionInInstallation: Int32 = -1
    /// When it was installed, as its engine counts installations.
    @exclusivity(unchecked) var installationOrder: UInt64 = 0
    /// Its neighbours in the lists of the constraints that name its first item and its second
    /// item (``LayoutItem/namingConstraints``, newest first): the one made after it, and the
    /// one made before it.
    @exclusivity(unchecked) var namingLinks = NamingLinks()

    /// Creates a constraint from its parts, as `NSLayoutConstraint(item:attribute:relatedBy:
    /// toItem:attribute:multiplier:constant:)`.
    ///
    /// - Throws: ``LayoutError/Code-swift.struct/incompatibleAttributes`` when the attributes
    ///   cannot be related: positions on different axes (sizes may cross, as in an aspect
    ///   ratio), a position and a size, leading or
    ///   trailing with left or right, a multiplier on positions, a position against a constant,
    ///   or a second item without an attribute; ``LayoutError/Code-swift.struct/invalidNumber``
    ///   for a multiplier of zero or a number that is not finite.
    public convenience init(
        item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
        toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute,
        multiplier: Double = 1, constant: Double = 0
    ) throws(LayoutError) {
        self.init(
            uncheckedItem: item, attribute: attribute, relatedBy: relation, toItem: toItem,
            attribute: secondAttribute, multiplier: multiplier, constant: constant)
        try validate()
    }

    convenience init(
        uncheckedItem item: LayoutItem, attribute: LayoutAttribute,
        relatedBy relation: LayoutRelation, toItem: LayoutItem?,
        attribute secondAttribute: LayoutAttribute, multiplier: Double, constant: Double
    ) {
        self.init(
            uncheckedItem: Unmanaged.passUnretained(item), attribute: attribute,
            relatedBy: relation, toItem: toItem.map(Unmanaged.passUnretained),
            attribute: secondAttribute, multiplier: multiplier, constant: constant)
    }

    /// A constraint between items held unretained (by the parser), taking no reference to them.
    init(
        uncheckedItem item: Unmanaged<LayoutItem>, attribute: LayoutAttribute,
        relatedBy relation: LayoutRelation, toItem: Unmanaged<LayoutItem>?,
        attribute secondAttribute: LayoutAttribute, multiplier: Double, constant: Double
    ) {
        firstItemStorage = item
        firstAttribute = attribute
        self.relation = relation
        secondItemStorage = toItem
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        item._withUnsafeGuaranteedRef { $0.addNamingConstraint(self, asSecond: false) }
        if let toItem, toItem.toOpaque() != item.toOpaque() {
            toItem._withUnsafeGuaranteedRef { $0.addNamingConstraint(self, asSecond: true) }
        }
    }

    deinit {
        // An engine that is gone has cleared `engine`; one that is alive keeps the record, and
        // errors about it need what the constraint read as.
        if let engine, solverRecord >= 0 {
            engine.solver.layoutConstraintWillGo(self, record: solverRecord)
        }
        if let firstItem { firstItem.removeNamingConstraint(self, asSecond: false) }
        if let secondItem, secondItem !== firstItem {
            secondItem.removeNamingConstraint(self, asSecond: true)
        }
    }

    /// Whether the constraint is in effect. Setting it activates or deactivates the constraint;
    /// an activation that fails leaves it inactive and records the reason in ``lastError``
    /// (``activate(_:)`` throws it instead).
    public var isActive: Bool {
        get { engine != nil }
        set {
            if newValue {
                do {
                    try LayoutConstraint.activate([self])
                } catch {
                    lastError = error
                }
            } else {
                LayoutConstraint.deactivate([self])
            }
        }
    }

    /// Forgets an item that is going away.
    func clearReferences(to item: LayoutItem) {
        if firstItem === item { firstItem = nil }
        if secondItem === item { secondItem = nil }
    }

    /// Checks that the attributes can be related and the numbers are usable.
    func validate() throws(LayoutError) {
        func refuse(_ reason: String) -> LayoutError {
            LayoutError(
                code: .incompatibleAttributes,
                message: "constraint \"\(description)\" is invalid: \(reason)",
                conflicts: [
                    LayoutError.Conflict(id: ObjectIdentifier(self), description: description)
                ])
        }
        guard firstAttribute != .notAnAttribute else {
            throw refuse("the first attribute cannot be notAnAttribute")
        }
        guard multiplier.isFinite, constant.isFinite, multiplier != 0,
            abs(multiplier) <= ConstraintSolver.maximumMagnitude,
            abs(constant) <= ConstraintSolver.maximumMagnitude
        else {
            throw LayoutError(
                code: .invalidNumber,
                message:
                    "constraint \"\(description)\" has multiplier \(multiplier) and constant "
                    + "\(constant); use finite numbers, and a multiplier other than zero",
                conflicts: [
                    LayoutError.Conflict(id: ObjectIdentifier(self), description: description)
                ])
        }
        if secondAttribute == .notAnAttribute {
            guard firstAttribute.isDimension else {
                throw refuse(
                    "a position (\(firstAttribute.name)) cannot equal a constant; relate it to "
                        + "another item's position")
            }
            return
        }
        guard firstAttribute.isDimension == secondAttribute.isDimension else {
            throw refuse(
                "\(firstAttribute.name) and \(secondAttribute.name) mix a size and a position")
        }
        // Sizes relate across axes (an aspect ratio, height == width * 0.75); positions do not.
        guard firstAttribute.isDimension || firstAttribute.axis == secondAttribute.axis else {
            throw refuse("\(firstAttribute.name) and \(secondAttribute.name) are on different axes")
        }
        let mixesDirection =
            (firstAttribute.isDirectional && [.left, .right].contains(secondAttribute))
            || (secondAttribute.isDirectional && [.left, .right].contains(firstAttribute))
        guard !mixesDirection else {
            throw refuse(
                "leading and trailing cannot be related to left and right; use one pair for both")
        }
        guard firstAttribute.isDimension || multiplier == 1 else {
            throw refuse("a multiplier needs sizes (width, height), not positions")
        }
    }
}

extension LayoutConstraint: CustomStringConvertible {
    /// The constraint in the textual form, such as `title.leading == image.trailing + 8 @750`.
    public var description: String {
        func name(_ item: LayoutItem?) -> String {
            guard let item else { return "nil" }
            return item.identifier
                ?? "item\(UInt(bitPattern: ObjectIdentifier(item).hashValue) % 10_000)"
        }
        var text = "\(name(firstItem)).\(firstAttribute.name) \(relation.symbol) "
        if secondAttribute == .notAnAttribute || secondItem == nil {
            text += formatNumber(constant)
        } else {
            if multiplier != 1 { text += "\(formatNumber(multiplier)) * " }
            text += "\(name(secondItem)).\(secondAttribute.name)"
            if constant != 0 {
                text += (constant < 0 ? " - " : " + ") + formatNumber(abs(constant))
            }
        }
        if !priority.isRequired { text += " @\(priority)" }
        if let identifier { text = "\(identifier): " + text }
        return text
    }
}

/// A constraint's position among the constraints installed on an item.
enum InstalledConstraintPosition: ObjectListPosition {
    static func position(of element: LayoutConstraint) -> Int {
        Int(element.positionInInstallation)
    }
    static func setPosition(_ position: Int, of element: LayoutConstraint) {
        element.positionInInstallation = Int32(truncatingIfNeeded: position)
    }
    nonisolated(unsafe) static let placeholder = LayoutConstraint.makePlaceholder()
}

extension LayoutConstraint {
    /// A constraint that is never installed, marking removed places in lists.
    static func makePlaceholder() -> LayoutConstraint {
        LayoutConstraint(
            uncheckedItem: LayoutItemChildPosition.placeholder, attribute: .width,
            relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
            constant: 0)
    }
}
