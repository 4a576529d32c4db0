import Foundation
import Testing
import TrellisText

@Suite struct FontTests {
    @Test func systemFontsFollowUIFont() {
        let font = Font.system(size: 14, weight: .semibold)
        #expect(font.family == Font.systemFamily)
        #expect(font.pointSize == 14)
        #expect(font.weight == .semibold)
        #expect(Font.boldSystem(size: 12).weight == .bold)
        #expect(Font.italicSystem(size: 12).isItalic)
        #expect(Font.monospacedSystem(size: 12).isMonospaced)
        #expect(font.withSize(20).size == 20)
        #expect(font.withSize(20).weight == .semibold)
    }

    @Test func weightsHaveUIKitValuesAndOrder() {
        #expect(Font.Weight.regular.rawValue == 0)
        #expect(Font.Weight.bold.rawValue == 0.4)
        #expect(Font.Weight.ultraLight < .thin && Font.Weight.heavy < .black)
        #expect(Font.Weight(name: "semibold") == .semibold)
        #expect(Font.Weight(name: "normal") == .regular)
        #expect(Font.Weight(name: "boldest") == nil)
        #expect(Font.Weight(rawValue: 5).rawValue == 1)
        #expect(Font.Weight(rawValue: .nan) == .regular)
    }

    @Test(arguments: [(Double.nan, 0.0), (-3, 0), (.infinity, 10_000), (1e9, 10_000), (12.5, 12.5)])
    func sizesAreClampedToAUsableRange(size: Double, expected: Double) {
        #expect(Font(family: "X", size: size).size == expected)
        var font = Font.system(size: 10)
        font.size = size
        #expect(font.size == expected)
    }

    @Test func decodesTheSceneFormat() throws {
        let json = #"{"family": "DejaVu Sans", "size": 14, "weight": "bold", "italic": true}"#
        let font = try JSONDecoder().decode(Font.self, from: Data(json.utf8))
        #expect(font == Font(family: "DejaVu Sans", size: 14, weight: .bold, isItalic: true))
        let defaults = try JSONDecoder().decode(Font.self, from: Data("{}".utf8))
        #expect(defaults == Font.system(size: 17))
        let numeric = try JSONDecoder().decode(Font.self, from: Data(#"{"weight": 0.3}"#.utf8))
        #expect(numeric.weight == .semibold)
    }

    @Test func encodingRoundTrips() throws {
        let font = Font(family: "Mono", size: 11, weight: .medium, isMonospaced: true)
        let data = try JSONEncoder().encode(font)
        #expect(try JSONDecoder().decode(Font.self, from: data) == font)
        let odd = Font(family: "Odd", size: 9, weight: Font.Weight(rawValue: 0.1))
        #expect(try JSONDecoder().decode(Font.self, from: JSONEncoder().encode(odd)) == odd)
    }

    @Test(arguments: [
        (#"{"size": 14, "wieght": "bold"}"#, "unknown key 'wieght'"),
        (#"{"size": -1}"#, "font size -1.0"),
        (#"{"size": 1e9}"#, "font size 1000000000.0"),
        (#"{"weight": "boldest"}"#, "unknown font weight 'boldest'"),
        (#"{"weight": 7}"#, "font weight 7.0 is not in -1...1"),
    ])
    func badFontsAreErrorsThatSayWhatIsWrong(json: String, message: String) {
        do {
            _ = try JSONDecoder().decode(Font.self, from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains(message))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
