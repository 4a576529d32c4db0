/// The decisions of rules LB11 to LB31 for every pair of classes, computed once from
/// ``LineBreakState/pairAction(_:_:afterSpaces:beforeLast:regionalIndicators:number:numberFollows:)``
/// so that the table and the rules cannot disagree.
///
/// Each entry holds three bits: ``allowedDirect`` when a break is allowed between the two
/// classes side by side, ``allowedAfterSpaces`` when it is allowed with spaces between them
/// (the "indirect" break of the classic pair table), and ``needsContext`` when the answer depends
/// on more than the two classes (a number in progress, a pair of regional indicators, a Hebrew
/// letter before a hyphen, a digit after the next character) or when the position belongs to
/// the rules before LB11. Those go through the full rules.
struct LineBreakPairTable: @unchecked Sendable {
    static let allowedDirect: UInt8 = 1
    static let allowedAfterSpaces: UInt8 = 2
    static let needsContext: UInt8 = 4

    /// `entries[last * BreakClass.count + next]`, never freed.
    let entries: UnsafePointer<UInt8>

    /// The table, built on first use.
    static let shared = LineBreakPairTable()

    private init() {
        let count = BreakClass.count
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: count * count)
        for last in BreakClass.allCases {
            for next in BreakClass.allCases {
                storage[Int(last.rawValue) * count + Int(next.rawValue)] = Self.entry(last, next)
            }
        }
        entries = UnsafePointer(storage)
    }

    /// The classes handled by rules LB2 to LB10 on either side of the position.
    private static func isHandledEarlier(_ last: BreakClass, _ next: BreakClass) -> Bool {
        next.isHardBreak || next.isCombining || next == .SP || next == .ZW || next == .sot
            || last.isHardBreak || last == .ZW || last == .sot || last.isCombining || last == .SP
    }

    /// The entry for a pair: its decisions, or ``needsContext`` when they vary with context.
    private static func entry(_ last: BreakClass, _ next: BreakClass) -> UInt8 {
        if isHandledEarlier(last, next) { return needsContext }
        let numberStates: [NumberState]
        switch last {
        case .NU: numberStates = [.digits]
        case .SY, .IS: numberStates = [.none, .digits]
        case .CL, .CP, .CP30: numberStates = [.none, .closed]
        default: numberStates = [.none]
        }
        // The decisions found in every context so far; as soon as two differ, the pair needs
        // its context and the other contexts need not be tried.
        var decisions: UInt8?
        for beforeLast in [BreakClass.HL, .AL] {
            for regionalIndicators in 1...2 {
                for number in numberStates {
                    for numberFollows in [false, true] {
                        var bits: UInt8 = 0
                        for afterSpaces in [false, true] {
                            let action = LineBreakState.pairAction(
                                last, next, afterSpaces: afterSpaces, beforeLast: beforeLast,
                                regionalIndicators: regionalIndicators, number: number,
                                numberFollows: { numberFollows })
                            if action != .prohibited {
                                bits |= afterSpaces ? allowedAfterSpaces : allowedDirect
                            }
                        }
                        if let decisions, decisions != bits { return needsContext }
                        decisions = bits
                    }
                }
            }
        }
        return decisions ?? needsContext
    }
}
