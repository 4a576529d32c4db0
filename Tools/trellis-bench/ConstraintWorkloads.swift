import Foundation
import TrellisLayout

/// A constraint system described by value, so that the same system can be built in Trellis and
/// handed to a peer engine as JSON.
struct BenchSystem {
    /// `Σ coefficient · variable + constant (relation) 0` at a priority (1000 required).
    struct Row {
        var terms: [(Int, Double)]
        var constant: Double
        var relation: LayoutRelation
        var priority: Float
    }

    var variableCount = 0
    var rows: [Row] = []
    /// The system is this many independent copies of `rows`, with variables offset per copy.
    var copies = 1

    mutating func variable() -> Int {
        variableCount += 1
        return variableCount - 1
    }

    mutating func add(
        _ terms: [(Int, Double)], _ relation: LayoutRelation, _ constant: Double,
        priority: Float = 1000
    ) {
        rows.append(Row(terms: terms, constant: constant, relation: relation, priority: priority))
    }

    /// Builds every copy's variables and constraints in a fresh solver, without adding them.
    func make() -> (ConstraintSolver, [Variable], [Constraint]) {
        let solver = ConstraintSolver()
        var variables: [Variable] = []
        variables.reserveCapacity(variableCount * copies)
        for _ in 0..<(variableCount * copies) { variables.append(solver.makeVariable()) }
        var constraints: [Constraint] = []
        constraints.reserveCapacity(rows.count * copies)
        for copy in 0..<copies {
            let offset = copy * variableCount
            for row in rows {
                var lhs = LinearExpression(constant: row.constant)
                for (index, coefficient) in row.terms {
                    lhs.terms.append(
                        LinearTerm(variable: variables[offset + index], coefficient: coefficient))
                }
                constraints.append(
                    Constraint(lhs, row.relation, 0, priority: LayoutPriority(row.priority)))
            }
        }
        return (solver, variables, constraints)
    }

    /// The system as `peers/kiwi_native.cpp` reads it: the mode, the counts, one line per
    /// constraint (relation, priority, constant, then the terms) and the mode's own `tail`.
    func nativeInput(mode: String, tail: [String]) -> Data {
        var text = "\(mode)\n\(variableCount) \(copies) \(rows.count)\n"
        for row in rows {
            text += "\(row.relation.symbol) \(row.priority) \(row.constant) \(row.terms.count)"
            for (index, coefficient) in row.terms { text += " \(index) \(coefficient)" }
            text += "\n"
        }
        text += tail.joined(separator: " ") + "\n"
        return Data(text.utf8)
    }

    /// The system as the peer scripts read it.
    func json(extra: [String: Any] = [:]) throws -> Data {
        var object: [String: Any] = [
            "variables": variableCount,
            "copies": copies,
            "constraints": rows.map { row -> [Any] in
                [
                    row.terms.map { [$0.0, $0.1] as [Any] }, row.constant, row.relation.symbol,
                    row.priority,
                ]
            },
        ]
        for (key, value) in extra { object[key] = value }
        return try JSONSerialization.data(withJSONObject: object)
    }
}

/// The rectangle of a view as four variables, with UIKit's derived attributes.
struct BenchItem {
    let left: Int
    let top: Int
    let width: Int
    let height: Int

    init(_ system: inout BenchSystem) {
        left = system.variable()
        top = system.variable()
        width = system.variable()
        height = system.variable()
    }

    var right: [(Int, Double)] { [(left, 1), (width, 1)] }
    var bottom: [(Int, Double)] { [(top, 1), (height, 1)] }
    var centerY: [(Int, Double)] { [(top, 1), (height, 0.5)] }
}

/// `lhs == rhs + constant`, `lhs >= ...` or `lhs <= ...` for attribute expressions.
func relate(
    _ system: inout BenchSystem, _ lhs: [(Int, Double)], _ relation: LayoutRelation,
    _ rhs: [(Int, Double)], _ constant: Double = 0, priority: Float = 1000
) {
    system.add(lhs + rhs.map { ($0.0, -$0.1) }, relation, -constant, priority: priority)
}

/// Intrinsic size as UIKit turns it into constraints: hugging 250 and compression resistance 750
/// per axis.
func intrinsic(
    _ system: inout BenchSystem, _ item: BenchItem, width: Double?, height: Double?,
    compression: Float = 750
) {
    if let width {
        relate(&system, [(item.width, 1)], .lessThanOrEqual, [], width, priority: 250)
        relate(&system, [(item.width, 1)], .greaterThanOrEqual, [], width, priority: compression)
    }
    if let height {
        relate(&system, [(item.height, 1)], .lessThanOrEqual, [], height, priority: 250)
        relate(&system, [(item.height, 1)], .greaterThanOrEqual, [], height, priority: compression)
    }
}

enum ConstraintWorkloads {
    /// `x[i] == x[i-1] + 10`, required; or `x[i] >= x[i-1] + 10` required with
    /// `x[i] == x[i-1] + 10` at 250.
    static func chain(_ n: Int, inequality: Bool) -> BenchSystem {
        var system = BenchSystem()
        let x = (0..<n).map { _ in system.variable() }
        system.add([(x[0], 1)], .equal, 0)
        for i in 1..<n {
            if inequality {
                system.add([(x[i], 1), (x[i - 1], -1)], .greaterThanOrEqual, -10)
                system.add([(x[i], 1), (x[i - 1], -1)], .equal, -10, priority: 250)
            } else {
                system.add([(x[i], 1), (x[i - 1], -1)], .equal, -10)
            }
        }
        return system
    }

    /// One row of ten views laid out left to right inside a 400-point container, each with a
    /// preferred width; `copies` rows are independent.
    static func rows(_ count: Int) -> BenchSystem {
        var system = BenchSystem()
        let container = BenchItem(&system)
        relate(&system, [(container.left, 1)], .equal, [], 0)
        relate(&system, [(container.top, 1)], .equal, [], 0)
        relate(&system, [(container.width, 1)], .equal, [], 400)
        relate(&system, [(container.height, 1)], .equal, [], 44)
        var previous: BenchItem?
        for _ in 0..<10 {
            let view = BenchItem(&system)
            relate(&system, [(view.left, 1)], .equal, previous?.right ?? [(container.left, 1)], 4)
            relate(&system, view.centerY, .equal, container.centerY)
            relate(&system, [(view.height, 1)], .equal, [], 30)
            relate(&system, [(view.width, 1)], .greaterThanOrEqual, [], 10)
            relate(&system, [(view.width, 1)], .equal, [], 40, priority: 250)
            previous = view
        }
        if let previous {
            relate(&system, previous.right, .lessThanOrEqual, container.right, -4)
        }
        system.copies = count
        return system
    }

    /// A social-feed cell: 18 views around an avatar, a name line, a body, a media image with an
    /// aspect ratio and a row of actions, about 95 constraints with intrinsic sizes.
    static func feedCells(_ count: Int) -> BenchSystem {
        var s = BenchSystem()
        let cell = BenchItem(&s)
        relate(&s, [(cell.left, 1)], .equal, [], 0)
        relate(&s, [(cell.top, 1)], .equal, [], 0)
        relate(&s, [(cell.width, 1)], .equal, [], 375)
        func fixed(_ item: BenchItem, _ w: Double, _ h: Double) {
            relate(&s, [(item.width, 1)], .equal, [], w)
            relate(&s, [(item.height, 1)], .equal, [], h)
        }
        let avatar = BenchItem(&s)
        relate(&s, [(avatar.left, 1)], .equal, [(cell.left, 1)], 12)
        relate(&s, [(avatar.top, 1)], .equal, [(cell.top, 1)], 12)
        fixed(avatar, 48, 48)
        let pinned = BenchItem(&s)
        relate(&s, [(pinned.top, 1)], .equal, [(cell.top, 1)], 4)
        relate(&s, [(pinned.left, 1)], .equal, avatar.right, 8)
        relate(&s, pinned.right, .lessThanOrEqual, cell.right, -12)
        intrinsic(&s, pinned, width: 100, height: 14)
        let name = BenchItem(&s)
        relate(&s, [(name.left, 1)], .equal, avatar.right, 8)
        relate(&s, [(name.top, 1)], .equal, pinned.bottom, 2)
        intrinsic(&s, name, width: 120, height: 18)
        let badge = BenchItem(&s)
        relate(&s, [(badge.left, 1)], .equal, name.right, 4)
        relate(&s, badge.centerY, .equal, name.centerY)
        fixed(badge, 16, 16)
        let more = BenchItem(&s)
        relate(&s, more.right, .equal, cell.right, -12)
        relate(&s, [(more.top, 1)], .equal, [(name.top, 1)])
        fixed(more, 24, 24)
        var previous = badge
        for (width, compression) in [(90.0, 749 as Float), (6, 750), (30, 751)] {
            let label = BenchItem(&s)
            relate(&s, [(label.left, 1)], .equal, previous.right, 4)
            relate(&s, [(label.top, 1)], .equal, [(name.top, 1)])
            intrinsic(&s, label, width: width, height: 18, compression: compression)
            previous = label
        }
        relate(&s, previous.right, .lessThanOrEqual, [(more.left, 1)], -8)
        let body = BenchItem(&s)
        relate(&s, [(body.left, 1)], .equal, [(name.left, 1)])
        relate(&s, [(body.top, 1)], .equal, name.bottom, 4)
        relate(&s, body.right, .equal, cell.right, -12)
        intrinsic(&s, body, width: nil, height: 60)
        let media = BenchItem(&s)
        relate(&s, [(media.left, 1)], .equal, [(body.left, 1)])
        relate(&s, [(media.top, 1)], .equal, body.bottom, 8)
        relate(&s, media.right, .equal, body.right)
        relate(&s, [(media.height, 1)], .equal, [(media.width, 0.5625)])
        var lastIcon = media
        for fraction in [0.0, 0.25, 0.5, 0.75] {
            let icon = BenchItem(&s)
            relate(&s, [(icon.left, 1)], .equal, [(body.left, 1), (body.width, fraction)])
            relate(&s, [(icon.top, 1)], .equal, media.bottom, 8)
            fixed(icon, 18, 18)
            if fraction < 0.75 {
                let label = BenchItem(&s)
                relate(&s, [(label.left, 1)], .equal, icon.right, 4)
                relate(&s, label.centerY, .equal, icon.centerY)
                intrinsic(&s, label, width: 20, height: 16)
            }
            lastIcon = icon
        }
        let separator = BenchItem(&s)
        relate(&s, [(separator.left, 1)], .equal, [(cell.left, 1)])
        relate(&s, separator.right, .equal, cell.right)
        relate(&s, [(separator.height, 1)], .equal, [], 0.5)
        relate(&s, [(separator.top, 1)], .greaterThanOrEqual, lastIcon.bottom, 12)
        relate(&s, cell.bottom, .equal, separator.bottom)
        s.copies = count
        return s
    }

    /// `n` conflicting preferences for one width, each at its own priority (1 to 999 in turn):
    /// the highest decides. Hostile input: every new priority is a new level of the objective.
    static func conflictingPriorities(_ n: Int) -> BenchSystem {
        var s = BenchSystem()
        let width = s.variable()
        for i in 0..<n {
            s.add([(width, 1)], .equal, -Double(i), priority: Float(1 + i % 999))
        }
        return s
    }

    /// `n` views filling a container with equal widths and 2-point spacing, like a stack view
    /// that fills equally.
    static func fillEqually(_ n: Int) -> BenchSystem {
        var s = BenchSystem()
        let container = BenchItem(&s)
        relate(&s, [(container.left, 1)], .equal, [], 0)
        relate(&s, [(container.top, 1)], .equal, [], 0)
        relate(&s, [(container.width, 1)], .equal, [], Double(12 * n))
        relate(&s, [(container.height, 1)], .equal, [], 44)
        var views: [BenchItem] = []
        for i in 0..<n {
            let view = BenchItem(&s)
            relate(&s, [(view.top, 1)], .equal, [(container.top, 1)])
            relate(&s, view.bottom, .equal, container.bottom)
            if i == 0 {
                relate(&s, [(view.left, 1)], .equal, [(container.left, 1)])
            } else {
                relate(&s, [(view.left, 1)], .equal, views[i - 1].right, 2)
                relate(&s, [(view.width, 1)], .equal, [(views[0].width, 1)])
            }
            views.append(view)
        }
        relate(&s, views[n - 1].right, .equal, container.right)
        return s
    }

    /// A form window: three labels and three fields in two columns, a control below, margins,
    /// preferred sizes at several priorities, and the window's size as two edit variables.
    /// Returns the system and the indices of the width and height variables.
    static func resizableForm() -> (BenchSystem, width: Int, height: Int) {
        var s = BenchSystem()
        let window = BenchItem(&s)
        let contents = BenchItem(&s)
        let midline = s.variable()
        for v in [window.left, window.top, window.width, window.height] {
            relate(&s, [(v, 1)], .greaterThanOrEqual, [], 0)
        }
        relate(&s, [(contents.left, 1)], .equal, [(window.left, 1)], 10)
        relate(&s, [(contents.top, 1)], .equal, [(window.top, 1)], 10)
        relate(&s, contents.right, .equal, window.right, -10)
        relate(&s, contents.bottom, .equal, window.bottom, -10)
        relate(&s, [(window.width, 1)], .equal, [], 0, priority: 500)
        relate(&s, [(window.height, 1)], .equal, [], 0, priority: 500)
        var labels: [BenchItem] = []
        var fields: [BenchItem] = []
        for row in 0..<3 {
            let label = BenchItem(&s)
            let field = BenchItem(&s)
            for v in [
                label.left, label.top, label.width, label.height, field.left, field.top,
                field.width, field.height,
            ] {
                relate(&s, [(v, 1)], .greaterThanOrEqual, [], 0)
            }
            relate(&s, [(label.left, 1)], .greaterThanOrEqual, [(contents.left, 1)])
            relate(&s, [(label.left, 1)], .equal, [(contents.left, 1)], priority: 600)
            relate(&s, [(field.left, 1)], .greaterThanOrEqual, label.right, 10)
            relate(&s, [(field.left, 1)], .equal, label.right, 10, priority: 600)
            relate(&s, [(field.left, 1)], .equal, [(midline, 1)], priority: 750)
            relate(&s, field.right, .lessThanOrEqual, contents.right)
            relate(&s, field.right, .equal, contents.right, priority: 600)
            relate(&s, label.centerY, .equal, field.centerY, priority: 750)
            intrinsic(&s, label, width: [67, 66, 24][row], height: 16)
            relate(&s, [(field.width, 1)], .greaterThanOrEqual, [], 125, priority: 750)
            relate(&s, [(field.height, 1)], .equal, [], 21, priority: 750)
            relate(&s, [(field.height, 1)], .greaterThanOrEqual, [], 21, priority: 750)
            if row == 0 {
                relate(&s, [(field.top, 1)], .greaterThanOrEqual, [(contents.top, 1)])
                relate(&s, [(field.top, 1)], .equal, [(contents.top, 1)], priority: 600)
                relate(&s, [(label.top, 1)], .greaterThanOrEqual, [(contents.top, 1)])
            } else {
                relate(&s, [(field.top, 1)], .greaterThanOrEqual, fields[row - 1].bottom, 10)
                relate(&s, [(field.top, 1)], .equal, fields[row - 1].bottom, 10, priority: 600)
                relate(&s, [(label.top, 1)], .greaterThanOrEqual, labels[row - 1].bottom, 10)
            }
            labels.append(label)
            fields.append(field)
        }
        let control = BenchItem(&s)
        for v in [control.left, control.top, control.width, control.height] {
            relate(&s, [(v, 1)], .greaterThanOrEqual, [], 0)
        }
        for label in labels {
            relate(&s, label.right, .lessThanOrEqual, [(midline, 1)], -10)
        }
        relate(&s, [(control.left, 1)], .equal, [(midline, 1)], priority: 750)
        relate(&s, [(control.top, 1)], .greaterThanOrEqual, fields[2].bottom, 10)
        relate(&s, [(control.top, 1)], .equal, fields[2].bottom, 10, priority: 600)
        relate(&s, control.right, .lessThanOrEqual, contents.right)
        relate(&s, control.right, .equal, contents.right, priority: 600)
        relate(&s, [(control.width, 1)], .greaterThanOrEqual, [], 119, priority: 500)
        relate(&s, [(control.height, 1)], .equal, [], 24, priority: 500)
        relate(&s, contents.bottom, .greaterThanOrEqual, control.bottom)
        relate(&s, contents.bottom, .equal, control.bottom, priority: 600)
        return (s, window.width, window.height)
    }
}
