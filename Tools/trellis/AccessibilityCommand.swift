import Trellis

/// `trellis a11y SCENE.json [--audit] [--backend NAME]`: what assistive technologies read in a
/// scene, or the accessibility audit's findings.
@MainActor
enum AccessibilityCommand {
    /// Prints the scene's accessibility tree (exit status 0) or, with `--audit`, its findings
    /// one a line (1 when there are any) or "no findings" (0). With `--backend`, text is
    /// measured as that backend draws it, as `trellis layout --backend` does.
    static func run(_ parsed: Arguments) throws(Arguments.UsageError) -> Int32 {
        guard parsed.positional.count == 1 else {
            throw Arguments.UsageError(
                message: parsed.positional.isEmpty
                    ? "'trellis a11y' needs a scene file" : "give one scene file")
        }
        let path = parsed.positional[0]
        do throws(CommandError) {
            let scene = try SceneCommands.load(path)
            if let name = parsed.options["backend"] {
                scene.window.backend = try SceneCommands.open(name, registry: BackendRegistry())
            }
            guard parsed.flags.contains("audit") else {
                try StandardStreams.output(scene.window.accessibilityTree().description)
                return 0
            }
            let issues = scene.window.accessibilityAudit()
            try StandardStreams.output(
                issues.isEmpty ? "no findings\n" : issues.map { "\($0)\n" }.joined())
            return issues.isEmpty ? 0 : 1
        } catch {
            TrellisCommand.writeError("trellis: \(error.message)")
            return 1
        }
    }
}
