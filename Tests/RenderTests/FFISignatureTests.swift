import Testing
import TrellisRender

@Suite struct FFISignatureTests {
    private func parseError(_ text: String) -> FFISignatureError? {
        do {
            _ = try FFISignature(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    static let malformed: [(text: String, offset: Int, reason: String)] = [
        ("", 0, "the signature is empty"),
        ("i", 1, "expected '(' after the return type, found the end"),
        ("ipp)", 1, "expected '(' after the return type, found 'p'"),
        ("i)", 1, "expected '(' after the return type, found ')'"),
        ("i(", 2, "expected ')' after the argument types, found the end"),
        ("i(pp", 4, "expected ')' after the argument types, found the end"),
        ("i(p)p", 4, "unexpected characters after ')': \"p\""),
        ("i()()", 3, "unexpected characters after ')': \"()\""),
        ("X(p)", 0, "'X' is not a type code (use one of vbBhHiIlLfdp)"),
        ("i(pq)", 3, "'q' is not a type code (use one of bBhHiIlLfdp)"),
        ("i((p))", 2, "'(' is not a type code (use one of bBhHiIlLfdp)"),
        ("i(p\u{0})", 3, "U+0000 is not a type code (use one of bBhHiIlLfdp)"),
        ("\u{E9}(p)", 0, "U+00E9 is not a type code (use one of vbBhHiIlLfdp)"),
        ("i(v)", 2, "'v' (void) is not an argument type"),
        ("v(pvp)", 3, "'v' (void) is not an argument type"),
        (" i(p)", 0, "whitespace is not allowed; write the codes together, as in i(ppL)"),
        ("i (p)", 1, "whitespace is not allowed; write the codes together, as in i(ppL)"),
        ("i(p p)", 3, "whitespace is not allowed; write the codes together, as in i(ppL)"),
        ("i(p\t)", 3, "whitespace is not allowed; write the codes together, as in i(ppL)"),
        ("i(p)\n", 4, "whitespace is not allowed; write the codes together, as in i(ppL)"),
        (
            "v(" + String(repeating: "p", count: 17) + ")", 18,
            "17 arguments; at most 16"
        ),
    ]

    @Test(arguments: malformed)
    func malformedSignaturesNameTheProblem(text: String, offset: Int, reason: String) {
        let error = parseError(text)
        #expect(error?.reason == reason, "\(text.debugDescription)")
        #expect(error?.offset == offset, "\(text.debugDescription)")
        #expect(error?.signature == text)
    }

    @Test func errorDescriptionQuotesTheSignatureAndOffset() {
        #expect(
            parseError("i(p p)")?.description
                == "bad signature \"i(p p)\" at offset 3: whitespace is not allowed; write the "
                + "codes together, as in i(ppL)")
    }

    @Test func sixteenArgumentsIsTheLimit() throws {
        let text = "d(" + String(repeating: "L", count: FFISignature.maximumArguments) + ")"
        let signature = try FFISignature(parsing: text)
        #expect(signature.argumentTypes == Array(repeating: .uint64, count: 16))
        #expect(signature.description == text)
    }

    @Test(arguments: FFIType.allCases)
    func everyTypeCodeRoundTripsAsAReturnType(type: FFIType) throws {
        let text = "\(type.rawValue)()"
        let signature = try FFISignature(parsing: text)
        #expect(signature.returnType == type)
        #expect(signature.argumentTypes.isEmpty)
        #expect(signature.description == text)
    }

    @Test(arguments: FFIType.allCases.filter { $0 != .void })
    func everyTypeCodeRoundTripsAsAnArgument(type: FFIType) throws {
        let text = "v(\(type.rawValue)p\(type.rawValue))"
        let signature = try FFISignature(parsing: text)
        #expect(signature.returnType == .void)
        #expect(signature.argumentTypes == [type, .pointer, type])
        #expect(signature.description == text)
        #expect(FFISignature(returns: .void, arguments: [type, .pointer, type]) == signature)
    }

    @Test func allArgumentTypesTogether() throws {
        let arguments = FFIType.allCases.filter { $0 != .void }
        let built = FFISignature(returns: .double, arguments: arguments)
        #expect(built.description == "d(bBhHiIlLfdp)")
        #expect(try FFISignature(parsing: built.description) == built)
    }
}
