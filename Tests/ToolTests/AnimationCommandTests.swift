import Foundation
import Testing

/// `trellis render --at` and `--frames`: a scene's animations drawn at chosen times.
@Suite struct AnimationCommandTests {
    private var scene: String {
        ExampleScenes.directory.appendingPathComponent("overlay-fade.json").path
    }

    @Test func atDrawsTheAnimationsAtATime() throws {
        let start = try Trellis.run(["render", scene, "--at", "0"])
        let middle = try Trellis.run(["render", scene, "--at", "0.15"])
        let end = try Trellis.run(["render", scene, "--at", "2"])
        #expect(start.status == 0 && middle.status == 0 && end.status == 0, "\(middle.errors)")
        #expect(start.output != middle.output && middle.output != end.output)
        // The backdrop ends half transparent; the card, which started transparent, opaque.
        #expect(end.output.contains("begin-layer 0.5"))
        #expect(!start.output.contains("text \"签到规则\""))
        #expect(end.output.contains("text \"签到规则\""))
        // The same time draws the same bytes.
        #expect(try Trellis.run(["render", scene, "--at", "0.15"]).output == middle.output)
    }

    @Test func framesWritesOneFilePerFrame() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-frames-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try Trellis.run([
            "render", scene, "--frames", "0...0.3", "--fps", "10", "--out-dir", directory.path,
        ])
        #expect(result.status == 0, "\(result.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == (0...3).map { "overlay-fade-000\($0).txt" })
        let second = try String(
            contentsOf: directory.appendingPathComponent("overlay-fade-0002.txt"), encoding: .utf8)
        let single = try Trellis.run(["render", scene, "--at", "0.2"])
        #expect(second == single.output)
    }

    @Test(arguments: [
        (["--at", "-1"], "--at takes seconds in 0...3600"),
        (["--frames", "0.3...0", "--out-dir", "/tmp"], "--frames takes FROM...TO"),
        (["--frames", "0...1"], "--frames needs --out-dir DIR"),
        (["--fps", "30"], "--fps goes with --frames"),
    ])
    func badTimesAreUsageErrors(arguments: [String], message: String) throws {
        let result = try Trellis.run(["render", scene] + arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }
}
