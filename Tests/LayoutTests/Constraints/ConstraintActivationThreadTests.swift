import Testing
import TrellisGeometry

@testable import TrellisLayout

@Suite struct ConstraintActivationThreadTests {
    /// Rows of boxes under a root, each row framed and its boxes laid out by constraints: the
    /// constraints of each row, in order, and every item.
    static func rows(_ count: Int, conflictInRow conflict: Int? = nil) -> (
        root: LayoutItem, items: [LayoutItem], rows: [[LayoutConstraint]]
    ) {
        let root = LayoutItem(identifier: "root")
        root.frame = Rect(x: 0, y: 0, width: 500, height: Double(count) * 10)
        var items = [root]
        var rows: [[LayoutConstraint]] = []
        for row in 0..<count {
            let container = LayoutItem(identifier: "row\(row)")
            container.frame = Rect(x: 0, y: Double(row) * 10, width: 500, height: 10)
            root.addChild(container)
            items.append(container)
            let (boxes, placed) = constrainedRow(5, in: container, height: 8) { "r\(row)b\($0)" }
            items += boxes
            var constraints = placed
            constraints.append(
                boxes[4].trailingAnchor.constraint(equalTo: container.trailingAnchor))
            if row == conflict {
                constraints.append(boxes[0].heightAnchor.constraint(equalToConstant: 9))
            }
            rows.append(constraints)
        }
        return (root, items, rows)
    }

    /// Hands constraints over to a thread a row at a time.
    static func hand(_ rows: [[LayoutConstraint]], to activation: ConstraintActivationThread) {
        for row in rows { activation.hand(row[...]) }
    }

    /// Constraints handed over row by row to a thread are laid out as one batch activation
    /// lays them out, and items are told of their constraints as that batch tells them.
    @Test func aThreadActivatesWhatItIsHandedAsOneBatchWould() throws {
        /// Records which items are told of their constraints, in order.
        final class Listener {
            var told: [String] = []
            func listen(to items: [LayoutItem]) {
                for item in items {
                    item.constraintsDidChange = { [unowned self] in
                        told.append(item.identifier ?? "")
                    }
                }
            }
        }
        let batch = Self.rows(40)
        let batchListener = Listener()
        batchListener.listen(to: batch.items)
        try LayoutConstraint.activate(batch.rows.flatMap { $0 })

        let handed = Self.rows(40)
        let listener = Listener()
        listener.listen(to: handed.items)
        let all = handed.rows.flatMap { $0 }
        let activation = try #require(
            ConstraintActivationThread.start(inTreeOf: handed.root, expecting: all.count))
        Self.hand(handed.rows, to: activation)
        // Items hear of their constraints on the caller's thread, once all are in, in the
        // order one batch tells them: each item constraints are installed on, once, and its
        // parent with it (40 rows: the row and its 5 boxes, 12 calls a row).
        #expect(listener.told.isEmpty)
        #expect(activation.finish() == nil)
        #expect(listener.told == batchListener.told)
        #expect(listener.told.count == 480)
        #expect(all.allSatisfy { $0.isActive })
        batch.root.layoutIfNeeded()
        handed.root.layoutIfNeeded()
        #expect(handed.items.map(\.frame) == batch.items.map(\.frame))
        #expect(
            handed.items.map { $0.constraints.count } == batch.items.map { $0.constraints.count })
        #expect(try #require(handed.root.ownedEngine).solver.state.reservedConstraints == all.count)
    }

    /// A constraint that cannot join those before it fails the whole batch, as a batch
    /// activation does: none of it stays active.
    @Test func aConflictLeavesNoneOfTheBatchActive() throws {
        let handed = Self.rows(12, conflictInRow: 9)
        let all = handed.rows.flatMap { $0 }
        let activation = try #require(
            ConstraintActivationThread.start(inTreeOf: handed.root, expecting: all.count))
        Self.hand(handed.rows, to: activation)
        let failure = try #require(activation.finish())
        #expect(activation.finish() == failure)
        #expect(failure.code == .unsatisfiable)
        #expect(all.allSatisfy { !$0.isActive })
        #expect(handed.items.allSatisfy { $0.constraints.isEmpty })

        let batch = Self.rows(12, conflictInRow: 9)
        do {
            try LayoutConstraint.activate(batch.rows.flatMap { $0 })
            Issue.record("the batch activated")
        } catch {
            #expect(error.code == failure.code)
            #expect(error.message == failure.message)
        }
    }

    /// Constraints already active when handed over are left alone, as a batch activation
    /// leaves them: a later failure deactivates only what the thread activated.
    @Test func activeConstraintsAreLeftAloneOnFailure() throws {
        let handed = Self.rows(6, conflictInRow: 4)
        let all = handed.rows.flatMap { $0 }
        let before = handed.rows[1] + handed.rows[2]
        try LayoutConstraint.activate(before)
        let activation = try #require(
            ConstraintActivationThread.start(inTreeOf: handed.root, expecting: all.count))
        Self.hand(handed.rows, to: activation)
        #expect(activation.finish()?.code == .unsatisfiable)
        #expect(before.allSatisfy { $0.isActive })
        #expect(all.filter { $0.isActive }.count == before.count)
        // Without a conflict, the batch completes around the active ones.
        let whole = Self.rows(6)
        try LayoutConstraint.activate(whole.rows[3])
        let again = try #require(
            ConstraintActivationThread.start(
                inTreeOf: whole.root, expecting: whole.rows.joined().count))
        Self.hand(whole.rows, to: again)
        #expect(again.finish() == nil)
        #expect(whole.rows.joined().allSatisfy { $0.isActive })
        whole.root.layoutIfNeeded()
        #expect(whole.items[2 + 6 * 3].frame == Rect(x: 0, y: 0, width: 100, height: 8))
    }

    /// Cancelled part way, the thread stops and what it activated is deactivated.
    @Test func cancellingDeactivatesWhatWasActivated() throws {
        let handed = Self.rows(10)
        let all = handed.rows.flatMap { $0 }
        let activation = try #require(
            ConstraintActivationThread.start(inTreeOf: handed.root, expecting: all.count))
        activation.hand(all[0..<all.count / 2])
        activation.cancel()
        #expect(all.allSatisfy { !$0.isActive })
        // The thread has ended: a second call does nothing.
        activation.cancel()
        #expect(activation.finish() == nil)
        #expect(all.allSatisfy { !$0.isActive })
        #expect(handed.items.allSatisfy { $0.constraints.isEmpty })
        // The items can be laid out again from scratch.
        try LayoutConstraint.activate(all)
        handed.root.layoutIfNeeded()
        #expect(handed.items[2].frame == Rect(x: 0, y: 0, width: 100, height: 8))
    }
}
