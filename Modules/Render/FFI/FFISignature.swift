/// A C scalar type in the plugin ABI's signature mini-language.
///
/// Each type has a one-character code: `v` void (returns only), `b`/`B` 8-bit, `h`/`H` 16-bit,
/// `i`/`I` 32-bit and `l`/`L` 64-bit signed/unsigned integers, `f` float, `d` double and `p` a
/// pointer.
public enum FFIType: Character, Sendable, Hashable, CaseIterable {
    /// No value; valid only as a return type.
    case void = "v"
    /// `int8_t`.
    case int8 = "b"
    /// `uint8_t`.
    case uint8 = "B"
    /// `int16_t`.
    case int16 = "h"
    /// `uint16_t`.
    case uint16 = "H"
    /// `int32_t`.
    case int32 = "i"
    /// `uint32_t`.
    case uint32 = "I"
    /// `int64_t`.
    case int64 = "l"
    /// `uint64_t`.
    case uint64 = "L"
    /// `float`.
    case float = "f"
    /// `double`.
    case double = "d"
    /// Any pointer.
    case pointer = "p"
}

/// A function signature in the plugin ABI's mini-language: `i(ppL)` returns `int32_t` and takes
/// two pointers and a `uint64_t`.
///
/// ```swift
/// let signature = try FFISignature(parsing: "i(ppLpp)")
/// signature.returnType       // .int32
/// signature.argumentTypes    // [.pointer, .pointer, .uint64, .pointer, .pointer]
/// ```
public struct FFISignature: Sendable, Hashable, CustomStringConvertible {
    /// The most arguments a signature may have.
    public static let maximumArguments = 16

    /// The return type.
    public let returnType: FFIType
    /// The argument types, in order.
    public let argumentTypes: [FFIType]

    /// Creates a signature from types. `void` is not allowed as an argument type.
    public init(returns returnType: FFIType, arguments: [FFIType]) {
        precondition(!arguments.contains(.void), "void is not an argument type")
        self.returnType = returnType
        self.argumentTypes = arguments
    }

    /// Parses a signature string.
    ///
    /// A signature is a return type code, `(`, at most ``maximumArguments`` argument type codes
    /// and `)`, with nothing before, between or after: `v()`, `i(p)`, `d(bBhHiIlLfdp)`.
    ///
    /// ```swift
    /// try FFISignature(parsing: "i(ppL)")   // returns int32, takes pointer, pointer, uint64
    /// try FFISignature(parsing: "i(p v)")   // throws: whitespace at offset 3
    /// ```
    ///
    /// - Throws: ``FFISignatureError`` naming the problem and the offset where it is.
    /// - Complexity: O(*n*) in the length of the text.
    public init(parsing text: String) throws(FFISignatureError) {
        let characters = Array(text)
        func fail(_ offset: Int, _ reason: String) -> FFISignatureError {
            FFISignatureError(signature: text, offset: offset, reason: reason)
        }
        guard let first = characters.first else { throw fail(0, "the signature is empty") }
        if let space = characters.firstIndex(where: \.isWhitespace) {
            throw fail(
                space,
                "whitespace is not allowed; write the codes together, as in i(ppL)")
        }
        guard let returnType = FFIType(rawValue: first) else {
            throw fail(
                0,
                "\(FFISignature.describe(first)) is not a type code (use one of "
                    + "\(FFISignature.codes(includingVoid: true)))")
        }
        guard characters.count > 1, characters[1] == "(" else {
            let found = characters.count > 1 ? FFISignature.describe(characters[1]) : "the end"
            throw fail(1, "expected '(' after the return type, found \(found)")
        }
        var arguments: [FFIType] = []
        var offset = 2
        while offset < characters.count, characters[offset] != ")" {
            let code = characters[offset]
            guard let type = FFIType(rawValue: code) else {
                throw fail(
                    offset,
                    "\(FFISignature.describe(code)) is not a type code (use one of "
                        + "\(FFISignature.codes(includingVoid: false)))")
            }
            if type == .void { throw fail(offset, "'v' (void) is not an argument type") }
            arguments.append(type)
            offset += 1
        }
        guard offset < characters.count else {
            throw fail(offset, "expected ')' after the argument types, found the end")
        }
        if offset + 1 < characters.count {
            let rest = String(characters[(offset + 1)...])
            throw fail(offset + 1, "unexpected characters after ')': \"\(rest)\"")
        }
        if arguments.count > FFISignature.maximumArguments {
            throw fail(
                2 + FFISignature.maximumArguments,
                "\(arguments.count) arguments; at most \(FFISignature.maximumArguments)")
        }
        self.returnType = returnType
        self.argumentTypes = arguments
    }

    /// The type codes, in declaration order, as one string such as `bBhHiIlLfdp`.
    private static func codes(includingVoid: Bool) -> String {
        String(FFIType.allCases.filter { includingVoid || $0 != .void }.map(\.rawValue))
    }

    /// A character quoted for an error message, or its code point when it does not print.
    private static func describe(_ character: Character) -> String {
        let printable = character.unicodeScalars.allSatisfy { $0.value >= 0x21 && $0.value < 0x7F }
        if printable { return "'\(character)'" }
        return character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }

    /// The signature in the mini-language.
    public var description: String {
        String(returnType.rawValue) + "(" + String(argumentTypes.map(\.rawValue)) + ")"
    }
}

/// A malformed signature string.
public struct FFISignatureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The signature text.
    public let signature: String
    /// The offset of the offending character.
    public let offset: Int
    /// What is wrong.
    public let reason: String

    /// The error as one line: the signature, the offset and the reason.
    public var description: String {
        "bad signature \"\(signature)\" at offset \(offset): \(reason)"
    }
}
