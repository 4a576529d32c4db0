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
