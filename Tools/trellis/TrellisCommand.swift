import Glibc
import TrellisRender

/// The `trellis` command: dispatches subcommands and maps failures to exit statuses
/// (0 success, 1 user error with one line on standard error, 2 usage error with the usage text).
enum TrellisCommand {
    static let usage = """
        usage: trellis <command> [options]

        commands:
          render      render a scene: render SCENE.json [--backend text|raster|terminal] [--out FILE]
                      [--at SECONDS] (its animations at a time; 0 by default)
                      or many on every core: render SCENE.json... --out-dir DIR [--jobs N]
                      or its frames: render SCENE.json --frames FROM...TO [--fps N] --out-dir DIR
                      or as an animated PNG: ... --frames FROM...TO [--fps N] --out FILE.png
          layout      print the frame of every view with an id: layout SCENE.json
                      [--backend NAME] (text measured as that backend draws it)
          a11y        print what assistive technologies read in a scene, in reading order:
                      a11y SCENE.json [--backend NAME]; or audit it: a11y --audit SCENE.json
                      (exit status 1 when it finds something)
          demo        show the gallery of seed components: demo [--backend NAME] [--out FILE]
                      [--interactive] (a live terminal application; q quits; published on
                      the accessibility bus for screen readers when the session has one,
                      unless TRELLIS_ACCESSIBILITY_BUS=0)
                      [--interactive --inline ROWS [--clear]] (a live app in ROWS rows below
                      the prompt, keeping the scrollback: Return prints the typed line above
                      it; Control-C quits, leaving its last frame, or nothing with --clear)
                      [--rtl] (its right-to-left page: Arabic and Hebrew, a form, controls)
                      [--graphics kitty|sixel|none|auto] (how images are drawn live; auto by
                      default: TRELLIS_TERMINAL_GRAPHICS, else what the terminal answers)
          plugins     list the rendering backends found [--path DIR[:DIR...]]
          snapshots   review pending snapshots (<name>.<ext>.new beside a reference):
                      snapshots list [DIR] | review [DIR] (a live terminal app: a/r/s/A, q)
                      | accept|reject (--all | NAMES...) [--dir DIR] | report [DIR] --out FILE.html
          text break  wrap standard input at --width W [--font JSON] [--strategy S[,S...]];
                      print the lines as JSON: text, width, the visual order and each grapheme
                      cluster's bidi level. S is standard (where browsers break; the default),
                      unicode (UAX #14's default rules alone), pushOut, hangulWordPriority
          text width  print the terminal cell width of standard input
          help        show this text
          --version   show the version of the command and the plugin ABI it speaks

        Run 'trellis help' for this text.
        """

    /// Runs the command line and returns the exit status.
    @MainActor
    static func run(arguments: [String]) async -> Int32 {
        guard let command = arguments.first else {
            writeError(usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do throws(Arguments.UsageError) {
            switch command {
            case "demo":
                let parsed = try Arguments.parse(
                    rest, options: ["backend", "out", "inline", "graphics"],
                    flags: ["interactive", "rtl", "clear"])
                let rightToLeft = parsed.flags.contains("rtl")
                if !parsed.positional.isEmpty {
                    throw Arguments.UsageError(
                        message: "unexpected argument '\(parsed.positional[0])'")
                }
                var graphics: TerminalGraphicsMode?
                if let name = parsed.options["graphics"], name != "auto" {
                    guard let mode = TerminalGraphicsMode(rawValue: name) else {
                        throw Arguments.UsageError(
                            message:
                                "--graphics must be kitty, sixel, none or auto, not '\(name)'")
                    }
                    graphics = mode
                }
                let registry = BackendRegistry()
                if parsed.options["inline"] != nil || parsed.flags.contains("clear") {
                    guard parsed.flags.contains("interactive"), !rightToLeft else {
                        throw Arguments.UsageError(
                            message: "--inline and --clear go with --interactive, without --rtl")
                    }
                }
                if parsed.flags.contains("clear"), parsed.options["inline"] == nil {
                    throw Arguments.UsageError(message: "--clear goes with --inline ROWS")
                }
                var inlineRows: Int? = nil
                if let text = parsed.options["inline"] {
                    guard let rows = Int(text), (1...1000).contains(rows) else {
                        throw Arguments.UsageError(
                            message: "--inline takes a number of rows in 1...1000, not '\(text)'")
                    }
                    inlineRows = rows
                }
                do throws(CommandError) {
                    if let inlineRows {
                        return try InlineDemo.run(
                            rows: inlineRows, clearsOnExit: parsed.flags.contains("clear"),
                            registry: registry, backend: parsed.options["backend"])
                    }
                    if parsed.flags.contains("interactive") {
                        return try InteractiveDemo.run(
                            registry: registry, backend: parsed.options["backend"],
                            rightToLeft: rightToLeft, graphics: graphics)
                    }
                    let backend =
                        parsed.options["backend"]
                        ?? (isatty(STDOUT_FILENO) == 1 ? "terminal" : "text")
                    if parsed.options["out"] == nil,
                        let preview = try DemoCommand.previewConfiguration(
                            of: backend, registry: registry)
                    {
                        try StandardStreams.output(
                            try DemoCommand.previewGallery(
                                backend: backend, configuration: preview, registry: registry,
                                rightToLeft: rightToLeft))
                        return 0
                    }
                    let output = try DemoCommand.render(
                        backend: backend, registry: registry, rightToLeft: rightToLeft)
                    try SceneCommands.write(
                        output.bytes, to: parsed.options["out"], binary: output.isBinary)
                    return 0
                } catch {
                    writeError("trellis: \(error.message)")
                    return 1
                }
            case "a11y":
                return try AccessibilityCommand.run(
                    Arguments.parse(rest, options: ["backend"], flags: ["audit"]))
            case "plugins":
                let parsed = try Arguments.parse(rest, options: ["path"])
                if !parsed.positional.isEmpty {
                    throw Arguments.UsageError(
                        message: "unexpected argument '\(parsed.positional[0])'")
                }
                let (listing, failures) = PluginsCommand.run(parsed)
                do throws(CommandError) {
                    try StandardStreams.output(listing)
                } catch {
                    writeError("trellis: \(error.message)")
                    return 1
                }
                for failure in failures { writeError(failure) }
                return 0
            case "render", "layout":
                let parsed = try Arguments.parse(
                    rest,
                    options: command == "render"
                        ? ["backend", "out", "out-dir", "jobs", "queue-fd", "at", "frames", "fps"]
                        : ["backend"])
                let at = try Arguments.seconds(parsed.options["at"], option: "--at")
                if command == "render", parsed.options["frames"] != nil {
                    return try renderFrames(parsed)
                }
                if parsed.options["fps"] != nil {
                    throw Arguments.UsageError(message: "--fps goes with --frames")
                }
                if command == "render",
                    parsed.positional.count > 1 || parsed.options["out-dir"] != nil
                {
                    return try renderMany(parsed)
                }
                if parsed.options["jobs"] != nil {
                    throw Arguments.UsageError(message: "--jobs goes with --out-dir")
                }
                guard parsed.positional.count == 1 else {
                    throw Arguments.UsageError(
                        message: parsed.positional.isEmpty
                            ? "'trellis \(command)' needs a scene file" : "give one scene file")
                }
                let path = parsed.positional[0]
                do throws(CommandError) {
                    if command == "layout" {
                        try StandardStreams.output(
                            try SceneCommands.layout(
                                path, backend: parsed.options["backend"],
                                registry: BackendRegistry()))
                        return 0
                    }
                    let backend = parsed.options["backend"] ?? "text"
                    if let out = parsed.options["out"], SceneCommands.isSameFile(out, path) {
                        throw CommandError(
                            "--out \(out) is the scene file itself; give another file name")
                    }
                    let output = try SceneCommands.render(
                        path, backend: backend, registry: BackendRegistry(), at: at ?? 0)
                    try SceneCommands.write(
                        output.bytes, to: parsed.options["out"], binary: output.isBinary)
                    return 0
                } catch {
                    writeError("trellis: \(error.message)")
                    return 1
                }
            case "snapshots":
                return try SnapshotsCommand.run(rest)
            case "text":
                guard let sub = rest.first, ["break", "width"].contains(sub) else {
                    throw Arguments.UsageError(
                        message: "use 'trellis text break' or 'trellis text width'")
                }
                let parsed = try Arguments.parse(
                    Array(rest.dropFirst()),
                    options: sub == "break" ? ["width", "font", "strategy"] : [])
                if !parsed.positional.isEmpty {
                    throw Arguments.UsageError(
                        message: "unexpected argument '\(parsed.positional[0])'")
                }
                if sub == "width" {
                    do throws(CommandError) {
                        try StandardStreams.output(TextCommands.width(TextCommands.readInput()))
                    } catch {
                        writeError("trellis: \(error.message)")
                        return 1
                    }
                    return 0
                }
                guard let widthText = parsed.options["width"] else {
                    throw Arguments.UsageError(message: "'trellis text break' needs --width W")
                }
                guard let width = Double(widthText) else {
                    writeError("trellis: --width must be a number of points, not '\(widthText)'")
                    return 1
                }
                do {
                    try TextCommands.breakLines(
                        TextCommands.readInput(), width: width, fontJSON: parsed.options["font"],
                        strategy: TextCommands.strategy(parsed.options["strategy"]),
                        write: StandardStreams.output)
                    return 0
                } catch {
                    writeError("trellis: \(error.message)")
                    return 1
                }
            case "--version", "version":
                do throws(CommandError) {
                    try StandardStreams.output(
                        "trellis \(TrellisVersion.current) (plugin ABI \(PluginLibrary.abiVersion))\n"
                    )
                } catch {
                    writeError("trellis: \(error.message)")
                    return 1
                }
                return 0
            case "help", "--help", "-h":
                do throws(CommandError) {
                    try StandardStreams.output(usage + "\n")
                } catch {
                    writeError("trellis: \(error.message)")
                    return 1
                }
                return 0
            default:
                throw Arguments.UsageError(message: "unknown command '\(command)'")
            }
        } catch {
            writeError("trellis: \(error.message)\n\n\(usage)")
            return 2
        }
    }

    /// `trellis render SCENE --frames FROM...TO [--fps N] --out-dir DIR`, or `--out FILE.png`
    /// for one animated PNG (through the raster backend unless `--backend` names another whose
    /// output is PNG).
    @MainActor
    private static func renderFrames(_ parsed: Arguments) throws(Arguments.UsageError) -> Int32 {
        guard parsed.positional.count == 1 else {
            throw Arguments.UsageError(message: "--frames renders one scene; give one scene file")
        }
        let directory = parsed.options["out-dir"]
        let file = parsed.options["out"]
        guard (directory == nil) != (file == nil) else {
            throw Arguments.UsageError(
                message:
                    "--frames needs --out-dir DIR (a file per frame) or --out FILE.png (one "
                    + "animated PNG), not both")
        }
        guard parsed.options["at"] == nil, parsed.options["jobs"] == nil else {
            throw Arguments.UsageError(
                message: "--frames goes with --fps, --backend and --out-dir or --out alone")
        }
        let range = parsed.options["frames"] ?? ""
        let ends = range.split(separator: "...", omittingEmptySubsequences: false)
        guard ends.count == 2, let from = Double(ends[0]), let to = Double(ends[1]),
            (0...3600).contains(from), (from...3600).contains(to)
        else {
            throw Arguments.UsageError(
                message:
                    "--frames takes FROM...TO in seconds, such as 0...0.3 (0 ≤ FROM ≤ TO ≤ 3600)")
        }
        var fps = 30.0
        if let text = parsed.options["fps"] {
            guard let value = Double(text), (1...240).contains(value) else {
                throw Arguments.UsageError(message: "--fps must be a number in 1...240")
            }
            fps = value
        }
        let count = Int(((to - from) * fps + 1e-9).rounded(.down)) + 1
        guard count <= 10_000 else {
            throw Arguments.UsageError(
                message: "--frames \(range) at --fps \(text(fps)) is \(count) frames; at most 10000"
            )
        }
        let times = (0..<count).map { from + Double($0) / fps }
        do throws(CommandError) {
            if let file {
                let rendered = try SceneCommands.renderAnimation(
                    parsed.positional[0], backend: parsed.options["backend"] ?? "raster",
                    times: times, fps: fps, out: file)
                try StandardStreams.output("\(rendered) frames written to \(file)\n")
                return 0
            }
            let directory = directory ?? ""
            let written = try SceneCommands.renderFrames(
                parsed.positional[0], backend: parsed.options["backend"] ?? "text", times: times,
                outDirectory: directory)
            try StandardStreams.output("\(written) frames written to \(directory)\n")
            return 0
        } catch {
            writeError("trellis: \(error.message)")
            return 1
        }
    }

    private static func text(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }

    /// `trellis render SCENE... --out-dir DIR [--jobs N]`.
    @MainActor
    private static func renderMany(_ parsed: Arguments) throws(Arguments.UsageError) -> Int32 {
        guard let directory = parsed.options["out-dir"] else {
            throw Arguments.UsageError(message: "several scenes need --out-dir DIR")
        }
        guard parsed.options["out"] == nil else {
            throw Arguments.UsageError(message: "give --out for one scene or --out-dir for several")
        }
        guard !parsed.positional.isEmpty else {
            throw Arguments.UsageError(message: "'trellis render' needs a scene file")
        }
        var jobs: Int?
        if let text = parsed.options["jobs"] {
            guard let count = Int(text), (1...1024).contains(count) else {
                throw Arguments.UsageError(message: "--jobs must be a whole number in 1...1024")
            }
            jobs = count
        }
        // A worker's queue of scene indices, which the command gives the workers it starts.
        var queue: Int32?
        if let text = parsed.options["queue-fd"] {
            guard jobs == 1, let descriptor = Int32(text), descriptor > 2 else {
                throw Arguments.UsageError(
                    message: "--queue-fd is a worker's: a descriptor above 2, with --jobs 1")
            }
            queue = descriptor
        }
        do throws(CommandError) {
            return try BatchRender.run(
                files: parsed.positional, outDirectory: directory,
                backend: parsed.options["backend"] ?? "text", jobs: jobs, queue: queue)
        } catch {
            writeError("trellis: \(error.message)")
            return 1
        }
    }

    /// Writes a diagnostic to standard error; see ``StandardStreams/error(_:)``.
    static func writeError(_ text: String) {
        StandardStreams.error(text)
    }
}
