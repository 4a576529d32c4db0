import Foundation
import Testing

/// The files the command reads and writes, named as a user types them.
@Suite struct FileArgumentTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-files-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private let scene = #"{"size": [40, 20], "root": {"id": "root", "children": [{"id": "x"}]}}"#

    /// A scene named with one character in the working directory. Reading it once stopped the
    /// process: Foundation's `deletingLastPathComponent` traps on such a path on Linux.
    @Test(arguments: ["a", "."])
    func aSceneNamedWithOneCharacterIsRead(name: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        if name == "a" {
            try Data(scene.utf8).write(to: directory.appendingPathComponent(name))
            let result = try Trellis.run(["layout", name], directory: directory)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.contains(#""x""#))
        } else {
            // "." is a directory: a clear error, not a crash.
            let result = try Trellis.run(["layout", name], directory: directory)
            #expect(result.status == 1)
            #expect(result.errors.hasPrefix("trellis: "), "\(result.errors)")
        }
    }

    /// `--out` replaces the file in one rename, with the permissions a new file gets, and
    /// leaves nothing else beside it.
    @Test func renderWritesItsOutputWholeAndLeavesNothingElse() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("s.json")
        try Data(scene.utf8).write(to: input)
        let output = directory.appendingPathComponent("s.txt")
        try Data("old and longer than the new text output".utf8).write(to: output)
        let previous = umask(0o027)
        defer { umask(previous) }
        let result = try Trellis.run(
            ["render", "s.json", "--backend", "text", "--out", "s.txt"], directory: directory)
        #expect(result.status == 0, "\(result.errors)")
        let expected = try Trellis.run(["render", input.path, "--backend", "text"])
        #expect(try String(contentsOf: output, encoding: .utf8) == expected.output)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["s.json", "s.txt"])
        let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
    }

    @Test func anOutputThatCannotBeWrittenIsNamedWithTheReason() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("s.json")
        try Data(scene.utf8).write(to: input)
        let missing = directory.appendingPathComponent("no/such/folder/s.txt").path
        let result = try Trellis.run(["render", input.path, "--backend", "text", "--out", missing])
        #expect(result.status == 1)
        #expect(
            result.errors == "trellis: cannot write \(missing): No such file or directory\n",
            "\(result.errors)")
        let folder = try Trellis.run(
            ["render", input.path, "--backend", "text", "--out", directory.path])
        #expect(folder.status == 1)
        #expect(folder.errors.contains("it names a directory"), "\(folder.errors)")
    }
}
