import TrellisGeometry
import TrellisRender

/// `trellis plugins [--path DIR]`: lists the backends that discovery finds.
enum PluginsCommand {
    /// Returns the listing and the lines about files that failed to load, with control
    /// characters and bidirectional overrides escaped.
    static func run(_ arguments: Arguments) -> (listing: String, failures: [String]) {
        var discovery = PluginDiscovery()
        if let path = arguments.options["path"] {
            discovery.paths = path.split(separator: ":").map(String.init)
        }
        let result = discovery.discover()
        var rows = [["NAME", "VERSION", "ABI", "CAPABILITIES", "FILES", "PATH"]]
        for plugin in result.plugins {
            rows.append([
                plugin.name, plugin.version, String(plugin.abiVersion),
                plugin.capabilities.description, files(plugin.output), plugin.path,
            ])
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var lines: [String] = []
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            lines.append(cells.joined(separator: "  "))
        }
        if result.plugins.isEmpty {
            lines.append(
                "(no plugins found; searched: \(discovery.searchPaths.joined(separator: ", ")))")
        }
        let failures = result.failures.map { "warning: \($0)".escapedForEcho }
        return (lines.map(\.escapedForEcho).joined(separator: "\n") + "\n", failures)
    }

    /// What a backend writes to files, as it describes it: `.png (binary)`, `.txt, preview`.
    static func files(_ output: BackendOutput) -> String {
        "." + output.fileExtension + (output.isBinary ? " (binary)" : "")
            + (output.previewConfiguration == nil ? "" : ", preview")
    }

    /// One line for each plugin file a registry did not use, for a command that goes on with
    /// the backends it did load: `trellis: warning: skipped plugin PATH: CODE: DETAIL`, with
    /// control characters and bidirectional overrides escaped.
    static func skippedWarnings(_ failures: [PluginError]) -> [String] {
        failures.map { failure in
            let plugin = failure.path.map { "plugin \($0)" } ?? "a plugin"
            return "trellis: warning: skipped \(plugin): \(failure.code): \(failure.message)"
                .escapedForEcho
        }
    }
}
