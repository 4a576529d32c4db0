import Testing
import Trellis

/// `layoutJSON()` writes each member into a buffer of its own: plain ids in place, long ids
/// and ids with escapes the general way, numbers in every form they take.
@MainActor
@Suite struct SceneOutputTests {
    /// A long list of frames is written in two halves on two threads: every split, next to
    /// ids of each kind, gives the bytes of one thread.
    @Test func framesWrittenInTwoHalvesJoinExactly() throws {
        let minimum = Scene.parallelOutputMinimum
        defer { Scene.parallelOutputMinimum = minimum }
        let kinds = [
            #""plain"#, #""a\u0007b"#, "\"" + String(repeating: "x", count: 90), #""q\"uote"#,
        ]
        for count in 1...9 {
            let children = (0..<count).map { index in
                let id = kinds[index % kinds.count] + "\(index)\""
                return #"{"id": \#(id), "frame": [\#(index).5, -\#(index), 1e-4, 12345.6789]}"#
            }
            let json =
                #"{"size": [100, 50], "root": {"id": "root", "children": [\#(children.joined(separator: ", "))]}}"#
            let scene = try Scene(json: Array(json.utf8))
            Scene.parallelOutputMinimum = .max
            let alone = scene.layoutJSON()
            Scene.parallelOutputMinimum = 1
            let halves = scene.layoutJSON()
            #expect(halves == alone, "\(count) views")
            #expect(alone.hasPrefix(#"{"root": [0, 0, 100, 50], "plain0": [0.5, 0, 0, 12345.679]"#))
            #expect(alone.hasSuffix("]}\n"))
        }
    }

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
