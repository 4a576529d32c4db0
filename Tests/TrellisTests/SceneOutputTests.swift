import Testing
import Trellis

/// `layoutJSON()` writes each member into a buffer of its own: plain ids in place, long ids
/// and ids with escapes the general way, numbers in every form they take.
@MainActor
@Suite struct SceneOutputTests {
    @Test func membersOfEveryKindFollowEachOtherExactly() throws {
        let long = String(repeating: "x", count: 100)
        let scene = try Scene(
            json: Array(
                """
                {"size": [100, 50], "root": {"id": "root", "children": [
                  {"id": "plain", "frame": [-1.5, 2.25, 10.125, 0.0004]},
                  {"id": "a\\u0007b", "frame": [1, 2, 3, 4]},
                  {"id": "\(long)", "frame": [999999.9996, -0.0625, 0.9999, 2.5]},
                  {"id": "q\\"uote", "frame": [0, 0, 1, 1]}
                ]}}
                """.utf8))
        let expected =
            #"{"root": [0, 0, 100, 50], "plain": [-1.5, 2.25, 10.125, 0], "#
            + #""a\u0007b": [1, 2, 3, 4], "\#(long)": [1000000, -0.063, 1, 2.5], "#
            + #""q\"uote": [0, 0, 1, 1]}"# + "\n"
        #expect(scene.layoutJSON() == expected)
    }

    @Test func anIdThatJustFitsIsWrittenInPlaceAndOneByteMoreIsNot() throws {
        // 62 bytes and its quotes fill the 64 bytes kept for an id; 63 go the general way.
        for length in [61, 62, 63, 64] {
            let id = String(repeating: "i", count: length)
            let scene = try Scene(
                json: Array(
                    #"{"size": [4, 4], "root": {"id": "\#(id)", "children": [{"id": "n"}]}}"#.utf8))
            #expect(scene.layoutJSON() == #"{"\#(id)": [0, 0, 4, 4], "n": [0, 0, 0, 0]}"# + "\n")
        }
    }
}
