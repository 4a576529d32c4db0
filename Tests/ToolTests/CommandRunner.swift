import Foundation

/// Runs the built `trellis` command and captures what it prints.
struct CommandResult {
    var status: Int32
    var output: String
    var errors: String
}

enum Trellis {
    /// The `trellis` executable beside the test bundle.
    static var executable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("trellis").path
    }

    /// Runs `trellis` (or `program`, such as a shell that runs it with more descriptors open)
    /// with arguments and optional standard input, in the test's working directory or in
    /// `directory`.
    static func run(
        _ arguments: [String], input: String? = nil, inputBytes: [UInt8]? = nil,
        environment: [String: String] = [:], directory: URL? = nil,
        executable program: String = Trellis.executable
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        if let inputBytes { stdin.fileHandleForWriting.write(Data(inputBytes)) }
        try stdin.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
    }
}
