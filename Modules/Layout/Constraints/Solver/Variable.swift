/// A variable of a ``ConstraintSolver``: a number the solver chooses.
///
/// Variables are small handles created by ``ConstraintSolver/makeVariable(_:)``; they belong to
/// the solver that made them, which reports using one elsewhere as an error. Combine them with
/// numbers into a ``LinearExpression`` with `+`, `-` and `*`.
///
/// ```swift
/// let solver = ConstraintSolver()
/// let left = solver.makeVariable("left")
/// let width = solver.makeVariable("width")
/// let right: LinearExpression = left + width
/// ```
public struct Variable: Hashable, Sendable {
    let index: Int32
    let generation: UInt32
    let solverID: UInt32
}

/// One term of a ``LinearExpression``: a coefficient times a variable.
public struct LinearTerm: Hashable, Sendable {
    /// The variable.
    public var variable: Variable
    /// The coefficient.
    public var coefficient: Double

    /// Creates a term.
    public init(variable: Variable, coefficient: Double) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A value that can stand on one side of a ``Constraint``: a ``Variable``, a
/// ``LinearExpression`` or a number.
public protocol LinearExpressionConvertible {
    /// The value as an expression.
    var linearExpression: LinearExpression { get }
}

/// A sum of terms `coefficient · variable` plus a constant.
///
/// ```swift
/// let e = 2 * x + y - 8      // 2·x + y - 8
/// e.constant                 // -8
/// ```
public struct LinearExpression: Hashable, Sendable, LinearExpressionConvertible {
    /// The terms, in the order they were written; a variable may appear more than once.
    public var terms: [LinearTerm]
    /// The constant.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    public init(terms: [LinearTerm] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression `1 · variable`.
    public init(_ variable: Variable) {
        self.init(terms: [LinearTerm(variable: variable, coefficient: 1)])
    }

    /// Creates a constant expression.
    public init(_ constant: Double) {
        self.init(constant: constant)
    }

    /// The expression itself.
    public var linearExpression: LinearExpression { self }

    /// Returns the sum of two expressions.
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    /// Returns the difference of two expressions.
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        lhs + (-rhs)
    }

    /// Returns the expression negated.
    public static prefix func - (operand: LinearExpression) -> LinearExpression {
        operand * -1
    }

    /// Returns the expression scaled by a number.
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(
            terms: lhs.terms.map {
                LinearTerm(variable: $0.variable, coefficient: $0.coefficient * rhs)
            },
            constant: lhs.constant * rhs)
    }

    /// Returns the expression scaled by a number.
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression {
        rhs * lhs
    }

    /// Returns the expression divided by a number.
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        lhs * (1 / rhs)
    }

    /// Returns the expression plus a number.
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(terms: lhs.terms, constant: lhs.constant + rhs)
    }

    /// Returns the expression minus a number.
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        lhs + -rhs
    }

    /// Returns the expression plus a variable.
    public static func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression {
        lhs + LinearExpression(rhs)
    }

    /// Returns the expression minus a variable.
    public static func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression {
        lhs - LinearExpression(rhs)
    }
}

extension Variable: LinearExpressionConvertible {
    /// The expression `1 · self`.
    public var linearExpression: LinearExpression { LinearExpression(self) }

    /// Returns `lhs + rhs` as an expression.
    public static func + (lhs: Variable, rhs: Variable) -> LinearExpression {
        LinearExpression(lhs) + LinearExpression(rhs)
    }

    /// Returns `lhs - rhs` as an expression.
    public static func - (lhs: Variable, rhs: Variable) -> LinearExpression {
        LinearExpression(lhs) - LinearExpression(rhs)
    }

    /// Returns `lhs + rhs` as an expression.
    public static func + (lhs: Variable, rhs: Double) -> LinearExpression {
        LinearExpression(lhs) + rhs
    }

    /// Returns `lhs - rhs` as an expression.
    public static func - (lhs: Variable, rhs: Double) -> LinearExpression {
        LinearExpression(lhs) - rhs
    }

    /// Returns `lhs + rhs` as an expression.
    public static func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) + rhs
    }

    /// Returns `lhs - rhs` as an expression.
    public static func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) - rhs
    }

    /// Returns `lhs · rhs` as an expression.
    public static func * (lhs: Variable, rhs: Double) -> LinearExpression {
        LinearExpression(terms: [LinearTerm(variable: lhs, coefficient: rhs)])
    }

    /// Returns `lhs · rhs` as an expression.
    public static func * (lhs: Double, rhs: Variable) -> LinearExpression {
        rhs * lhs
    }

    /// Returns `-1 · operand` as an expression.
    public static prefix func - (operand: Variable) -> LinearExpression {
        operand * -1
    }
}

extension Double: LinearExpressionConvertible {
    /// The constant expression.
    public var linearExpression: LinearExpression { LinearExpression(self) }
}

extension Int: LinearExpressionConvertible {
    /// The constant expression.
    public var linearExpression: LinearExpression { LinearExpression(Double(self)) }
}
