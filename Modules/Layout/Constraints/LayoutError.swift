/// An error from the constraint engine: what was wrong, which constraints are involved, and how
/// to fix it.
///
/// Every failed operation leaves the engine exactly as it was before the call, so a caller can
/// report the error and go on.
///
/// ```swift
/// do {
///     try LayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 500)])
/// } catch {
///     print(error)  // unsatisfiable constraint "box.width == 500": it conflicts with ...
///     error.involves(maximumWidth)  // true
/// }
/// ```
public struct LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// A required constraint cannot hold together with the required constraints already in
        /// the engine; ``LayoutError/conflicts`` names them.
        public static let unsatisfiable = Code("unsatisfiable")
        /// The constraint is already in the engine.
        public static let duplicateConstraint = Code("duplicateConstraint")
        /// The constraint is not in the engine.
        public static let unknownConstraint = Code("unknownConstraint")
        /// The variable already has an edit.
        public static let duplicateEditVariable = Code("duplicateEditVariable")
        /// The variable has no edit.
        public static let unknownEditVariable = Code("unknownEditVariable")
        /// The variable does not belong to this solver, or was released.
        public static let unknownVariable = Code("unknownVariable")
        /// A priority is outside `1...1000`, or required where only an optional one fits.
        public static let invalidPriority = Code("invalidPriority")
        /// A number is NaN or infinite.
        public static let invalidNumber = Code("invalidNumber")
        /// The items of a constraint are in different trees.
        public static let noCommonAncestor = Code("noCommonAncestor")
        /// The attributes of a constraint cannot be related (an x position to a y position, a
        /// position to a size, a multiplier on positions).
        public static let incompatibleAttributes = Code("incompatibleAttributes")
        /// The solver did not converge within its pivot bound; the operation was undone.
        public static let iterationLimit = Code("iterationLimit")

        /// The code's name, such as `unsatisfiable`.
        public var description: String { name }
    }

    /// A constraint named by an error.
    public struct Conflict: Hashable, Sendable, CustomStringConvertible {
        /// The identity of the constraint object (a ``LayoutConstraint`` or a ``Constraint``),
        /// or `nil` for a constraint the engine generated itself.
        public let id: ObjectIdentifier?
        /// The constraint in words, such as `title.leading == image.trailing + 8 @750`.
        public let description: String

        /// Creates a conflict entry.
        public init(id: ObjectIdentifier?, description: String) {
            self.id = id
            self.description = description
        }
    }

    /// The kind of failure.
    public let code: Code
    /// What was wrong, where, and how to fix it, in one sentence or two.
    public let message: String
    /// The constraints involved: for ``Code/unsatisfiable``, the constraint that was refused
    /// first, then the required constraints it conflicts with.
    public let conflicts: [Conflict]

    /// Creates an error.
    public init(code: Code, message: String, conflicts: [Conflict] = []) {
        self.code = code
        self.message = message
        self.conflicts = conflicts
    }

    /// Returns whether the error names `constraint` among its conflicts.
    public func involves(_ constraint: AnyObject) -> Bool {
        let id = ObjectIdentifier(constraint)
        return conflicts.contains { $0.id == id }
    }

    /// The message followed by the constraints involved, one per line.
    public var description: String {
        guard !conflicts.isEmpty else { return message }
        return message + "\n" + conflicts.map { "  - " + $0.description }.joined(separator: "\n")
    }
}
