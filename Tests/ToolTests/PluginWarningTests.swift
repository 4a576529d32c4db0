import Foundation
import Testing

/// What `trellis render` and `trellis plugins` say about plugin files they do not use.
@Suite struct PluginWarningTests {
    /// The directory of the built `trellis` command and plugins.
    private static var buildDirectory: String {
        (Trellis.executable as NSString).deletingLastPathComponent
    }

    private static var scene: String {
        ExampleScenes.directory.appendingPathComponent("buttons.json").path
    }

    /// A fresh private directory (mode 0700), in `/tmp`. The test that makes it removes it,
    /// with everything in it, when it is done.
    private func makeDirectory() throws -> String {
        var template = Array("/tmp/trellis-tool-plugins-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        let directory = try #require(created.map { String(cString: $0) })
        return directory
    }

    @Test func renderNamesATruncatedPluginAndStillRenders() throws {
        let original = try [UInt8](
            Data(
                contentsOf: URL(
                    fileURLWithPath: PluginWarningTests.buildDirectory
                        + "/libTrellisTextBackend.so")))
        let sectionsEnd =
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(original[40 + $1]) << (8 * $1) }
            + (UInt64(original[60]) | UInt64(original[61]) << 8) * 64
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Named as the text backend's plugin, and searched before the built one.
        let cut = directory + "/libTrellisTextBackend.so"
        try Data(original.prefix(100_000)).write(to: URL(fileURLWithPath: cut))
        let result = try Trellis.run(
            ["render", PluginWarningTests.scene], environment: ["TRELLIS_PLUGIN_PATH": directory])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("trellis-display 1\n"))
        #expect(
            result.errors
                == "trellis: warning: skipped plugin \(cut): not a shared library: truncated: the "
                + "section headers end at byte \(sectionsEnd) of a file of 100000 bytes\n")
    }

    @Test func renderNamesALinkInADirectoryOthersCanWrite() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let link = directory + "/libTrellisTextBackend.so"
        let target = PluginWarningTests.buildDirectory + "/libTrellisTextBackend.so"
        #expect(symlink(target, link) == 0)
        chmod(directory, 0o1777)
        defer { chmod(directory, 0o700) }
        let result = try Trellis.run(
            ["render", PluginWarningTests.scene], environment: ["TRELLIS_PLUGIN_PATH": directory])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("trellis-display 1\n"))
        #expect(
            result.errors
                == "trellis: warning: skipped plugin \(link): insecure permissions: the directory "
                + "\(directory) that holds the symbolic link \(link) is writable by other users; "
                + "remove that permission (chmod o-w)\n")
    }

    @Test func warningsShowControlCharactersInFileNamesAsEscapes() throws {
        let parent = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let name = "plugins\u{1B}[2J\u{85}\u{202E}evil\u{2066}"
        let directory = parent + "/" + name
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: false)
        try Data("junk".utf8).write(
            to: URL(fileURLWithPath: directory + "/libTrellisTextBackend.so"))
        let shown = parent + "/plugins\\u{1B}[2J\\u{85}\\u{202E}evil\\u{2066}"
        let render = try Trellis.run(
            ["render", PluginWarningTests.scene], environment: ["TRELLIS_PLUGIN_PATH": directory])
        #expect(render.status == 0)
        #expect(
            render.errors
                == "trellis: warning: skipped plugin \(shown)/libTrellisTextBackend.so: not a "
                + "shared library: not an ELF file: it does not start with the ELF magic number "
                + "7F 45 4C 46\n")
        let plugins = try Trellis.run(
            ["plugins", "--path", directory], environment: ["TRELLIS_PLUGIN_PATH": ""])
        #expect(plugins.status == 0)
        #expect(plugins.errors.contains("warning: plugin \(shown)/libTrellisTextBackend.so: "))
        for errors in [render.errors, plugins.errors] {
            let raw = errors.unicodeScalars.filter {
                $0.value == 0x1B || $0.value == 0x85 || $0.value == 0x202E || $0.value == 0x2066
            }
            #expect(raw.isEmpty)
        }
    }

    /// Rendering with one backend opens that backend's plugin only: a broken plugin of another
    /// name is neither loaded nor reported; `trellis plugins`, which lists them all, reports it.
    @Test func renderOpensOnlyTheBackendItUses() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("junk".utf8).write(
            to: URL(fileURLWithPath: directory + "/libTrellisBrokenBackend.so"))
        // A working plugin of another name, whose constructors would run if it were opened.
        let other = directory + "/libTrellisExampleBackend.so"
        #expect(
            symlink(PluginWarningTests.buildDirectory + "/libTrellisExampleBackend.so", other) == 0)
        let render = try Trellis.run(
            ["render", PluginWarningTests.scene, "--backend", "text"],
            environment: ["TRELLIS_PLUGIN_PATH": directory, "LD_DEBUG": "files"])
        #expect(render.status == 0)
        #expect(render.output.hasPrefix("trellis-display 1\n"))
        #expect(!render.errors.contains("skipped"), "\(render.errors)")
        // The dynamic loader's own trace: the text plugin was opened, no other.
        #expect(render.errors.contains("libTrellisTextBackend.so"))
        #expect(!render.errors.contains("libTrellisExampleBackend.so"))
        #expect(!render.errors.contains("libTrellisRasterBackend.so"))
        #expect(!render.errors.contains("libTrellisTerminalBackend.so"))
        let plugins = try Trellis.run(
            ["plugins", "--path", directory], environment: ["TRELLIS_PLUGIN_PATH": ""])
        #expect(plugins.errors.contains("libTrellisBrokenBackend.so"))
    }
}
