/// The direction in which a user interface lays out horizontally: left to right for scripts such
/// as Latin and Chinese, right to left for scripts such as Arabic and Hebrew.
///
/// Leading and trailing edges, directional insets and content alignments resolve against it.
public enum LayoutDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Leading is left, trailing is right.
    case leftToRight = "ltr"
    /// Leading is right, trailing is left.
    case rightToLeft = "rtl"

    /// Whether this is ``rightToLeft``.
    public var isRightToLeft: Bool { self == .rightToLeft }
}
