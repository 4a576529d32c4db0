import Foundation
import Testing

/// The command's output when it cannot be written: a clear error and exit 1 for a full or
/// closed stream, the quiet end of a filter for a closed pipe, and never the scene file
/// overwritten by its own render.
@Suite struct OutputStreamTests {
    private static func scene() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-out-\(UUID().uuidString).json").path
        try Data(##"{"size": [20, 10], "root": {"id": "root"}}"##.utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `trellis` through the shell, with a redirection of its own.
    private func shell(_ command: String) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["TRELLIS"] = Trellis.executable
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [
        "layout SCENE", "render SCENE", "text break --width 50", "text width", "plugins", "help",
        "demo",
    ])
    func aFullDiskIsAnErrorWithExitStatusOne(arguments: String) throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(atPath: scene) }
        let command = arguments.replacingOccurrences(of: "SCENE", with: scene)
        let result = try shell("echo hello | \"$TRELLIS\" \(command) > /dev/full")
        #expect(result.status == 1, "\(result.errors)")
        #expect(
            result.errors == "trellis: cannot write to standard output: No space left on device\n")
    }

    @Test func aClosedStandardOutputIsAnError() throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(atPath: scene) }
        let result = try shell("\"$TRELLIS\" layout \(scene) >&-")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("trellis: cannot write to standard output: "))
    }

    @Test func aClosedPipeEndsTheCommandQuietly() throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(atPath: scene) }
        // The reader is gone before the command writes: SIGPIPE, as for any filter.
        let result = try shell("\"$TRELLIS\" layout \(scene) | true")
        #expect(result.status == 0)
        #expect(result.errors.isEmpty, "\(result.errors)")
    }

    @Test func aFailingStandardErrorStillExitsOne() throws {
        let result = try shell("\"$TRELLIS\" layout /nonexistent.json 2>/dev/full; echo $? >&2")
        #expect(result.errors == "1\n")
    }

    /// `--out` naming what is not a regular file writes into it, as a shell's redirection
    /// does: a file renamed over it would take its place (as root, `/dev/full` became a
    /// regular file and the write "succeeded"), and no temporary file can be made beside it
    /// in `/dev`.
    @Test func aDeviceOrAFIFOIsWrittenInPlace() throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(atPath: scene) }
        var status = stat()
        if stat("/dev/full", &status) == 0, status.st_mode & S_IFMT == S_IFCHR {
            let full = try Trellis.run(["render", scene, "--out", "/dev/full"])
            #expect(full.status == 1)
            #expect(full.errors == "trellis: cannot write /dev/full: No space left on device\n")
            #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        }
        let null = try Trellis.run(["render", scene, "--out", "/dev/null"])
        #expect(null.status == 0, "\(null.errors)")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-fifo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/frame.txt"
        #expect(mkfifo(fifo, 0o600) == 0)
        let expected = try Trellis.run(["render", scene]).output
        // The reader gives up after ten seconds: a command that put a file where the FIFO
        // was would never open it.
        let result = try shell(
            "timeout 10 cat '\(fifo)' > '\(folder)/read.txt' & \"$TRELLIS\" render \(scene) --out '\(fifo)'; "
                + "wait")
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOfFile: folder + "/read.txt", encoding: .utf8) == expected)
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    /// A symbolic link is followed: the file it names is replaced, and the link stays.
    @Test func aLinkKeepsPointingAtTheFileItNames() throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(atPath: scene) }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-link-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/v1.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/latest.txt", withDestinationPath: "v1.txt")
        let result = try Trellis.run(["render", scene, "--out", folder + "/latest.txt"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/latest.txt")
                == "v1.txt")
        #expect(
            try String(contentsOfFile: folder + "/v1.txt", encoding: .utf8)
                == (try Trellis.run(["render", scene]).output))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                == ["latest.txt", "v1.txt"])
    }

    @Test func theSceneFileIsNotItsOwnOutput() throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(atPath: scene) }
        let before = try Data(contentsOf: URL(fileURLWithPath: scene))
        let result = try Trellis.run(["render", scene, "--out", scene])
        #expect(result.status == 1)
        #expect(result.errors.contains("is the scene file itself"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: scene)) == before)
        for directoryLike in [scene + "/", FileManager.default.temporaryDirectory.path] {
            let refused = try Trellis.run(["render", scene, "--out", directoryLike])
            #expect(refused.status == 1, "\(directoryLike)")
        }
    }

    @Test func escapeSequencesInABackendNameAreEscapedOnStandardError() throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(atPath: scene) }
        let result = try Trellis.run(["render", scene, "--backend", "x\u{1B}[2J\u{9B}\u{202E}"])
        #expect(result.status == 1)
        #expect(!result.errors.utf8.contains(0x1B))
        #expect(!result.errors.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
        #expect(result.errors.contains("x\\u{1B}[2J\\u{9B}\\u{202E}"), "\(result.errors)")
    }

    @Test func escapeSequencesInAFileNameAreEscapedOnStandardError() throws {
        let result = try Trellis.run(["layout", "/nonexistent/\u{1B}]0;owned\u{07}x.json"])
        #expect(result.status == 1)
        #expect(!result.errors.utf8.contains(0x1B) && !result.errors.utf8.contains(0x07))
        #expect(result.errors.contains("\\u{1B}]0;owned\\u{7}x.json"))
    }
}
