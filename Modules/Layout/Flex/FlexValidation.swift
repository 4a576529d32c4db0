/// An error in the input of a layout call: a value that is not a number, infinite, or out of
/// range, and where it was found.
public struct FlexLayoutError: Error, Sendable, CustomStringConvertible {
    /// Where the bad value is: `root.children[2].style.width`, or the parameter name.
    public var path: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The error as one line: the path, then the message.
    public var description: String { "\(path): \(message)" }
}

/// Checks layout inputs before a layout call.
enum FlexValidation {
    static func validateSpace(_ space: FlexAvailableSpace, name: String) throws {
        if case .definite(let value) = space, !(value.isFinite && value >= 0) {
            throw FlexLayoutError(
                path: name,
                message:
                    "\(value) is not a usable size; give a finite number of points, 0 or more, "
                    + "or .maxContent for unlimited space")
        }
    }

    /// Validates the styles of the dirty nodes of a tree (clean subtrees were validated when
    /// they were last laid out).
    /// The deepest tree a layout call accepts; deeper trees are an error rather than a risk of
    /// exhausting the stack of the calling thread.
    static let maximumDepth = 256

    static func validateDirty(_ node: FlexNode, path: String) throws {
        var indices: [Int] = []
        indices.reserveCapacity(16)
        try validateDirty(node, root: path, indices: &indices)
    }

    /// Recursion is bounded by ``maximumDepth``, checked before going deeper, so a tree too deep
    /// to lay out is reported rather than overflowing the stack.
    private static func validateDirty(_ node: FlexNode, root: String, indices: inout [Int]) throws {
        guard node.isDirty else { return }
        if !node.styleIsPlainlyValid {
            try validate(
                node.style, path: root + indices.map { ".children[\($0)]" }.joined() + ".style")
        }
        let children = node.children
        if children.isEmpty { return }
        if indices.count >= maximumDepth {
            throw FlexLayoutError(
                path: root + indices.map { ".children[\($0)]" }.joined(),
                message:
                    "the tree is more than \(maximumDepth) levels deep; flatten it or lay out subtrees "
                    + "separately")
        }
        for index in children.indices {
            // A leaf whose style passed the quick check needs no call of its own: most of a
            // large container's children are such leaves.
            unowned(unsafe) let child = children[index]
            if child.children.isEmpty && (!child.isDirty || child.styleIsPlainlyValid) {
                continue
            }
            indices.append(index)
            try validateDirty(child, root: root, indices: &indices)
            indices.removeLast()
        }
    }

    /// A fast check that passes every style `validate` accepts and most others it rejects, so
    /// that the detailed check (and its messages) only runs when something may be wrong.
    static func isPlainlyValid(_ style: FlexStyle) -> Bool {
        func ok(_ length: FlexLength) -> Bool {
            switch length {
            case .points(let value), .percent(let value): value.isFinite && value >= 0
            default: true
            }
        }
        func signed(_ length: FlexLength) -> Bool {
            switch length {
            case .points(let value), .percent(let value): value.isFinite
            default: true
            }
        }
        return ok(style.width) && ok(style.height) && ok(style.minWidth) && ok(style.minHeight)
            && ok(style.maxWidth) && ok(style.maxHeight) && ok(style.flexBasis) && ok(style.rowGap)
            && ok(style.columnGap) && ok(style.padding.top) && ok(style.padding.right)
            && ok(style.padding.bottom)
            && ok(style.padding.left) && ok(style.border.top) && ok(style.border.right)
            && ok(style.border.bottom)
            && ok(style.border.left) && signed(style.margin.top) && signed(style.margin.right)
            && signed(style.margin.bottom) && signed(style.margin.left) && signed(style.left)
            && signed(style.top)
            && signed(style.right) && signed(style.bottom) && style.flexGrow.isFinite
            && style.flexGrow >= 0
            && style.flexShrink.isFinite && style.flexShrink >= 0 && style.scrollbarWidth.isFinite
            && style.scrollbarWidth >= 0
            && (style.aspectRatio.map { $0.isFinite && $0 > 0 } ?? true)
            && style.flexLineCount >= 1
    }

    static func validate(_ style: FlexStyle, path: String) throws {
        func fail(_ property: String, _ message: String) -> FlexLayoutError {
            FlexLayoutError(path: "\(path).\(property)", message: message)
        }
        func length(_ value: FlexLength, _ property: String, allowsNegative: Bool = false) throws {
            let number: Double
            switch value {
            case .points(let points): number = points
            case .percent(let percent): number = percent
            default: return
            }
            if !number.isFinite {
                throw fail(
                    property,
                    "\(number) is not a finite length; use a number of points or a percentage")
            }
            if !allowsNegative && number < 0 {
                throw fail(property, "\(number) is negative; \(property) must be 0 or more")
            }
        }
        let sizes: [(FlexLength, String)] = [
            (style.width, "width"), (style.height, "height"), (style.minWidth, "minWidth"),
            (style.minHeight, "minHeight"), (style.maxWidth, "maxWidth"),
            (style.maxHeight, "maxHeight"),
            (style.flexBasis, "flexBasis"), (style.rowGap, "rowGap"),
            (style.columnGap, "columnGap"),
            (style.padding.top, "padding.top"), (style.padding.right, "padding.right"),
            (style.padding.bottom, "padding.bottom"), (style.padding.left, "padding.left"),
            (style.border.top, "border.top"), (style.border.right, "border.right"),
            (style.border.bottom, "border.bottom"), (style.border.left, "border.left"),
        ]
        for (value, name) in sizes { try length(value, name) }
        let signed: [(FlexLength, String)] = [
            (style.margin.top, "margin.top"), (style.margin.right, "margin.right"),
            (style.margin.bottom, "margin.bottom"), (style.margin.left, "margin.left"),
            (style.left, "left"), (style.top, "top"), (style.right, "right"),
            (style.bottom, "bottom"),
        ]
        for (value, name) in signed { try length(value, name, allowsNegative: true) }
        for (value, name) in [
            (style.flexGrow, "flexGrow"), (style.flexShrink, "flexShrink"),
            (style.scrollbarWidth, "scrollbarWidth"),
        ] where !(value.isFinite && value >= 0) {
            throw fail(name, "\(value) must be a finite number, 0 or more")
        }
        if let ratio = style.aspectRatio, !(ratio.isFinite && ratio > 0) {
            throw fail("aspectRatio", "\(ratio) must be a finite number above 0, or nil for none")
        }
        if style.flexLineCount < 1 {
            throw fail("flexLineCount", "\(style.flexLineCount) must be 1 or more")
        }
    }
}
