import Foundation
import Testing

/// Every built plugin exports exactly the one symbol the ABI names (`trellis_plugin_manifest`):
/// the modules it links stay private to it.
@Suite struct PluginExportTests {
    /// The global symbols a shared object defines, as `nm -D --defined-only` lists them.
    private func exportedSymbols(of path: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["nm", "-D", "--defined-only", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            // Upper-case types are global; lower-case ones are local to the object.
            guard fields.count == 3, fields[1].first?.isUppercase == true else { return nil }
            return String(fields[2])
        }
    }

    @Test(arguments: ["Text", "Raster", "Terminal", "Example"])
    func aPluginExportsItsManifestAlone(name: String) throws {
        let path = PluginFixtures.buildDirectory + "/libTrellis\(name)Backend.so"
        #expect(try exportedSymbols(of: path) == ["trellis_plugin_manifest"])
    }
}
