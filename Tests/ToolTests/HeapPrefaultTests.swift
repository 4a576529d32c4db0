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

    /// The command's own thread takes far fewer page faults with the helper: counted while it
    /// waits to write its output into a pipe that is not read yet.
    @Test func theHelperTakesTheCommandThreadsPageFaults() throws {
        let path = try LargeScenes.file(LargeScenes.wrap(views: 6000), named: "prefault-faults")
        defer { try? FileManager.default.removeItem(at: path) }
        let helped = try Self.faultsBeforeOutput(path.path, environment: [:])
        let alone = try Self.faultsBeforeOutput(path.path, environment: ["TRELLIS_PREFAULT": "0"])
        #expect(helped.threads == 2)
        #expect(alone.threads == 1)
        #expect(
            Double(helped.mainFaults) < 0.75 * Double(alone.mainFaults),
            "\(helped.mainFaults) faults with the helper, \(alone.mainFaults) without")
    }

    /// Runs `trellis layout` with its output going to a pipe, and once its main thread is
    /// blocked writing (the pipe holds 64 KiB; the output is larger), counts its threads and the
    /// main thread's minor page faults.
    static func faultsBeforeOutput(_ scene: String, environment: [String: String]) throws
        -> (threads: Int, mainFaults: Int)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Trellis.executable)
        process.arguments = ["layout", scene]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let task = "/proc/\(process.processIdentifier)/task"
        let main = "\(task)/\(process.processIdentifier)"
        var blocked = false
        for _ in 0..<2000 where !blocked {
            // The first field is the system call the thread is blocked in: 1 is write.
            let call = (try? String(contentsOfFile: main + "/syscall", encoding: .utf8)) ?? ""
            blocked = call.hasPrefix("1 ")
            if !blocked { usleep(5000) }
        }
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: task).count) ?? 0
        let stat = (try? String(contentsOfFile: main + "/stat", encoding: .utf8)) ?? ""
        // After the command name in parentheses: the state, five numbers, the flags, minflt.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        let faults = fields.count > 7 ? Int(fields[7]) ?? -1 : -1
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(blocked)
        #expect(process.terminationStatus == 0)
        return (threads, faults)
    }
}
