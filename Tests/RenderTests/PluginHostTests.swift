import Foundation
import Testing
import TrellisGeometry
import TrellisRender
import TrellisTextRenderer

@Suite(.serialized) struct PluginLoadingTests {
    private func brokenPluginError(_ name: String, _ source: String) throws -> PluginError? {
        let directory = try PluginFixtures.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try PluginFixtures.compile(source, named: "lib\(name).so", in: directory)
        return PluginFixtures.loadError(path)
    }

    @Test func discoveryFindsTheBuiltPluginsBesideTheExecutable() {
        let discovery = PluginDiscovery(usesEnvironment: false)
        #expect(discovery.searchPaths.first == PluginFixtures.buildDirectory)
        let result = discovery.discover()
        let names = result.plugins.map(\.name)
        #expect(names.contains("text"))
        #expect(names.contains("example-c"))
        let text = result.plugins.first { $0.name == "text" }
        #expect(text?.abiVersion == 1)
        #expect(text?.capabilities == [.renderText, .retainedFrames])
        #expect(text?.entryNames == ["close", "last_error", "open", "output", "render"])
        #expect(text?.signature(of: "output")?.description == "p()")
        #expect(text?.output.fileExtension == "txt")
        #expect(text?.path.hasSuffix("/libTrellisTextBackend.so") == true)
    }

    @Test func pluginFileNamesFollowThePattern() {
        #expect(PluginDiscovery.isPluginFileName("libTrellisTextBackend.so"))
        #expect(!PluginDiscovery.isPluginFileName("libTrellisBackend.so"))
        #expect(!PluginDiscovery.isPluginFileName("libTrellisGeometry.so"))
        #expect(!PluginDiscovery.isPluginFileName("libfoo.so"))
    }

    @Test func environmentVariableAddsDirectories() throws {
        let directory = try PluginFixtures.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        setenv(PluginDiscovery.environmentVariable, "\(directory):/nonexistent", 1)
        defer { unsetenv(PluginDiscovery.environmentVariable) }
        let paths = PluginDiscovery(paths: ["/explicit"]).searchPaths
        #expect(Array(paths.prefix(3)) == ["/explicit", directory, "/nonexistent"])
    }

    @Test func loadingTheSameFileTwiceGivesTheSameLibrary() throws {
        let path = PluginFixtures.buildDirectory + "/libTrellisTextBackend.so"
        #expect(try PluginLibrary.load(path: path) === PluginLibrary.load(path: path))
    }

    @Test func missingFileIsNotFound() {
        let error = PluginFixtures.loadError("/nonexistent/libTrellisNoBackend.so")
        #expect(error?.code == .notFound)
        #expect(
            error?.description
                == "plugin /nonexistent/libTrellisNoBackend.so: not found: no such file")
    }

    @Test func textFileIsNotASharedLibrary() throws {
        let directory = try PluginFixtures.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/libTrellisFakeBackend.so"
        try "not an ELF file".write(toFile: path, atomically: true, encoding: .utf8)
        let error = PluginFixtures.loadError(path)
        #expect(error?.code == .notASharedLibrary)
        #expect(error?.path == path)
    }

    @Test func libraryWithoutTheSymbolIsRejected() throws {
        let error = try brokenPluginError(
            "nosymbol", PluginFixtures.pluginSource(exportsManifest: false))
        #expect(error?.code == .noManifestSymbol)
        #expect(error?.message.contains("trellis_plugin_manifest") == true)
    }

    @Test func nullManifestIsRejected() throws {
        let error = try brokenPluginError("null", PluginFixtures.pluginSource(returnsNull: true))
        #expect(error?.code == .manifestNull)
    }

    @Test func abiVersionMismatchNamesBothVersions() throws {
        let error = try brokenPluginError("abi", PluginFixtures.pluginSource(abiVersion: "2"))
        #expect(error?.code == .abiVersionMismatch)
        #expect(error?.message == "expected 1, found 2")
    }

    /// The C example backend built against a header from a later ABI (version 2, with a field
    /// added to the manifest) is refused by the library and by the command, naming both
    /// versions.
    @Test func aBackendBuiltForAnotherABIIsRefusedNamingBothVersions() throws {
        let directory = try PluginFixtures.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let abi = PluginFixtures.repository.appendingPathComponent(
            "Modules/CTrellisPluginABI/include/trellis_plugin.h")
        var header = try String(contentsOf: abi, encoding: .utf8)
        let version = "#define TRELLIS_PLUGIN_ABI_VERSION 1u"
        let field = "    const trellis_entry *entries;  /* entry_count entries */"
        #expect(header.contains(version) && header.contains(field))
        header = header.replacingOccurrences(
            of: version, with: "#define TRELLIS_PLUGIN_ABI_VERSION 2u")
        header = header.replacingOccurrences(of: field, with: field + "\n    uint64_t flags;")
        header = header.replacingOccurrences(of: "_Static_assert", with: "// _Static_assert")
        try header.write(toFile: directory + "/trellis_plugin.h", atomically: true, encoding: .utf8)
        let example = PluginFixtures.repository.appendingPathComponent("Plugins/Examples/CExample")
        for file in ["include/trellis_example_backend.h"] {
            let text = try String(
                contentsOf: example.appendingPathComponent(file), encoding: .utf8)
            try text.write(
                toFile: directory + "/" + (file as NSString).lastPathComponent, atomically: true,
                encoding: .utf8)
        }
        let source = try String(
            contentsOf: example.appendingPathComponent("example_backend.c"), encoding: .utf8)
        // Quoted includes are found beside the including file first: the changed header.
        let path = try PluginFixtures.compile(
            source, named: "libTrellisExample-cBackend.so", in: directory)
        let error = PluginFixtures.loadError(path)
        #expect(error?.code == .abiVersionMismatch)
        #expect(error?.message == "expected 1, found 2")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: PluginFixtures.buildDirectory + "/trellis")
        process.arguments = ["plugins", "--path", directory]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let text = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("ABI version mismatch: expected 1, found 2"), "\(text)")
    }

    @Test func structSizeMismatchesAreRejected() throws {
        let manifest = try brokenPluginError("size", PluginFixtures.pluginSource(structSize: "40"))
        #expect(manifest?.code == .structSizeMismatch)
        #expect(manifest?.message.contains("48 bytes in the host, 40 in the plugin") == true)
        let entry = try brokenPluginError("entrysize", PluginFixtures.pluginSource(entrySize: "16"))
        #expect(entry?.code == .structSizeMismatch)
    }

    @Test func badNamesAreInvalidManifests() throws {
        let error = try brokenPluginError("name", PluginFixtures.pluginSource(name: "\"Bad Name\""))
        #expect(error?.code == .invalidManifest)
        let null = try brokenPluginError("nullname", PluginFixtures.pluginSource(name: "NULL"))
        #expect(null?.code == .invalidManifest)
    }

    @Test func missingRequiredEntryIsNamed() throws {
        let error = try brokenPluginError(
            "noentry",
            PluginFixtures.pluginSource(entries: [
                ("open", "i(ppLp)"), ("close", "i(p)"), ("last_error", "p(p)"),
            ]))
        #expect(error?.code == .missingEntry)
        #expect(error?.message.contains("\"render\"") == true)
    }

    @Test func unparsableSignatureIsABadSignature() throws {
        let error = try brokenPluginError(
            "badsig",
            PluginFixtures.pluginSource(entries: [
                ("open", "i(ppLp)"), ("close", "i(p)"), ("last_error", "p(p)"),
                ("render", "i(ppXpp)"),
            ]))
        #expect(error?.code == .badSignature)
        #expect(error?.message.contains("'X' is not a type code") == true)
    }

    @Test func wrongSignatureNamesTheEntryAndBothSignatures() throws {
        let error = try brokenPluginError(
            "mismatch",
            PluginFixtures.pluginSource(entries: [
                ("open", "i(ppLp)"), ("close", "i(p)"), ("last_error", "p(p)"),
                ("render", "i(ppL)"),
            ]))
        #expect(error?.code == .signatureMismatch)
        #expect(error?.message == "entry \"render\" is declared i(ppL), the host expects i(ppLpp)")
    }

    @Test func discoveryReportsBrokenFilesAndKeepsGoodOnes() throws {
        let directory = try PluginFixtures.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "junk".write(
            toFile: directory + "/libTrellisJunkBackend.so", atomically: true, encoding: .utf8)
        _ = try PluginFixtures.compile(
            PluginFixtures.pluginSource(name: "\"good-one\""), named: "libTrellisGoodBackend.so",
            in: directory)
        let result = PluginDiscovery(
            paths: [directory], usesEnvironment: false, usesInstallLocations: false
        ).discover()
        #expect(result.plugins.map(\.name) == ["good-one"])
        #expect(result.failures.map(\.code) == [.notASharedLibrary])
    }
}

@Suite struct PluginCallTests {
    private func exampleLibrary() throws -> PluginLibrary {
        try PluginLibrary.load(path: PluginFixtures.buildDirectory + "/libTrellisExampleBackend.so")
    }

    @Test func ffiPassesEveryTypeOfTheSignatureLanguage() throws {
        let backend = try PluginBackend(library: exampleLibrary())
        let cases: [(entry: String, value: FFIValue)] = [
            ("echo_b", .int8(-128)), ("echo_B", .uint8(255)), ("echo_h", .int16(-32768)),
            ("echo_H", .uint16(65535)), ("echo_i", .int32(-2_000_000_000)),
            ("echo_I", .uint32(4_000_000_000)),
            ("echo_l", .int64(.min)), ("echo_L", .uint64(.max)), ("echo_f", .float(-1.5)),
            ("echo_d", .double(3.141592653589793)), ("echo_p", .pointer(0xDEAD_BEE0)),
        ]
        for (entry, value) in cases {
            #expect(try backend.call(entry, [value]) == value, "\(entry)")
        }
        var stored: Int32 = 0
        let result = try withUnsafeMutablePointer(to: &stored) { pointer in
            try backend.call("store_v", [.pointer(UnsafeRawPointer(pointer)), .int32(42)])
        }
        #expect(result == .void)
        #expect(stored == 42)
        var seven: Int32 = 7
        let sum = try withUnsafePointer(to: &seven) { pointer in
            let arguments: [FFIValue] = [
                .int8(-1), .uint8(2), .int16(-3), .uint16(4), .int32(-5), .uint32(6), .int64(-7),
                .uint64(8), .float(0.5), .double(0.25), .pointer(UnsafeRawPointer(pointer)),
            ]
            return try backend.call("sum_all", arguments)
        }
        let expected: Double = 11.75
        #expect(sum == .double(expected))
    }

    @Test func argumentsThatDoNotMatchTheSignatureAreRejected() throws {
        let backend = try PluginBackend(library: exampleLibrary())
        #expect(throws: PluginError.self) { try backend.call("echo_i", [.int64(1)]) }
        do {
            _ = try backend.call("echo_i", [.int32(1), .int32(2)])
            Issue.record("accepted two arguments")
        } catch {
            #expect(error.code == .signatureMismatch)
            #expect(error.message == "entry \"echo_i\" is declared i(i), called as i(ii)")
        }
        #expect(throws: PluginError.self) { try backend.call("no_such_entry", []) }
    }

    @Test func cPluginRendersADisplayListInOneCall() throws {
        let backend = try PluginBackend(library: exampleLibrary())
        #expect(backend.diagnostics == ["info: example backend opened"])
        let before = backend.ffiCallCount
        let output = try backend.render(encoded: everyCommandList().encoded())
        #expect(
            String(decoding: output, as: UTF8.self) == "example: 15 commands, 1 images, 320x480")
        #expect(backend.ffiCallCount == before + 1)
    }

    @Test func cPluginRendersAnEmptyDisplayList() throws {
        let backend = try PluginBackend(library: exampleLibrary())
        let empty = DisplayList(size: Size(width: 1, height: 2)).encoded()
        #expect(empty.count == 40)
        let output = try backend.render(encoded: empty)
        #expect(String(decoding: output, as: UTF8.self) == "example: 0 commands, 0 images, 1x2")
    }

    @Test func cPluginValidatesTheHeader() throws {
        let backend = try PluginBackend(library: exampleLibrary())
        let empty = DisplayList(size: Size(width: 1, height: 2)).encoded()
        func message(_ bytes: [UInt8]) -> String? {
            do {
                _ = try backend.render(encoded: bytes)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(
            message(Array(empty.prefix(39)))
                == "render failed with status 1: truncated header: a display list starts with "
                + "40 bytes")
        #expect(message([]) == "render failed with status 1: not a Trellis display list")
        var version = empty
        version[4] = 4
        #expect(
            message(version)
                == "render failed with status 1: display list format version 4 is not "
                + "supported (expected 1 to 3)")
        var reserved = empty
        reserved[7] = 1
        #expect(
            message(reserved) == "render failed with status 1: the header's reserved field is not 0"
        )
        #expect(
            message(empty + [0])
                == "render failed with status 1: unexpected bytes after the last command")
    }

    @Test func pluginErrorsCarryThePluginsMessage() throws {
        let backend = try PluginBackend(library: exampleLibrary())
        do {
            _ = try backend.render(
                encoded: Array("garbage that is long enough to pass the length test".utf8))
            Issue.record("rendered garbage")
        } catch {
            #expect(error.code == .callFailed)
            #expect(error.message == "render failed with status 1: not a Trellis display list")
            #expect(error.path?.hasSuffix("libTrellisExampleBackend.so") == true)
        }
        let library = try exampleLibrary()
        do {
            _ = try PluginBackend(library: library, configuration: Array("fail".utf8))
            Issue.record("opened")
        } catch {
            #expect(
                error.message == "open failed: the configuration asked the example backend to fail")
        }
    }

    @Test func missingCapabilitiesAreReported() throws {
        let backend = try PluginBackend(library: exampleLibrary())
        do {
            _ = try backend.measure(encoded: [])
            Issue.record("measured")
        } catch {
            #expect(error.code == .missingCapability)
            #expect(error.message.contains("cannot measure text"))
        }
    }
}

@Suite struct TextBackendTests {
    private func textPlugin(_ configuration: String = "") throws -> PluginBackend {
        let library = try PluginLibrary.load(
            path: PluginFixtures.buildDirectory + "/libTrellisTextBackend.so")
        return try PluginBackend(library: library, configuration: Array(configuration.utf8))
    }

    @Test func pluginAndInProcessBackendsRenderIdenticalBytes() throws {
        let bytes = everyCommandList().encoded()
        let plugin = try textPlugin()
        let inProcess = InProcessBackend(
            name: "text", capabilities: .renderText, renderer: try TextRenderer(configuration: []))
        let a = try plugin.render(encoded: bytes)
        let b = try inProcess.render(encoded: bytes)
        #expect(a == b)
        #expect(
            String(decoding: a, as: UTF8.self).hasPrefix(
                "trellis-display 1\ncanvas 320 480 scale 2\n"))
    }

    @Test func switchingBackendsOnOneDisplayList() throws {
        let registry = BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
        let list = everyCommandList().encoded()
        let text = try registry.open("text")
        let example = try registry.open("example-c")
        var outputs: [String] = []
        for backend: any Backend in [text, example, text] {
            outputs.append(String(decoding: try backend.render(encoded: list), as: UTF8.self))
        }
        #expect(outputs[0] == outputs[2])
        #expect(outputs[1] == "example: 15 commands, 1 images, 320x480")
        #expect(outputs[0].contains("fill-rounded-rect 0 0 300 190 radii 10 #0000FF"))
    }

    @Test func unknownBackendNamesWhatIsAvailable() {
        let registry = BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
        do {
            _ = try registry.open("nope")
            Issue.record("opened")
        } catch {
            #expect(error.code == .unknownBackend)
            #expect(error.message.contains("example-c"))
            #expect(error.message.contains("text"))
        }
    }

    @Test func malformedListsAreErrorsNotCrashes() throws {
        let plugin = try textPlugin()
        var bytes = everyCommandList().encoded()
        bytes.removeLast(3)
        do {
            _ = try plugin.render(encoded: bytes)
            Issue.record("rendered a truncated list")
        } catch {
            #expect(
                error.message.contains("display list: command 14 (restore)")
                    || error.message.contains("truncated"))
        }
    }

    @Test func borrowedRenderGivesTheBytesOfTheCopyingRender() throws {
        let plugin = try textPlugin()
        let list = everyCommandList().encoded()
        let copied = try plugin.render(encoded: list)
        let before = plugin.ffiCallCount
        let borrowed = try plugin.withRenderedBytes(encoded: list) { Array($0) }
        #expect(plugin.ffiCallCount == before + 1)
        #expect(borrowed == copied)
        #expect(!borrowed.isEmpty)
        // The copying call still works after a borrowing one, and gives the same bytes.
        #expect(try plugin.render(encoded: list) == copied)
    }

    @Test func borrowedRenderLendsThePluginsOwnBuffer() throws {
        let plugin = try textPlugin()
        let list = everyCommandList().encoded()
        let first = try plugin.withRenderedBytes(encoded: list) { $0.baseAddress }
        let second = try plugin.withRenderedBytes(encoded: list) { $0.baseAddress }
        // The plugin reuses its output memory, so a lent buffer is that memory, not a copy.
        #expect(first != nil)
        #expect(first == second)
    }

    @Test func callingTheBackendWhileItLendsItsOutputIsAnError() throws {
        let plugin = try textPlugin()
        let list = everyCommandList().encoded()
        let expected = try plugin.render(encoded: list)
        let (nested, bytes) = try plugin.withRenderedBytes(encoded: list) { buffer in
            let nested = Result { () throws(PluginError) in try plugin.render(encoded: list) }
            return (nested, Array(buffer))
        }
        #expect(bytes == expected)
        guard case .failure(let error) = nested else {
            Issue.record("rendered while lending the output")
            return
        }
        #expect(error.code == .callFailed)
        #expect(error.message.contains("while withRenderedBytes lends the last output"))
        #expect(try plugin.render(encoded: list) == expected)
    }

    @Test func borrowedRenderOfAMalformedListThrowsWithoutCallingTheBody() throws {
        let plugin = try textPlugin()
        var called = false
        let error = #expect(throws: PluginError.self) {
            try plugin.withRenderedBytes(encoded: Array("TRDL".utf8)) { _ in called = true }
        }
        #expect(error?.code == .callFailed)
        #expect(error?.message.contains("truncated") == true)
        #expect(!called)
    }

    @Test func inProcessBackendLendsWhatItRenders() throws {
        let backend = InProcessBackend(
            name: "text", capabilities: .renderText, renderer: try TextRenderer(configuration: []))
        let list = everyCommandList().encoded()
        let borrowed = try backend.withRenderedBytes(encoded: list) { Array($0) }
        #expect(borrowed == (try backend.render(encoded: list)))
        #expect(!borrowed.isEmpty)
    }

    @Test func badConfigurationIsReported() {
        #expect(throws: PluginError.self) { try textPlugin("{\"colour\": true}") }
        #expect(throws: PluginError.self) { try textPlugin("{\"cellWidth\": -3}") }
        #expect(throws: PluginError.self) { try textPlugin("[1, 2]") }
    }
}
