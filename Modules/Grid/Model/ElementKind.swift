/// The kind of a supplementary view, such as a section header, as UIKit's element-kind strings.
///
/// ```swift
/// collectionView.register(
///     TitleHeader.self, forSupplementaryViewOfKind: .sectionHeader, withReuseIdentifier: "title")
/// let badge: ElementKind = "badge"   // a custom layout's own kind
/// ```
public struct ElementKind: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The kind's name.
    public var rawValue: String

    /// Creates a kind from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a kind from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// A section's header, as `UICollectionView.elementKindSectionHeader`.
    public static let sectionHeader = ElementKind(rawValue: "UICollectionElementKindSectionHeader")

    /// A section's footer, as `UICollectionView.elementKindSectionFooter`.
    public static let sectionFooter = ElementKind(rawValue: "UICollectionElementKindSectionFooter")
}

extension ElementKind: CustomStringConvertible {
    /// `header` and `footer` for the flow layout's kinds, the raw value otherwise.
    public var description: String {
        switch self {
        case .sectionHeader: "header"
        case .sectionFooter: "footer"
        default: rawValue
        }
    }
}
