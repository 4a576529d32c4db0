import Foundation
import Testing
import TrellisGeometry

@Suite struct ColorTests {
    @Test func componentsAreClampedAndNaNBecomesZero() {
        let c = Color(red: 1.5, green: -1, blue: .nan, alpha: 2)
        #expect(c.red == 1 && c.green == 0 && c.blue == 0 && c.alpha == 1)
    }

    @Test(arguments: [
        ("#FFF", Color(red: 1, green: 1, blue: 1)),
        ("#f80", Color(red: 1, green: 136.0 / 255, blue: 0)),
        ("#FF8800", Color(red: 1, green: 136.0 / 255, blue: 0)),
        ("#00000080", Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255)),
        ("#aBcDeF", Color(red: 171.0 / 255, green: 205.0 / 255, blue: 239.0 / 255)),
    ])
    func parsesHex(text: String, expected: Color) throws {
        #expect(try Color(hex: text) == expected)
    }

    @Test(arguments: [
        ("FF8800", "expected '#'"),
        ("#12345", "5 hexadecimal digits"),
        ("#", "0 hexadecimal digits"),
        ("#12G", "'G' at offset 3 is not a hexadecimal digit"),
        ("#ＦＦＦ", "at offset 1 is not a hexadecimal digit"),
        ("#123456789", "9 hexadecimal digits"),
    ])
    func rejectsMalformedHexWithAClearMessage(text: String, fragment: String) {
        do {
            _ = try Color(hex: text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.description.contains(fragment), "\(error.description)")
            #expect(error.description.contains("\"\(text)\""))
        }
    }

    /// Each channel of each form, at every value it can take, is its digits over 255.
    @Test func everyHexChannelValueParses() throws {
        for value in 0...255 {
            let two = String(format: "%02x", value)
            let color = try Color(hex: "#" + two + "00" + "FF" + two.uppercased())
            #expect(color.red == Double(value) / 255)
            #expect(color.green == 0 && color.blue == 1)
            #expect(color.alpha == Double(value) / 255)
        }
        for digit in 0...15 {
            let one = String(digit, radix: 16)
            let color = try Color(hex: "#0" + one + "F")
            #expect(color.green == Double(digit * 17) / 255)
        }
    }

    /// A text that is not ASCII names its offending character by its offset in characters.
    @Test func aNonASCIIColourIsBlamedByCharacter() {
        for (text, offset) in [("#1é2", 2), ("#👍🏽12", 1), ("é#123", 0)] {
            do {
                _ = try Color(hex: text)
                Issue.record("parsed \(text)")
            } catch {
                #expect(error.offset == offset, "\(text)")
            }
        }
    }

    @Test func formatsHex() throws {
        #expect(Color.orange.hexString == "#FF8000")
        #expect(Color(red: 0, green: 0, blue: 0, alpha: 0.5).hexString == "#00000080")
        for text in ["#12345678", "#ABCDEF", "#00FF7F"] {
            #expect(try Color(hex: text).hexString == text)
        }
    }

    @Test func namedColorsFollowCSS() throws {
        #expect(Color(named: "green") == Color(rgb: 0x00_8000))
        #expect(Color(named: "RebeccaPurple") == Color(rgb: 0x66_3399))
        #expect(Color(named: "transparent") == .clear)
        #expect(Color(named: "notacolour") == nil)
        #expect(Color.cssColorNames.count == 148)
        #expect(Color.cssColorNames == Color.cssColorNames.sorted())
        for name in Color.cssColorNames { #expect(Color(named: name) != nil, "\(name)") }
        #expect(try Color(parsing: "orange") == Color(rgb: 0xFF_A500))
        #expect(try Color(parsing: "#000") == .black)
        #expect(throws: ColorParseError.self) { try Color(parsing: "blurple") }
    }

    @Test func uikitStaticColors() {
        #expect(Color.green == Color(red: 0, green: 1, blue: 0))
        #expect(Color.orange == Color(red: 1, green: 0.5, blue: 0))
        #expect(Color.darkGray.red == 1.0 / 3.0)
        #expect(Color.clear.alpha == 0)
    }

    @Test func sourceOverCompositing() {
        let half = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        let seen = half.composited(over: .white)
        #expect(seen == Color(white: 0.5))
        #expect(Color.clear.composited(over: .red) == .red)
        #expect(Color.blue.composited(over: .red) == .blue)
        let twoHalves = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
            .composited(over: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(twoHalves.alpha == 0.75)
        #expect(abs(twoHalves.red - 2.0 / 3.0) < 1e-12)
        #expect(abs(twoHalves.blue - 1.0 / 3.0) < 1e-12)
        #expect(Color.clear.composited(over: .clear) == .clear)
    }

    @Test func interpolation() {
        let mid = Color.black.interpolated(to: .white, fraction: 0.5)
        #expect(mid == Color(white: 0.5))
        #expect(Color.black.interpolated(to: .white, fraction: 7) == .white)
        #expect(Color.black.interpolated(to: .white, fraction: .nan) == .black)
    }
}

@Suite struct CodableTests {
    private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> (T, String) {
        let data = try JSONEncoder().encode(value)
        return (try JSONDecoder().decode(T.self, from: data), String(decoding: data, as: UTF8.self))
    }

    @Test func geometryEncodesAsArrays() throws {
        #expect(try roundTrip(Point(x: 1, y: 2.5)) == (Point(x: 1, y: 2.5), "[1,2.5]"))
        #expect(try roundTrip(Size(width: 3, height: 4)).1 == "[3,4]")
        #expect(
            try roundTrip(Rect(x: 1, y: 2, width: -3, height: 4))
                == (Rect(x: 1, y: 2, width: -3, height: 4), "[1,2,-3,4]"))
        #expect(try roundTrip(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)).1 == "[1,2,3,4]")
        #expect(
            try roundTrip(DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)).1
                == "[1,2,3,4]")
        let t = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(try roundTrip(t) == (t, "[1,2,3,4,5,6]"))
        #expect(try roundTrip(LayoutDirection.rightToLeft).1 == "\"rtl\"")
    }

    @Test(arguments: RectEdge.allCases)
    func rectEdgesRoundTripByName(edge: RectEdge) throws {
        let (decoded, json) = try roundTrip(edge)
        #expect(decoded == edge)
        #expect(json == "\"\(edge)\"")
    }

    @Test func rectEdgeEncodesItsCaseNameAndRejectsOthers() throws {
        #expect(try roundTrip(RectEdge.maxYEdge).1 == "\"maxYEdge\"")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RectEdge.self, from: Data("\"top\"".utf8))
        }
    }

    @Test func colorsEncodeAsHexWhenExactAndLosslesslyOtherwise() throws {
        #expect(try roundTrip(Color.red) == (Color.red, "\"#FF0000\""))
        let odd = Color(red: 0.1234, green: 0.5, blue: 1, alpha: 0.3)
        let (decoded, json) = try roundTrip(odd)
        #expect(decoded == odd)
        #expect(json.hasPrefix("["))
        #expect(
            try JSONDecoder().decode(Color.self, from: Data("\"navy\"".utf8))
                == Color(rgb: 0x00_0080))
    }

    @Test func wrongArityIsADecodingError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Rect.self, from: Data("[1,2,3]".utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Point.self, from: Data("[1,2,3]".utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Color.self, from: Data("\"#12\"".utf8))
        }
    }
}
