import Testing
import TrellisGeometry
import TrellisLayout

/// Whether two rectangles are equal within a small tolerance.
func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-6) -> Bool {
    abs(a.origin.x - b.origin.x) <= tolerance && abs(a.origin.y - b.origin.y) <= tolerance
        && abs(a.size.width - b.size.width) <= tolerance
        && abs(a.size.height - b.size.height) <= tolerance
}

/// A root item with a fixed frame, and children placed by constraints.
func makeTree(width: Double = 320, height: Double = 480, children names: [String])
    -> (LayoutItem, [LayoutItem])
{
    let root = LayoutItem(identifier: "root")
    root.frame = Rect(x: 0, y: 0, width: width, height: height)
    var children: [LayoutItem] = []
    for name in names {
        let child = LayoutItem(identifier: name)
        child.translatesFrameIntoConstraints = false
        root.addChild(child)
        children.append(child)
    }
    return (root, children)
}

/// Expects `body` to throw a layout error with `code`; records an issue if it throws another
/// or nothing.
func expectError(
    _ code: LayoutError.Code, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record(
            "expected a \(code) error, but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as LayoutError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a LayoutError, got \(error)", sourceLocation: sourceLocation)
    }
}

/// Items in a row inside `container`, placed by constraints: each at the container's top and
/// `height` high, each after the one before from the container's leading edge, all as wide as
/// the first, which is `firstWidth` wide when one is given. The constraints come item by item:
/// top, height, leading, width.
func constrainedRow(
    _ count: Int, in container: LayoutItem, height: Double, firstWidth: Double? = nil,
    named name: (Int) -> String
) -> (items: [LayoutItem], constraints: [LayoutConstraint]) {
    var items: [LayoutItem] = []
    var constraints: [LayoutConstraint] = []
    for index in 0..<count {
        let item = LayoutItem(identifier: name(index))
        item.translatesFrameIntoConstraints = false
        container.addChild(item)
        constraints += [
            item.topAnchor.constraint(equalTo: container.topAnchor),
            item.heightAnchor.constraint(equalToConstant: height),
            index == 0
                ? item.leadingAnchor.constraint(equalTo: container.leadingAnchor)
                : item.leadingAnchor.constraint(equalTo: items[index - 1].trailingAnchor),
        ]
        if index > 0 {
            constraints.append(item.widthAnchor.constraint(equalTo: items[0].widthAnchor))
        } else if let firstWidth {
            constraints.append(item.widthAnchor.constraint(equalToConstant: firstWidth))
        }
        items.append(item)
    }
    return (items, constraints)
}
