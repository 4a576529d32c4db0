/// What the rules decide between two characters.
enum BreakAction: UInt8 {
    /// No break (×).
    case prohibited
    /// A break opportunity (÷).
    case allowed
    /// A mandatory break (!).
    case mandatory
}

/// Where a number of rule LB25 stands, as the regular expression
/// `NU (NU | SY | IS)* (CL | CP)?` is matched over the classes seen.
enum NumberState: UInt8 {
    /// Not inside a number.
    case none
    /// After `NU (NU | SY | IS)*`.
    case digits
    /// After `NU (NU | SY | IS)* (CL | CP)`.
    case closed
}

/// The context the default line-breaking rules (UAX #14, Unicode 15.0, with the number
/// tailoring of its example 7 that the conformance test uses) need to decide whether a break is
/// allowed before the next character.
///
/// Combining marks and joiners that attach to the character before them (LB9) leave the state
/// as it is, except for ``previousRaw``; spaces set ``afterSpaces`` and leave ``last`` alone, so
/// that the `X SP* ×` rules see `X`.
struct LineBreakState {
    /// The class of the last character that is neither a space nor an attached mark.
    var last: BreakClass = .sot
    /// The class of the character before ``last`` with the same reading (or SP), for LB21a.
    var beforeLast: BreakClass = .sot
    /// The class of the character just before the position, as it was (CM, ZWJ, SP included).
    var previousRaw: BreakClass = .sot
    /// Whether spaces follow ``last``.
    var afterSpaces = false
    /// How many regional indicators end at ``last`` (LB30a).
    var regionalIndicators = 0
    /// The number rule's state (LB25).
    var number = NumberState.none

    /// Decides the break before a character of class `next`, from the rules in order.
    ///
    /// - Parameters:
    ///   - next: The class of the character after the position.
    ///   - numberFollows: Whether a digit comes after `next`, skipping attached marks; only
    ///     asked for by LB25 when `next` is OP or HY after PR or PO.
    /// - Returns: The rules' decision. At the start of text, ``BreakAction/prohibited``.
    func action(before next: BreakClass, numberFollows: () -> Bool) -> BreakAction {
        if previousRaw == .sot { return .prohibited }  // LB2
        switch previousRaw {  // LB4, LB5
        case .BK, .LF, .NL: return .mandatory
        case .CR: return next == .LF ? .prohibited : .mandatory
        default: break
        }
        if next.isHardBreak || next == .SP || next == .ZW { return .prohibited }  // LB6, LB7
        if last == .ZW { return .allowed }  // LB8
        if previousRaw == .ZWJ { return .prohibited }  // LB8a
        if next.isCombining && !afterSpaces { return .prohibited }  // LB9
        let next = next.isCombining ? BreakClass.AL : next  // LB10
        return Self.pairAction(
            last, next, afterSpaces: afterSpaces, beforeLast: beforeLast,
            regionalIndicators: regionalIndicators, number: number, numberFollows: numberFollows)
    }

    /// Rules LB11 to LB31, which look at the classes on either side of the position and at the
    /// context kept in the state.
    static func pairAction(
        _ last: BreakClass, _ next: BreakClass, afterSpaces: Bool, beforeLast: BreakClass,
        regionalIndicators: Int, number: NumberState, numberFollows: () -> Bool
    ) -> BreakAction {
        let direct = !afterSpaces
        if next == .WJ || (direct && last == .WJ) { return .prohibited }  // LB11
        if direct && last == .GL { return .prohibited }  // LB12
        if next == .GL && direct && last != .BA && last != .HY { return .prohibited }  // LB12a
        switch next {  // LB13
        case .CL, .CP, .CP30, .EX, .IS, .SY: return .prohibited
        default: break
        }
        if last.isOpen { return .prohibited }  // LB14
        if last == .QU && next.isOpen { return .prohibited }  // LB15
        if (last == .CL || last.isCloseParenthesis) && next == .NS { return .prohibited }  // LB16
        if last == .B2 && next == .B2 { return .prohibited }  // LB17
        if afterSpaces { return .allowed }  // LB18
        if next == .QU || last == .QU { return .prohibited }  // LB19
        if next == .CB || last == .CB { return .allowed }  // LB20
        if next == .BA || next == .HY || next == .NS || last == .BB { return .prohibited }  // LB21
        if (last == .HY || last == .BA) && beforeLast == .HL { return .prohibited }  // LB21a
        if last == .SY && next == .HL { return .prohibited }  // LB21b
        if next == .IN { return .prohibited }  // LB22
        if (last.isLetter && next == .NU) || (last == .NU && next.isLetter) {  // LB23
            return .prohibited
        }
        if (last == .PR && next.isIdeographicOrEmoji) || (last.isIdeographicOrEmoji && next == .PO)
        {
            return .prohibited  // LB23a
        }
        let isAffix = last == .PR || last == .PO
        if (isAffix && next.isLetter) || (last.isLetter && (next == .PR || next == .PO)) {
            return .prohibited  // LB24
        }
        if lb25Prohibits(last, next, number: number, numberFollows: numberFollows) {
            return .prohibited
        }
        if lb26Prohibits(last, next) { return .prohibited }
        if (last.isHangul && next == .PO) || (last == .PR && next.isHangul) { return .prohibited }
        if last.isLetter && next.isLetter { return .prohibited }  // LB28
        if last == .IS && next.isLetter { return .prohibited }  // LB29
        if (last.isLetter || last == .NU) && next == .OP30 { return .prohibited }  // LB30
        if last == .CP30 && (next.isLetter || next == .NU) { return .prohibited }
        if last == .RI && next == .RI && regionalIndicators % 2 == 1 { return .prohibited }
        if (last == .EB || last == .EPU) && next == .EM { return .prohibited }  // LB30b
        return .allowed  // LB31
    }

    /// LB25 as tailored by example 7 of UAX #14:
    /// `(PR | PO) × (OP | HY)? NU`, `(OP | HY) × NU`, `NU (NU | SY | IS)* × (NU | SY | IS | CL |
    /// CP)`, `NU (NU | SY | IS)* (CL | CP)? × (PO | PR)`.
    private static func lb25Prohibits(
        _ last: BreakClass, _ next: BreakClass, number: NumberState, numberFollows: () -> Bool
    ) -> Bool {
        if last == .PR || last == .PO {
            if next == .NU { return true }
            if (next.isOpen || next == .HY) && numberFollows() { return true }
        }
        if (last.isOpen || last == .HY) && next == .NU { return true }
        switch next {
        case .NU, .SY, .IS, .CL, .CP, .CP30: if number == .digits { return true }
        case .PO, .PR: if number != .none { return true }
        default: break
        }
        return false
    }

    /// LB26: Korean syllable blocks.
    private static func lb26Prohibits(_ last: BreakClass, _ next: BreakClass) -> Bool {
        switch last {
        case .JL: return next == .JL || next == .JV || next == .H2 || next == .H3
        case .JV, .H2: return next == .JV || next == .JT
        case .JT, .H3: return next == .JT
        default: return false
        }
    }

    /// Moves the state past a character of class `next` (its raw class, before LB10).
    @inline(__always)
    mutating func advance(past next: BreakClass) {
        let attaches =
            next.isCombining && !afterSpaces && previousRaw != .sot && !previousRaw.isHardBreak
            && previousRaw != .ZW
        previousRaw = next
        if attaches { return }  // LB9: X CM* is X.
        if next == .SP {
            afterSpaces = true
            return
        }
        let effective = next.isCombining ? BreakClass.AL : next  // LB10
        let continues = !afterSpaces
        regionalIndicators =
            effective == .RI ? (continues && last == .RI ? regionalIndicators + 1 : 1) : 0
        let current = continues ? number : .none
        switch effective {
        case .NU: number = .digits
        case .SY, .IS: number = current == .digits ? .digits : .none
        case .CL, .CP, .CP30: number = current == .digits ? .closed : .none
        default: number = .none
        }
        beforeLast = continues ? last : .SP
        last = effective
        afterSpaces = false
    }
}
