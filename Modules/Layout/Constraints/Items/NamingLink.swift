/// A place in the list of the constraints that name an item: a constraint, unretained, and
/// which of its two places it is, in the list of its first item or of its second.
///
/// The list runs through the constraints (``LayoutConstraint/namingLinks``), doubly linked, so
/// that a constraint joins and leaves the lists of its items in constant time without
/// allocating. Links hold constraints by address rather than by reference: following them
/// counts no references, which would cost two atomic operations for every link followed.
struct NamingLink: Equatable {
    /// The constraint's address, with the low bit set for its place in its second item's list.
    private let bits: UInt

    /// No constraint: the end of a list.
    static let none = NamingLink(bits: 0)

    private init(bits: UInt) {
        self.bits = bits
    }

    private init(_ constraint: LayoutConstraint, asSecond: Bool) {
        bits =
            UInt(bitPattern: Unmanaged.passUnretained(constraint).toOpaque()) | (asSecond ? 1 : 0)
    }

    /// Whether the link leads to no constraint.
    var isNone: Bool { bits == 0 }

    /// Whether the link is to the constraint's place in its second item's list.
    private var isSecond: Bool { bits & 1 != 0 }

    /// Calls `body` with the constraint linked to, without counting a reference to it.
    private func withConstraint<Result>(_ body: (LayoutConstraint) -> Result) -> Result {
        Unmanaged<LayoutConstraint>.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~1)!)
            ._withUnsafeGuaranteedRef(body)
    }

    /// The links of the constraint linked to, at its place.
    private var links: (previous: NamingLink, next: NamingLink) {
        get {
            withConstraint { constraint in
                isSecond ? constraint.namingLinks.second : constraint.namingLinks.first
            }
        }
        nonmutating set {
            withConstraint { constraint in
                if isSecond {
                    constraint.namingLinks.second = newValue
                } else {
                    constraint.namingLinks.first = newValue
                }
            }
        }
    }

    /// Puts a constraint at the head of the list that starts at `head`.
    static func insert(_ constraint: LayoutConstraint, asSecond: Bool, at head: inout NamingLink) {
        let link = NamingLink(constraint, asSecond: asSecond)
        if !head.isNone { head.links.previous = link }
        link.links = (.none, head)
        head = link
    }

    /// Takes a constraint out of the list that starts at `head`; one not in it stays out.
    static func remove(_ constraint: LayoutConstraint, asSecond: Bool, from head: inout NamingLink)
    {
        let link = NamingLink(constraint, asSecond: asSecond)
        let (previous, next) = link.links
        if previous.isNone {
            guard head == link else { return }
            head = next
        } else {
            previous.links.next = next
        }
        if !next.isNone { next.links.previous = previous }
        link.links = (.none, .none)
    }

    /// Calls `body` with each constraint of the list that starts here, and whether the list is
    /// that of the constraint's second item, until `body` returns `false`. `body` may change
    /// the constraints' items but not the list.
    ///
    /// - Returns: Whether `body` went through the whole list.
    @discardableResult
    func visit(_ body: (LayoutConstraint, _ isSecond: Bool) -> Bool) -> Bool {
        var link = self
        while !link.isNone {
            let next = link.links.next
            guard link.withConstraint({ body($0, link.isSecond) }) else { return false }
            link = next
        }
        return true
    }
}

/// A constraint's links in the lists of the constraints that name its first item and its
/// second item (see ``NamingLink``).
struct NamingLinks {
    var first: (previous: NamingLink, next: NamingLink) = (.none, .none)
    var second: (previous: NamingLink, next: NamingLink) = (.none, .none)
}
