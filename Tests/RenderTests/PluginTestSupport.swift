import Foundation
import Testing
import TrellisRender

/// Helpers that build real plugin files for the host to load.
enum PluginFixtures {
    /// Why loading the plugin at `path` fails, or `nil` when it loads.
    static func loadError(_ path: String) -> PluginError? {
        do {
            _ = try PluginLibrary.load(path: path)
            return nil
        } catch {
            return error
        }
    }

    /// The directory of the running test executable, where `swift build` puts the plugins.
    static var buildDirectory: String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().path
    }

    /// The repository's root, found from this file.
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// A fresh private directory (mode 0700) for generated plugins, in `/tmp`. The test that
    /// makes it removes it, with everything in it, when it is done.
    static func makeDirectory() throws -> String {
        var template = Array("/tmp/trellis-plugins-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard let created else { throw FixtureError("mkdtemp failed") }
        return String(cString: created)
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The C compiler: the toolchain's clang, else cc.
    static var compiler: String {
        let swift = ProcessInfo.processInfo.environment["PATH", default: ""]
            .split(separator: ":").map { "\($0)/clang" }
        for candidate in swift + ["/usr/bin/cc", "/usr/bin/gcc"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "cc"
    }

    /// Compiles C source into a shared library and returns its path.
    static func compile(_ source: String, named name: String, in directory: String) throws -> String
    {
        let sourcePath = "\(directory)/\(name).c"
        let libraryPath = "\(directory)/\(name)"
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let include = repository.appendingPathComponent("Modules/CTrellisPluginABI/include").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = [
            "-shared", "-fPIC", "-O1", "-I", include, sourcePath, "-o", libraryPath,
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(
                decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw FixtureError("compiling \(name) failed: \(message)")
        }
        return libraryPath
    }

    /// C source of a plugin whose manifest can be broken in one way at a time.
    static func pluginSource(
        abiVersion: String = "TRELLIS_PLUGIN_ABI_VERSION",
        structSize: String = "sizeof(trellis_manifest)",
        entrySize: String = "sizeof(trellis_entry)",
        name: String = "\"broken\"",
        returnsNull: Bool = false,
        exportsManifest: Bool = true,
        entries: [(String, String)] = [
            ("open", "i(ppLp)"), ("close", "i(p)"), ("last_error", "p(p)"), ("render", "i(ppLpp)"),
        ]
    ) -> String {
        let table = entries.map { "    {\"\($0.0)\", \"\($0.1)\", (void *)stub}," }.joined(
            separator: "\n")
        let symbol = exportsManifest ? "trellis_plugin_manifest" : "some_other_symbol"
        return """
            #include "trellis_plugin.h"
            #include <stddef.h>
            static int32_t stub(void) { return 0; }
            static const trellis_entry entries[] = {
            \(table)
            };
            static const trellis_manifest manifest = {
                \(abiVersion), \(structSize), \(name), "0.1", TRELLIS_CAP_RENDER_TEXT,
                \(entrySize), sizeof entries / sizeof entries[0], entries,
            };
            const trellis_manifest *\(symbol)(void) { return \(returnsNull ? "NULL" : "&manifest"); }
            """
    }
}
