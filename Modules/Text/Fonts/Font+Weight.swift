extension Font {
    /// The weight of a font, with the values of `UIFont.Weight`: from -1 (lightest) through 0
    /// (regular) to 1 (heaviest).
    public struct Weight: Sendable, Hashable, Comparable, RawRepresentable {
        /// The weight as a number from -1 to 1.
        public var rawValue: Double

        /// Creates a weight from a number; NaN is regular, and the number is clamped to -1...1.
        public init(rawValue: Double) {
            self.rawValue = rawValue.isNaN ? 0 : min(max(rawValue, -1), 1)
        }

        /// Ultra light (-0.8).
        public static let ultraLight = Weight(rawValue: -0.8)
        /// Thin (-0.6).
        public static let thin = Weight(rawValue: -0.6)
        /// Light (-0.4).
        public static let light = Weight(rawValue: -0.4)
        /// Regular (0).
        public static let regular = Weight(rawValue: 0)
        /// Medium (0.23).
        public static let medium = Weight(rawValue: 0.23)
        /// Semibold (0.3).
        public static let semibold = Weight(rawValue: 0.3)
        /// Bold (0.4).
        public static let bold = Weight(rawValue: 0.4)
        /// Heavy (0.56).
        public static let heavy = Weight(rawValue: 0.56)
        /// Black (0.62).
        public static let black = Weight(rawValue: 0.62)

        /// The named weights, lightest first.
        public static let named: [(name: String, weight: Weight)] = [
            ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light),
            ("regular", .regular), ("medium", .medium), ("semibold", .semibold),
            ("bold", .bold), ("heavy", .heavy), ("black", .black),
        ]

        /// The name of the weight (`"bold"`), or `nil` when it is not one of ``named``.
        public var name: String? { Self.named.first { $0.weight == self }?.name }

        /// Creates a named weight such as `"bold"`; `"normal"` is regular.
        ///
        /// - Parameter name: A name of ``named``, or `"normal"`.
        /// - Returns: `nil` for an unknown name.
        public init?(name: String) {
            if name == "normal" {
                self = .regular
                return
            }
            guard let weight = Self.named.first(where: { $0.name == name })?.weight else {
                return nil
            }
            self = weight
        }

        /// Whether the weight is lighter than another.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
