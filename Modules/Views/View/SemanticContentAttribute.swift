public import TrellisGeometry

/// How a view's content is laid out for right-to-left languages, as UIKit's
/// `UISemanticContentAttribute`, with its raw values.
///
/// A view with ``unspecified`` follows its superview's layout direction (the window's at the
/// top). The others fix the direction for the view and what it holds: a phone number field,
/// playback controls and spatial controls stay left to right in a right-to-left window.
///
/// ```swift
/// let window = Window(size: Size(width: 320, height: 200), layoutDirection: .rightToLeft)
/// let phone = TextField()
/// phone.semanticContentAttribute = .forceLeftToRight
/// phone.effectiveUserInterfaceLayoutDirection   // .leftToRight, in a right-to-left window
/// ```
public enum SemanticContentAttribute: Int, Sendable, Hashable, CaseIterable {
    /// The direction of the superview (the window's at the top).
    case unspecified = 0
    /// Playback controls (play, rewind, fast-forward): always left to right.
    case playback = 1
    /// Controls for directions in space (a D-pad, text alignment): always left to right.
    case spatial = 2
    /// Always left to right.
    case forceLeftToRight = 3
    /// Always right to left.
    case forceRightToLeft = 4

    /// The layout direction this attribute fixes, or `nil` for ``unspecified``.
    public var fixedDirection: LayoutDirection? {
        switch self {
        case .unspecified: nil
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }
}

extension View {
    /// How the view's content is laid out for right-to-left languages; ``SemanticContentAttribute/unspecified``
    /// by default, which follows the superview. Setting it sets ``layoutDirection``.
    public var semanticContentAttribute: SemanticContentAttribute {
        get {
            // The attribute as set, unless the direction was set directly since.
            if semanticContentAttributeStorage.fixedDirection == layoutDirection {
                return semanticContentAttributeStorage
            }
            switch layoutDirection {
            case nil: return .unspecified
            case .leftToRight?: return .forceLeftToRight
            case .rightToLeft?: return .forceRightToLeft
            }
        }
        set {
            semanticContentAttributeStorage = newValue
            layoutDirection = newValue.fixedDirection
        }
    }

    /// The layout direction in effect for the view, as UIKit names it: the same as
    /// ``effectiveLayoutDirection``.
    public var effectiveUserInterfaceLayoutDirection: LayoutDirection { effectiveLayoutDirection }

    /// The layout direction a semantic content attribute gives against a direction it would
    /// otherwise follow, as UIKit's `userInterfaceLayoutDirection(for:relativeTo:)`.
    public static func userInterfaceLayoutDirection(
        for attribute: SemanticContentAttribute, relativeTo direction: LayoutDirection
    ) -> LayoutDirection {
        attribute.fixedDirection ?? direction
    }
}
