import Glibc
import Trellis
import TrellisCore
import TrellisGeometry

/// `trellis render SCENE... --out-dir DIR`: many scenes rendered at once, on every core.
///
/// View trees belong to one thread each (the main actor), so the scenes are shared among
/// worker processes, one per core: each is this command again with `--jobs 1` and its share of
/// the files, which it renders one after another through one open backend. Every scene is
/// written to `DIR/<name>.<extension>`, the extension being the one the backend names for its
/// files (`png` for raster, `ans` for terminal frames, `txt` for text), atomically; the output is
/// byte for byte what rendering the scenes one at a time gives.
@MainActor
enum BatchRender {
    /// Renders the scenes and returns the exit status: 0 when every scene was written, 1 when
    /// some failed (each failure is one line on standard error naming its scene).
    static func run(
        files: [String], outDirectory: String, backend name: String, jobs requested: Int?
    ) throws(CommandError) -> Int32 {
        try checkOutputs(files)
        guard Files.isDirectory(outDirectory) else {
            throw CommandError("--out-dir \(outDirectory) is not an existing directory")
        }
        let jobs = min(requested ?? onlineProcessorCount(), files.count)
        if jobs <= 1 {
            return try renderInProcess(files, outDirectory: outDirectory, backend: name)
        }
        return try runWorkers(
            shares(of: files, count: jobs), outDirectory: outDirectory, backend: name)
    }

    /// The output file of a scene: its name without `.json`, with the backend's extension.
    static func outputName(of scene: String, extension fileExtension: String) -> String {
        sceneName(of: scene) + "." + fileExtension
    }

    /// A scene file's name without its folder and without `.json`.
    static func sceneName(of scene: String) -> String {
        var name = FilePathText.lastComponent(of: scene)
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name
    }

    /// Two scenes with the same name would overwrite each other's output.
    private static func checkOutputs(_ files: [String]) throws(CommandError) {
        var seen: [String: String] = [:]
        for file in files {
            let name = outputName(of: file, extension: "")
            if let earlier = seen[name] {
                throw CommandError(
                    "\(earlier) and \(file) would both be written as \(name)*; rename one")
            }
            seen[name] = file
        }
    }

    /// Renders scenes one after another through one backend.
    private static func renderInProcess(
        _ files: [String], outDirectory: String, backend name: String
    )
        throws(CommandError) -> Int32
    {
        let backend = try SceneCommands.open(name, registry: BackendRegistry())
        let fileExtension = backend.output.fileExtension
        var status: Int32 = 0
        for file in files {
            do throws(CommandError) {
                let scene = try SceneCommands.load(file, keepsAlive: false)
                let bytes: [UInt8]
                do {
                    bytes = try scene.render(with: backend)
                } catch {
                    throw CommandError(
                        "rendering \(file) with \(name) failed: \(error.description)")
                }
                let output = FilePathText.joining(
                    outDirectory, outputName(of: file, extension: fileExtension))
                try SceneCommands.writeFile(bytes, to: output)
            } catch {
                TrellisCommand.writeError("trellis: \(error.message)")
                status = 1
            }
        }
        return status
    }

    /// Splits the files into shares of about equal size: the largest first, each to the share
    /// with the fewest bytes so far.
    static func shares(of files: [String], count: Int) -> [[String]] {
        let sized = files.map { file in
            (file, Files.size(of: file))
        }
        var shares = [[String]](repeating: [], count: count)
        var loads = [Int](repeating: 0, count: count)
        for (file, size) in sized.sorted(by: { $0.1 > $1.1 }) {
            let lightest = loads.indices.min { loads[$0] < loads[$1] } ?? 0
            shares[lightest].append(file)
            loads[lightest] += max(size, 1)
        }
        return shares.filter { !$0.isEmpty }
    }

    /// Starts one worker per share and waits for them all.
    private static func runWorkers(
        _ shares: [[String]], outDirectory: String, backend name: String
    ) throws(CommandError) -> Int32 {
        let executable =
            Files.destinationOfLink("/proc/self/exe") ?? CommandLine.arguments[0]
        var workers: [pid_t] = []
        for share in shares {
            let arguments =
                [
                    executable, "render", "--backend", name, "--out-dir", outDirectory, "--jobs",
                    "1", "--",
                ]
                + share
            var pid: pid_t = 0
            let argv = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            let spawned = posix_spawn(&pid, executable, nil, nil, argv, environ)
            guard spawned == 0 else {
                for worker in workers { kill(worker, SIGTERM) }
                throw CommandError(
                    "cannot start a render worker: \(SystemCall.errorMessage(spawned))")
            }
            workers.append(pid)
        }
        var status: Int32 = 0
        for worker in workers {
            var result: Int32 = 0
            _ = SystemCall.retryingInterrupts { waitpid(worker, &result, 0) }
            let exited = (result & 0x7F) == 0
            let code = exited ? (result >> 8) & 0xFF : 1
            if code != 0 { status = 1 }
            if !exited {
                TrellisCommand.writeError(
                    "trellis: a render worker ended by signal \(result & 0x7F)")
            }
        }
        return status
    }

    /// The processors the system has online.
    static func onlineProcessorCount() -> Int {
        max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    }
}
