import Foundation
import Testing
import TrellisTextRenderer

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

    /// The shared libraries an object needs, as `readelf -d` lists them.
    private func neededLibraries(of path: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["readelf", "-d", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains("(NEEDED)") }
            .compactMap { line in
                line.split(separator: "[").last.map { String($0.dropLast()) }
            }
    }

    /// Plugins read their JSON configuration with the kit's strict parser: none links
    /// Foundation.
    @Test(arguments: ["Text", "Raster", "Terminal", "Example"])
    func aPluginLinksNoFoundation(name: String) throws {
        let path = PluginFixtures.buildDirectory + "/libTrellis\(name)Backend.so"
        let needed = try neededLibraries(of: path)
        #expect(!needed.isEmpty)
        #expect(!needed.contains { $0.contains("Foundation") }, "\(needed)")
    }

    @Test(arguments: ["Text", "Raster", "Terminal", "Example"])
    func aPluginExportsItsManifestAlone(name: String) throws {
        let path = PluginFixtures.buildDirectory + "/libTrellis\(name)Backend.so"
        #expect(try exportedSymbols(of: path) == ["trellis_plugin_manifest"])
    }
}

/// Backend configurations are read as strictly as scenes: a duplicate key, a boolean where a
/// number belongs, or anything but an object is refused with the key named.
@Suite struct PluginConfigurationTests {
    @Test(arguments: [
        (#"{"preview": true, "preview": false}"#, "not a JSON object"),
        (#"{"cellWidth": true}"#, "\"cellWidth\" must be a number"),
        (#"[1, 2]"#, "not a JSON object"),
        (#"{"preview": 1}"#, "\"preview\" must be true or false"),
    ])
    func badConfigurationsAreRefused(json: String, message: String) {
        #expect {
            _ = try TextRenderer(configuration: Array(json.utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func blankConfigurationsGiveTheDefaults() throws {
        for blank in ["", "  \n\t"] {
            let renderer = try TextRenderer(configuration: Array(blank.utf8))
            #expect(!renderer.preview && renderer.cellWidth == 8 && renderer.cellHeight == 16)
        }
    }
}
