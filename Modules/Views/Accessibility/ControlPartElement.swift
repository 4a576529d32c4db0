import TrellisGeometry

/// The accessibility element of one part of a control — a stepper's − or +, a segment — whose
/// label, value, traits and frame the control computes when they are read, and which the
/// control acts on when it is activated.
@MainActor
final class ControlPartElement: AccessibilityElement {
    /// What the control says about a part, at the moment it is read.
    struct Part {
        var label: String?
        var value: String?
        var traits: AccessibilityTraits
        /// The part's rectangle in the control's coordinates.
        var frame: Rect
    }

    /// The part's index in the control.
    let index: Int
    private let describe: @MainActor (Int) -> Part?
    private let activate: @MainActor (Int) -> Bool

    /// Creates the element of part `index` of a control; the closures should hold the control
    /// weakly, since the control keeps its elements.
    init(
        container: View, index: Int, describe: @escaping @MainActor (Int) -> Part?,
        activate: @escaping @MainActor (Int) -> Bool
    ) {
        self.index = index
        self.describe = describe
        self.activate = activate
        super.init(accessibilityContainer: container)
    }

    override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? describe(index)?.label }
        set { super.accessibilityLabel = newValue }
    }

    override var accessibilityValue: String? {
        get { super.accessibilityValue ?? describe(index)?.value }
        set { super.accessibilityValue = newValue }
    }

    override var accessibilityTraits: AccessibilityTraits {
        get { describe(index)?.traits ?? super.accessibilityTraits }
        set { super.accessibilityTraits = newValue }
    }

    override var accessibilityFrameInContainerSpace: Rect {
        get { describe(index)?.frame ?? super.accessibilityFrameInContainerSpace }
        set { super.accessibilityFrameInContainerSpace = newValue }
    }

    /// Acts on the part as a tap on it would.
    override func accessibilityActivate() -> Bool {
        activate(index)
    }
}
