import Foundation
import Testing

/// `trellis render SCENE... --out-dir DIR`: many scenes on every core.
@Suite struct BatchRenderTests {
    /// A fresh temporary directory. The test that makes it removes it, with everything in it,
    /// when it is done.
    private func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-batch-\(getpid())-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private var scenes: [String] {
        ExampleScenes.all.map { ExampleScenes.directory.appendingPathComponent($0).path }
    }

    @Test(arguments: [("text", "txt"), ("raster", "png"), ("terminal", "ans")])
    func workersWriteWhatOneAtATimeWrites(backend: String, fileExtension: String) throws {
        let many = try temporaryDirectory("many")
        defer { try? FileManager.default.removeItem(at: many) }
        let batch = try Trellis.run(
            ["render", "--backend", backend, "--out-dir", many.path, "--jobs", "3"] + scenes)
        #expect(batch.status == 0, "\(batch.errors)")
        for scene in scenes {
            let name = (scene as NSString).lastPathComponent.replacingOccurrences(
                of: ".json", with: ".\(fileExtension)")
            let single = many.appendingPathComponent("single-" + name)
            let one = try Trellis.run(["render", scene, "--backend", backend, "--out", single.path])
            #expect(one.status == 0, "\(one.errors)")
            let batched = try Data(contentsOf: many.appendingPathComponent(name))
            #expect(batched == (try Data(contentsOf: single)), "\(name)")
        }
    }

    @Test func aBrokenSceneFailsAloneAndIsNamed() throws {
        let directory = try temporaryDirectory("broken")
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.json")
        try Data(#"{"size": [10, 10], "root": {"type": "nope"}}"#.utf8).write(to: broken)
        let result = try Trellis.run(
            ["render", "--out-dir", directory.path, "--jobs", "2", broken.path] + scenes)
        #expect(result.status == 1)
        #expect(result.errors.contains("broken.json: root.type: unknown value \"nope\""))
        for scene in ExampleScenes.all {
            let output = directory.appendingPathComponent(
                scene.replacingOccurrences(of: ".json", with: ".txt"))
            #expect(FileManager.default.fileExists(atPath: output.path), "\(scene)")
        }
    }

    @Test func scenesThatWouldOverwriteEachOtherAreRefused() throws {
        let directory = try temporaryDirectory("same")
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = try temporaryDirectory("other")
        defer { try? FileManager.default.removeItem(at: other) }
        let copy = other.appendingPathComponent("buttons.json")
        try FileManager.default.copyItem(
            at: ExampleScenes.directory.appendingPathComponent("buttons.json"), to: copy)
        let result = try Trellis.run([
            "render", "--out-dir", directory.path,
            ExampleScenes.directory.appendingPathComponent("buttons.json").path, copy.path,
        ])
        #expect(result.status == 1)
        #expect(result.errors.contains("would both be written as buttons"))
    }

    /// Runs a worker (`--jobs 1 --queue-fd 3`) over scenes, its queue a file holding `queue`.
    /// With `inPieces`, the queue comes through a pipe two bytes at a time, a pause between.
    private func worker(
        _ scenes: [String], outDirectory: URL, queue: [UInt8], inPieces: Bool = false
    ) throws -> CommandResult {
        let file = outDirectory.appendingPathComponent("queue")
        try Data(queue).write(to: file)
        let command =
            ([Trellis.executable, "render", "--out-dir", outDirectory.path, "--jobs", "1"]
            + ["--queue-fd", "3"] + scenes).map { "'\($0)'" }.joined(separator: " ")
        guard inPieces else {
            return try Trellis.run(
                ["-c", "exec \(command) 3< '\(file.path)'"], executable: "/bin/sh")
        }
        let pieces = stride(from: 0, to: queue.count, by: 2).map { start in
            "printf '"
                + queue[start..<min(start + 2, queue.count)].map { "\\\(String($0, radix: 8))" }
                .joined() + "'"
        }.joined(separator: "; sleep 0.2; ")
        return try Trellis.run(
            ["-c", "(\(pieces)) | { exec \(command) 3<&0; }"], executable: "/bin/sh")
    }

    @Test func usageErrorsSayWhatToGive() throws {
        let two = Array(scenes.prefix(2))
        let noDirectory = try Trellis.run(["render"] + two)
        #expect(noDirectory.status == 2)
        #expect(noDirectory.errors.contains("several scenes need --out-dir DIR"))
        let badJobs = try Trellis.run(["render", "--out-dir", "/tmp", "--jobs", "0"] + two)
        #expect(badJobs.status == 2)
        #expect(badJobs.errors.contains("--jobs must be a whole number"))
        // The workers' queue is the command's own: it goes with --jobs 1, and a descriptor that
        // is not one is an error, not an empty queue.
        let queueWithoutWorker = try Trellis.run(
            ["render", "--out-dir", "/tmp", "--queue-fd", "5"] + two)
        #expect(queueWithoutWorker.status == 2)
        #expect(queueWithoutWorker.errors.contains("--queue-fd is a worker's"))
        let closedQueue = try Trellis.run(
            ["render", "--out-dir", "/tmp", "--jobs", "1", "--queue-fd", "987"] + two)
        #expect(closedQueue.status == 1)
        #expect(closedQueue.errors.contains("cannot read the render queue (--queue-fd 987)"))
        // A queue holding something else than indices of the scenes is an error, not the end
        // of the work: a worker that stopped there quietly would leave scenes unwritten.
        let directory = try temporaryDirectory("queue")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (bytes, message) in [
            ([2, 0, 0, 0] as [UInt8], "held 2, which is not the index of one of the 2 scenes"),
            ([0, 0], "ended inside an index: 2 of its 4 bytes"),
        ] {
            let junk = try worker(two, outDirectory: directory, queue: bytes)
            #expect(junk.status == 1, "\(bytes)")
            #expect(junk.errors.contains("the render queue (--queue-fd 3) " + message), "\(junk)")
        }
        // The indices it holds are rendered, and its end ends the work.
        let good = try worker(two, outDirectory: directory, queue: [1, 0, 0, 0])
        #expect(good.status == 0, "\(good.errors)")
        let rendered = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".txt") }
        let second = (two[1] as NSString).lastPathComponent
        #expect(rendered == [second.replacingOccurrences(of: ".json", with: ".txt")])
        // An index that a pipe hands over in pieces is read whole; one cut off by the end of
        // the queue is an error.
        let pieces = try temporaryDirectory("pieces")
        defer { try? FileManager.default.removeItem(at: pieces) }
        let whole = try worker(two, outDirectory: pieces, queue: [0, 0, 0, 0], inPieces: true)
        #expect(whole.status == 0, "\(whole.errors)")
        let first = (two[0] as NSString).lastPathComponent
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: pieces.path)
                .filter { $0.hasSuffix(".txt") }
                == [first.replacingOccurrences(of: ".json", with: ".txt")])
        let cut = try worker(two, outDirectory: pieces, queue: [0, 0, 0], inPieces: true)
        #expect(cut.status == 1)
        #expect(cut.errors.contains("ended inside an index: 3 of its 4 bytes"), "\(cut.errors)")
        let missing = try Trellis.run(["render", "--out-dir", "/nonexistent/trellis"] + two)
        #expect(missing.status == 1)
        #expect(missing.errors.contains("is not an existing directory"))
    }
}
