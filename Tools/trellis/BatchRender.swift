import Glibc
import Trellis
import TrellisCore
import TrellisGeometry

/// `trellis render SCENE... --out-dir DIR`: many scenes rendered at once, on every core.
///
/// View trees belong to one thread each (the main actor), so the scenes are shared among
/// worker processes, one per core: each is this command again with `--jobs 1`, every file and
/// `--queue-fd FD`, the read end of a pipe on which this process writes the index of every
/// scene, largest file first. A worker takes the next index as soon as it has rendered a
/// scene, through one open backend, so that a core that runs slower (another process, a busy
/// host) renders fewer scenes rather than finishing last. Every scene is
/// written to `DIR/<name>.<extension>`, the extension being the one the backend names for its
/// files (`png` for raster, `ans` for terminal frames, `txt` for text), atomically; the output is
/// byte for byte what rendering the scenes one at a time gives.
@MainActor
enum BatchRender {
    /// Renders the scenes and returns the exit status: 0 when every scene was written, 1 when
    /// some failed (each failure is one line on standard error naming its scene).
    ///
    /// With `queue`, this process is one of the workers: it renders the scenes whose indices it
    /// reads from that descriptor, until the pipe is closed.
    static func run(
        files: [String], outDirectory: String, backend name: String, jobs requested: Int?,
        queue: Int32? = nil
    ) throws(CommandError) -> Int32 {
        try checkOutputs(files)
        guard Files.isDirectory(outDirectory) else {
            throw CommandError("--out-dir \(outDirectory) is not an existing directory")
        }
        if let queue {
            // A worker has a core of its own, as the others do: a scene's constraints are
            // activated where they are parsed rather than on a second thread.
            Scene.concurrentActivationMinimum = .max
            return try renderInProcess(
                files, outDirectory: outDirectory, backend: name,
                next: { () throws(CommandError) in
                    try nextIndex(from: queue, count: files.count)
                })
        }
        let jobs = min(requested ?? onlineProcessorCount(), files.count)
        if jobs <= 1 {
            var remaining = files.indices.makeIterator()
            return try renderInProcess(
                files, outDirectory: outDirectory, backend: name, next: { remaining.next() })
        }
        return try runWorkers(files, count: jobs, outDirectory: outDirectory, backend: name)
    }

    /// The next scene index on a worker's queue: four bytes, little-endian (a pipe hands each
    /// write of at most `PIPE_BUF` bytes to one reader whole; another descriptor may hand them
    /// over in pieces, which are read until the four are in); `nil` once the queue ends
    /// between indices.
    ///
    /// - Throws: `CommandError` when the descriptor cannot be read, or holds something else
    ///   than indices of the files: a worker that stopped there quietly would leave scenes
    ///   unwritten with a status that says all went well.
    private static func nextIndex(from queue: Int32, count: Int) throws(CommandError) -> Int? {
        var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var filled = 0
        while filled < 4 {
            let read = withUnsafeMutableBytes(of: &bytes) { buffer in
                SystemCall.retryingInterrupts {
                    Glibc.read(queue, buffer.baseAddress! + filled, 4 - filled)
                }
            }
            if read < 0 {
                throw CommandError(
                    "cannot read the render queue (--queue-fd \(queue)): "
                        + SystemCall.errorMessage(errno))
            }
            if read == 0 {
                if filled == 0 { return nil }
                throw CommandError(
                    "the render queue (--queue-fd \(queue)) ended inside an index: \(filled) of "
                        + "its 4 bytes")
            }
            filled += read
        }
        let index =
            Int(bytes.0) | Int(bytes.1) << 8 | Int(bytes.2) << 16 | Int(bytes.3) << 24
        guard index < count else {
            throw CommandError(
                "the render queue (--queue-fd \(queue)) held \(index), which is not the index of "
                    + "one of the \(count) scenes")
        }
        return index
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

    /// Renders scenes one after another through one backend: the scene of each index `next`
    /// gives, until it gives `nil`.
    private static func renderInProcess(
        _ files: [String], outDirectory: String, backend name: String,
        next: () throws(CommandError) -> Int?
    )
        throws(CommandError) -> Int32
    {
        let backend = try SceneCommands.open(name, registry: BackendRegistry())
        let fileExtension = backend.output.fileExtension
        var status: Int32 = 0
        while let index = try next() {
            let file = files[index]
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

    /// The indices of the files, the largest first (so that the last scenes taken are small
    /// ones, and the workers finish together).
    static func largestFirst(_ files: [String]) -> [Int] {
        let sizes = files.map { Files.size(of: $0) }
        return files.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }

    /// Starts `count` workers that share the files through a queue, writes every index on
    /// it, and waits for them all.
    private static func runWorkers(
        _ files: [String], count: Int, outDirectory: String, backend name: String
    ) throws(CommandError) -> Int32 {
        let executable =
            Files.destinationOfLink("/proc/self/exe") ?? CommandLine.arguments[0]
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CommandError("cannot make the render queue: \(SystemCall.errorMessage(errno))")
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // The workers hold the read end only: the queue ends when this process closes its end.
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var workers: [pid_t] = []
        let arguments =
            [
                executable, "render", "--backend", name, "--out-dir", outDirectory, "--jobs", "1",
                "--queue-fd", String(readEnd), "--",
            ] + files
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        for _ in 0..<count {
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, executable, nil, nil, argv, environ)
            guard spawned == 0 else {
                for worker in workers { kill(worker, SIGTERM) }
                close(readEnd)
                close(writeEnd)
                throw CommandError(
                    "cannot start a render worker: \(SystemCall.errorMessage(spawned))")
            }
            workers.append(pid)
        }
        close(readEnd)
        // A queue whose workers have all ended is reported by their statuses, not by SIGPIPE.
        let previous = signal(SIGPIPE, SIG_IGN)
        var queue: [UInt8] = []
        queue.reserveCapacity(4 * files.count)
        for index in largestFirst(files) {
            let value = UInt32(index)
            queue += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
            queue.append(UInt8(value >> 24))
        }
        // Each index is one write of four bytes, whole for whichever worker reads it.
        queue.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = SystemCall.retryingInterrupts {
                    Glibc.write(writeEnd, base + offset, 4)
                }
                if written != 4 { break }
                offset += 4
            }
        }
        close(writeEnd)
        signal(SIGPIPE, previous)
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
