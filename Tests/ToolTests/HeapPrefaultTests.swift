import Foundation
import Glibc
import Testing

@testable import trellis

@MainActor @Suite struct HeapPrefaultTests {
    @Test func aLargeSceneLaysOutAndRendersTheSameWithAndWithoutTheHelper() throws {
        let scene = LargeScenes.wrap(views: 6000)
        #expect(scene.utf8.count >= HeapPrefault.minimumSceneBytes)
        let path = try LargeScenes.file(scene, named: "prefault")
        defer { try? FileManager.default.removeItem(at: path) }
        for arguments in [["layout", path.path], ["render", path.path]] {
            let helped = try Trellis.run(arguments)
            let alone = try Trellis.run(arguments, environment: ["TRELLIS_PREFAULT": "0"])
            #expect(helped.status == 0, "\(helped.errors)")
            #expect(alone.status == 0, "\(alone.errors)")
            #expect(helped.output.count > 6000 * 20)
            #expect(helped.output == alone.output, "\(arguments[0])")
        }
    }

    @Test func aSmallSceneOrAMissingFileStartsNoHelper() {
        let small = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-prefault-small-\(getpid()).json")
        #expect(
            FileManager.default.createFile(
                atPath: small.path, contents: Data(#"{"size":[1,1]}"#.utf8)))
        defer { try? FileManager.default.removeItem(at: small) }
        #expect(!HeapPrefault.start(forSceneAt: small.path))
        #expect(!HeapPrefault.start(forSceneAt: "/nonexistent/scene.json"))
    }

    /// With the helper, the command runs a second thread, and that thread takes page faults:
    /// the pages it populates ahead of the command's own thread. How many of the command's
    /// faults move is a matter of timing, measured by `make bench`; that they move at all is
    /// not. A kernel without `MADV_POPULATE_WRITE` runs the command on one thread.
    @Test func theHelperThreadTakesPageFaultsAhead() throws {
        let path = try LargeScenes.file(LargeScenes.wrap(views: 6000), named: "prefault-faults")
        defer { try? FileManager.default.removeItem(at: path) }
        let supported = HeapPrefault.kernelPopulatesMemory
        let helped = try Self.helperFaults(path.path, environment: [:])
        #expect(helped.threads == (supported ? 2 : 1))
        if supported { #expect(helped.helperFaults > 0) }
        let alone = try Self.helperFaults(path.path, environment: ["TRELLIS_PREFAULT": "0"])
        #expect(alone.threads == 1)
    }

    /// Runs `trellis layout` with its output going to a pipe that is not read until the
    /// command has begun to write (the command computes all its output first, and the pipe
    /// holds less than the output, so the process is alive and done decoding), and returns how
    /// many threads it has then and, once a second thread has taken a page fault or 10 seconds
    /// have passed, how many minor page faults that thread has taken.
    static func helperFaults(_ scene: String, environment: [String: String]) throws
        -> (threads: Int, helperFaults: Int)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Trellis.executable)
        process.arguments = ["layout", scene]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let pid = process.processIdentifier
        let task = "/proc/\(pid)/task"
        let reader = output.fileHandleForReading.fileDescriptor
        var pending: Int32 = 0
        for _ in 0..<4000 where pending == 0 {
            if ioctl(reader, UInt(FIONREAD), &pending) != 0 { break }
            if pending == 0 { usleep(5000) }
        }
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: task)) ?? [])
            .compactMap { Int32($0) }
        var faults = 0
        for _ in 0..<2000 where faults == 0 {
            for thread in threads where thread != pid {
                faults += minorFaults(of: "\(task)/\(thread)/stat")
            }
            if faults == 0 && threads.count > 1 { usleep(5000) } else { break }
        }
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(pending > 0)
        #expect(process.terminationStatus == 0)
        return (threads.count, faults)
    }

    /// The minor page faults in a thread's `stat` file, or 0 if it cannot be read.
    static func minorFaults(of stat: String) -> Int {
        let line = (try? String(contentsOfFile: stat, encoding: .utf8)) ?? ""
        // After the command name in parentheses: the state, five numbers, the flags, minflt.
        let fields = line.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 7 ? Int(fields[7]) ?? 0 : 0
    }
}
