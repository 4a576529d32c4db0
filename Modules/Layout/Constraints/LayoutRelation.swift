/// How the two sides of a constraint relate, with UIKit's raw values
/// (`NSLayoutConstraint.Relation`).
public enum LayoutRelation: Int, Sendable, Hashable, CaseIterable {
    /// The first side is at most the second (`<=`, raw value -1).
    case lessThanOrEqual = -1
    /// The sides are equal (`==`, raw value 0).
    case equal = 0
    /// The first side is at least the second (`>=`, raw value 1).
    case greaterThanOrEqual = 1

    /// The relation as an operator: `<=`, `==` or `>=`.
    public var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
