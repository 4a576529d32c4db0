import Testing
import TrellisGeometry
import TrellisLayout
import TrellisText
import TrellisViews
import _TrellisTestSupport

/// A container keeps the flex tree of its last layout and readies its nodes again for the next
/// one while its subviews stay the same: these tests hold the kept tree to a tree made afresh.
@MainActor
@Suite struct FlexTreeReuseTests {
    /// A style of a fixed size.
    static func sized(_ width: Double, _ height: Double) -> FlexStyle {
        var style = FlexStyle()
        style.width = .points(width)
        style.height = .points(height)
        return style
    }

    @Test func aRelayoutReusesTheTreeAndFollowsChangedStylesAndText() throws {
        let (window, row) = ViewFlexLayoutTests.rowInWindow()
        let box = View()
        box.flexStyle = Self.sized(30, 10)
        let label = Label()
        label.font = .system(size: 10)
        label.text = "OK"
        row.addSubview(box)
        row.addSubview(label)
        window.layoutIfNeeded()
        let tree = try #require(row.flexTree)
        #expect(label.frame.minX == 30)

        box.flexStyle = Self.sized(50, 10)
        window.layoutIfNeeded()
        #expect(row.flexTree === tree)
        #expect(box.frame.width == 50)
        #expect(label.frame.minX == 50)

        // New text is measured again, though nothing about the tree changed.
        label.text = "A longer title"
        window.layoutIfNeeded()
        #expect(row.flexTree === tree)
        let fitting = label.sizeThatFits(Size(width: 150, height: 0))
        #expect(label.frame.width == fitting.width)

        // Another order of the same subviews is another tree.
        row.insertSubview(label, at: 0)
        window.layoutIfNeeded()
        #expect(row.flexTree !== tree)
        #expect(label.frame.minX == 0)
        #expect(box.frame.minX == label.frame.width)
    }

    /// A view leaving a container, or a container inside it, takes with it the kept trees
    /// that hold it: a tree holds only views of its container's subtree, and the containers
    /// are laid out without the view.
    @Test func theTreesHoldingAViewThatLeavesAreDiscarded() throws {
        let (window, row) = ViewFlexLayoutTests.rowInWindow()
        let inner = View()
        var column = FlexStyle()
        column.flexDirection = .column
        inner.flexStyle = column
        row.addSubview(inner)
        let leaf = View()
        leaf.flexStyle = Self.sized(20, 20)
        inner.addSubview(leaf)
        let other = View()
        other.flexStyle = Self.sized(5, 5)
        inner.addSubview(other)
        window.layoutIfNeeded()
        #expect(row.flexTree != nil)
        #expect(inner.flexTree != nil)
        #expect(inner.frame.size == Size(width: 20, height: 100))
        leaf.removeFromSuperview()
        #expect(row.flexTree == nil)
        #expect(inner.flexTree == nil)
        window.layoutIfNeeded()
        // The row lays the column out again: its content, and so its width, changed.
        #expect(inner.frame.size == Size(width: 5, height: 100))
        #expect(other.frame.minY == 0)
    }

    /// A container that loses its style or its last subview lets its tree go.
    @Test func aContainerWithoutStyleOrSubviewsKeepsNoTree() {
        let (window, row) = ViewFlexLayoutTests.rowInWindow()
        let style = row.flexStyle
        let box = View()
        box.flexStyle = Self.sized(10, 10)
        row.addSubview(box)
        window.layoutIfNeeded()
        #expect(row.flexTree != nil)
        row.flexStyle = nil
        window.layoutIfNeeded()
        #expect(row.flexTree == nil)
        row.flexStyle = style
        window.layoutIfNeeded()
        #expect(row.flexTree != nil)
        box.removeFromSuperview()
        window.layoutIfNeeded()
        #expect(row.flexTree == nil)
    }

    /// Random edits to a window of nested flex containers: after each, the window laid out
    /// with its kept trees has the frames of the same hierarchy built afresh.
    @Test(arguments: 0..<12 as Range<UInt64>)
    func randomEditsLayOutAsAFreshHierarchyDoes(seed: UInt64) throws {
        var random = SeededGenerator(seed: 0x7F1E_0000 + seed)
        let window = Window(size: Size(width: 240, height: 400))
        let root = View(frame: Rect(x: 0, y: 0, width: 240, height: 400))
        var rootStyle = FlexStyle()
        rootStyle.flexDirection = .row
        rootStyle.flexWrap = .wrap
        root.flexStyle = rootStyle
        window.addSubview(root)
        var containers = [root]
        for _ in 0..<12 { Self.addRandomView(to: &containers, &random) }
        for step in 0..<40 {
            Self.applyRandomEdit(root: root, containers: &containers, &random)
            window.layoutIfNeeded()
            let kept = Self.frames(root)
            let fresh = Self.frames(Self.freshCopy(of: root, in: window.bounds.size))
            #expect(kept == fresh, "seed \(seed), step \(step)")
            if kept != fresh { return }
        }
    }

    private static func addRandomView(
        to containers: inout [View], _ random: inout SeededGenerator
    ) {
        let parent = containers.randomElement(using: &random)!
        let view: View
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let container = View()
            var style = FlexStyle()
            style.flexDirection = Bool.random(using: &random) ? .row : .column
            style.alignItems = [.flexStart, .center, .baseline].randomElement(using: &random)!
            container.flexStyle = style
            let first = View()
            first.flexStyle = sized(
                Double(Int.random(in: 5...60, using: &random)),
                Double(Int.random(in: 5...40, using: &random)))
            container.addSubview(first)
            containers.append(container)
            view = container
        case 1:
            let label = Label()
            label.font = .system(size: Double(Int.random(in: 8...20, using: &random)))
            label.text = ["Go", "Settings", "A much longer title"].randomElement(using: &random)!
            view = label
        default:
            view = View()
            view.flexStyle = sized(
                Double(Int.random(in: 5...60, using: &random)),
                Double(Int.random(in: 5...40, using: &random)))
        }
        let index = Int.random(in: 0...parent.subviews.count, using: &random)
        parent.insertSubview(view, at: index)
    }

    private static func applyRandomEdit(
        root: View, containers: inout [View], _ random: inout SeededGenerator
    ) {
        var all: [View] = []
        func collect(_ view: View) {
            for subview in view.subviews {
                all.append(subview)
                collect(subview)
            }
        }
        collect(root)
        // A container keeps a subview: one without would be measured by its bounds, which
        // come from the layouts before it, and a hierarchy made afresh has none.
        let movable = all.filter { ($0.superview?.subviews.count ?? 0) > 1 }
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            addRandomView(to: &containers, &random)
        case 1:
            guard let victim = movable.randomElement(using: &random) else { return }
            victim.removeFromSuperview()
            containers.removeAll { $0 !== root && !$0.isDescendant(of: root) }
        case 2:
            guard let view = movable.randomElement(using: &random),
                let target = containers.randomElement(using: &random),
                target !== view, !target.isDescendant(of: view)
            else { return }
            target.insertSubview(
                view, at: Int.random(in: 0...target.subviews.count, using: &random))
        case 3:
            for case let label as Label in all.shuffled(using: &random).prefix(1) {
                label.text = ["Go", "Back", "Two words", ""].randomElement(using: &random)!
            }
        case 4:
            guard let container = containers.randomElement(using: &random),
                var style = container.flexStyle
            else { return }
            style.alignItems = [.flexStart, .center, .baseline, .stretch].randomElement(
                using: &random)!
            container.flexStyle = style
        case 5:
            let leaves = all.filter { !$0.hasSubviewsForTest && !($0 is Label) }
            guard let leaf = leaves.randomElement(using: &random) else { return }
            leaf.flexStyle = sized(
                Double(Int.random(in: 5...60, using: &random)),
                Double(Int.random(in: 5...40, using: &random)))
        default:
            // Nothing changes: the kept tree answers as it is.
            root.setNeedsLayout()
        }
    }

    /// The same hierarchy made anew: the same kinds of view, styles and text, in a new window
    /// of the same size, laid out.
    private static func freshCopy(of root: View, in size: Size) -> View {
        func copy(_ view: View) -> View {
            let made: View
            if let label = view as? Label {
                let new = Label()
                new.font = label.font
                new.text = label.text
                made = new
            } else {
                made = View()
            }
            made.flexStyle = view.flexStyle
            for subview in view.subviews { made.addSubview(copy(subview)) }
            return made
        }
        let window = Window(size: size)
        let made = copy(root)
        made.frame = root.frame
        window.addSubview(made)
        window.layoutIfNeeded()
        return made
    }

    private static func frames(_ root: View) -> [Rect] {
        var result: [Rect] = []
        func visit(_ view: View) {
            result.append(view.frame)
            for subview in view.subviews { visit(subview) }
        }
        visit(root)
        return result
    }
}

extension View {
    fileprivate var hasSubviewsForTest: Bool { !subviews.isEmpty }
}
