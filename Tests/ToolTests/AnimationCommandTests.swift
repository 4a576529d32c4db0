import Foundation
import Testing
import TrellisPNG

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
        defer { try? FileManager.default.removeItem(at: directory) }
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

    /// A fresh temporary folder. The test that makes it removes it, with everything in it, when
    /// it is done.
    private func temporaryFolder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-frames-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func outWritesOneAnimatedPNGWhoseFramesAreTheFramesAtTheirTimes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fade.png")
        let result = try Trellis.run([
            "render", scene, "--frames", "0...0.6", "--fps", "30", "--out", file.path,
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "19 frames written to \(file.path)\n")
        let bytes = try [UInt8](Data(contentsOf: file))
        // The animated PNG in Examples is this file: the command makes it, byte for byte.
        let example = ExampleScenes.directory.appendingPathComponent("overlay-fade.png")
        #expect(
            bytes == (try [UInt8](Data(contentsOf: example))), "Examples/overlay-fade.png is stale")
        let animation = try PNGDecoder.decodeAnimation(bytes, maximumPixels: 1 << 24)
        #expect(animation.width == 320 && animation.height == 200)
        // Frames that repeat the one before are stored once, for longer; the delays add up.
        let total = animation.frames.map(\.delay.seconds).reduce(0, +)
        #expect(abs(total - 19.0 / 30) < 1e-9)
        var time = 0.0
        for (index, frame) in animation.frames.enumerated() where index % 4 == 0 {
            let single = folder.appendingPathComponent("at.png")
            let at = try Trellis.run([
                "render", scene, "--backend", "raster", "--at", String(time), "--out", single.path,
            ])
            #expect(at.status == 0, "\(at.errors)")
            let still = try PNGDecoder.decode(
                [UInt8](Data(contentsOf: single)), maximumPixels: 1 << 24)
            #expect(frame.image == still, "frame \(index) at \(time) s")
            time += animation.frames[index..<min(index + 4, animation.frames.count)]
                .map(\.delay.seconds).reduce(0, +)
        }
    }

    @Test func anAnimatedPNGNeedsABackendThatWritesPNG() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fade.png")
        let result = try Trellis.run([
            "render", scene, "--frames", "0...0.1", "--backend", "text", "--out", file.path,
        ])
        #expect(result.status == 1)
        #expect(
            result.errors.contains(
                "--frames with --out FILE writes an animated PNG, but the text backend writes txt"),
            "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test(arguments: [
        (["--at", "-1"], "--at takes seconds in 0...3600"),
        (["--frames", "0.3...0", "--out-dir", "/tmp"], "--frames takes FROM...TO"),
        (
            ["--frames", "0...1"],
            "--frames needs --out-dir DIR (a file per frame) or --out FILE.png"
        ),
        (["--frames", "0...1", "--out", "a.png", "--out-dir", "/tmp"], "not both"),
        (["--fps", "30"], "--fps goes with --frames"),
    ])
    func badTimesAreUsageErrors(arguments: [String], message: String) throws {
        let result = try Trellis.run(["render", scene] + arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }
}
