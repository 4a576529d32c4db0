import Foundation
import Testing
import Trellis

/// Animations drawn through every backend: the same animation gives the same bytes, frame for
/// frame, every time it is rendered.
@MainActor
@Suite struct AnimatedSceneTests {
    private var overlayFade: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/overlay-fade.json").path
    }

    /// Every frame of the example's fade and spring at 30 frames a second, through a backend
    /// opened as `trellis render` opens it.
    private func frames(backend name: String) throws -> [[UInt8]] {
        let scene = try Scene(contentsOfFile: overlayFade)
        let backend = try BackendRegistry().openForFile(name)
        var frames: [[UInt8]] = []
        for index in 0..<18 {
            scene.window.advanceTime(to: Double(index) / 30)
            frames.append(
                index == 0 ? try scene.render(with: backend) : try scene.window.render())
        }
        return frames
    }

    @Test(arguments: ["text", "raster", "terminal"])
    func theSameAnimationGivesTheSameBytesEveryFrameInEveryBackend(backend: String) throws {
        let first = try frames(backend: backend)
        let second = try frames(backend: backend)
        #expect(first.count == second.count)
        for (index, (a, b)) in zip(first, second).enumerated() {
            #expect(a == b, "\(backend): frame \(index) differs between two renders")
        }
        // The frames do move: the fade and the spring change what is drawn.
        #expect(Set(first).count >= 10, "\(backend): \(Set(first).count) distinct frames")
    }
}
