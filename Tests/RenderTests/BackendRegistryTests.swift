import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRender
import TrellisTextRenderer

@Suite struct BackendRegistryTests {
    private func makeRegistry() -> BackendRegistry {
        BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
    }

    /// A factory of text renderers with a fixed configuration, whatever the backend is opened
    /// with.
    private func textRenderers(_ configuration: String = "")
        -> ([UInt8]) throws(RendererError) -> TextRenderer
    {
        { (_: [UInt8]) throws(RendererError) -> TextRenderer in
            try TextRenderer(configuration: Array(configuration.utf8))
        }
    }

    @Test func anInProcessBackendOpensByNameBesideAPlugin() throws {
        let registry = makeRegistry()
        #expect(!registry.names.contains("memory-text"))
        registry.register(name: "memory-text", capabilities: .renderText, renderer: textRenderers())
        #expect(registry.names.contains("memory-text"))
        #expect(registry.names.contains("example-c"))
        #expect(registry.names == registry.names.sorted())
        #expect(!registry.plugins.contains { $0.name == "memory-text" })

        let memory = try registry.open("memory-text")
        let plugin = try registry.open("example-c")
        #expect(memory is InProcessBackend)
        #expect(memory.name == "memory-text")
        #expect(memory.capabilities == .renderText)
        #expect(plugin is PluginBackend)

        let list = everyCommandList().encoded()
        let first = try memory.render(encoded: list)
        let summary = try plugin.render(encoded: list)
        let again = try memory.render(encoded: list)
        #expect(first == again)
        #expect(
            String(decoding: summary, as: UTF8.self) == "example: 15 commands, 1 images, 320x480")
        #expect(try registry.open("text").render(encoded: list) == first)
    }

    @Test func eachOpenMakesANewRendererInstance() throws {
        let registry = makeRegistry()
        var made = 0
        registry.register(name: "counted", capabilities: .renderText) {
            (configuration: [UInt8]) throws(RendererError) -> TextRenderer in
            made += 1
            return try TextRenderer(configuration: configuration)
        }
        let a = try registry.open("counted")
        let b = try registry.open("counted")
        #expect(a !== b)
        #expect(made == 2)
    }

    @Test func anInProcessBackendTakesPrecedenceOverAPluginOfTheSameName() throws {
        let registry = makeRegistry()
        registry.register(
            name: "text", capabilities: .renderText,
            renderer: textRenderers(#"{"preview": true, "commands": false}"#))
        #expect(registry.names.filter { $0 == "text" }.count == 1)
        let backend = try registry.open("text")
        #expect(backend is InProcessBackend)
        let output = String(
            decoding: try backend.render(
                encoded: DisplayList(size: Size(width: 16, height: 16)).encoded()),
            as: UTF8.self)
        #expect(output == "|  |\n")
    }

    @Test func registeringANameAgainReplacesTheBackend() throws {
        let registry = makeRegistry()
        registry.register(name: "twice", capabilities: .renderText, renderer: textRenderers())
        registry.register(
            name: "twice", capabilities: [.renderText, .measureText], renderer: textRenderers())
        #expect(registry.names.filter { $0 == "twice" }.count == 1)
        #expect(try registry.open("twice").capabilities == [.renderText, .measureText])
    }

    @Test func aRendererThatFailsToStartIsAnError() {
        let registry = makeRegistry()
        registry.register(name: "failing", capabilities: .renderText) {
            (_: [UInt8]) throws(RendererError) -> TextRenderer in
            throw RendererError(.resource, "no fonts installed")
        }
        do {
            _ = try registry.open("failing")
            Issue.record("opened")
        } catch {
            #expect(error.code == .callFailed)
            #expect(error.message == "backend \"failing\": no fonts installed")
        }
    }

    @Test func anInProcessBackendReportsMissingCapabilities() throws {
        let registry = makeRegistry()
        registry.register(name: "render-only", capabilities: .renderText, renderer: textRenderers())
        let backend = try registry.open("render-only")
        #expect(throws: PluginError.self) { try backend.measure(encoded: []) }
    }

    @Test func anInProcessBackendIsOpenedWithItsConfigurationAndDescribesItsOutput() throws {
        let registry = makeRegistry()
        registry.register(name: "memory-text", capabilities: .renderText) {
            (configuration: [UInt8]) throws(RendererError) -> TextRenderer in
            try TextRenderer(configuration: configuration)
        }
        let output = try registry.output(of: "memory-text")
        #expect(output == TextRenderer.output)
        #expect(output.previewConfiguration != nil)
        let preview = try registry.open(
            "memory-text", configuration: output.previewConfiguration ?? [])
        let list = DisplayList(size: Size(width: 16, height: 16)).encoded()
        #expect(String(decoding: try preview.render(encoded: list), as: UTF8.self) == "|  |\n")
        #expect(preview.output == output)
        #expect(throws: PluginError.self) {
            try registry.open("memory-text", configuration: Array(#"{"preview": 1}"#.utf8))
        }
    }

    @Test func aPluginDescribesItsOutputThroughItsOutputEntry() throws {
        let registry = makeRegistry()
        let text = try registry.output(of: "text")
        #expect(text.fileExtension == "txt")
        #expect(!text.isBinary)
        #expect(text.previewConfiguration != nil)
        let raster = try registry.output(of: "raster")
        #expect(raster.fileExtension == "png")
        #expect(raster.isBinary)
        #expect(raster.previewConfiguration == nil)
        let png = try registry.openForFile("raster").render(
            encoded: DisplayList(size: Size(width: 4, height: 4)).encoded())
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // The C plugin describes its own files and preview, and is opened with them.
        let example = try registry.output(of: "example-c")
        #expect(example.fileExtension == "summary")
        let list = DisplayList(size: Size(width: 3, height: 4)).encoded()
        let file = try registry.openForFile("example-c").render(encoded: list)
        #expect(String(decoding: file, as: UTF8.self) == "file: 0 commands, 0 images, 3x4")
        let preview = try registry.open(
            "example-c", configuration: example.previewConfiguration ?? [])
        #expect(
            String(decoding: try preview.render(encoded: list), as: UTF8.self)
                == "preview: 0 commands, 0 images, 3x4")
    }

    /// A renderer that describes nothing.
    private final class Undescribed: FrameRenderer {
        init(configuration: [UInt8]) throws(RendererError) {}
        func render(_ list: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] { [] }
    }

    @Test func aBackendThatDescribesNothingIsDescribedByItsCapabilities() throws {
        let registry = makeRegistry()
        registry.register(name: "pixels", capabilities: .renderPixels) {
            (configuration: [UInt8]) throws(RendererError) -> Undescribed in
            try Undescribed(configuration: configuration)
        }
        let output = try registry.output(of: "pixels")
        #expect(output == BackendOutput(capabilities: .renderPixels))
        #expect(output.fileExtension == "bin" && output.isBinary)
        #expect(output.fileConfiguration.isEmpty && output.previewConfiguration == nil)
        #expect(try registry.open("pixels").output == output)
        #expect(BackendOutput(capabilities: [.renderTerminal, .input]).fileExtension == "ans")
        #expect(BackendOutput(capabilities: .renderText).fileExtension == "txt")
    }

    @Test(arguments: [
        (#"{"file": {"extension": "svg", "binary": false}}"#, ""),
        (#"{}"#, #"output: "file" is missing"#),
        (#"{"file": {"extension": "SVG", "binary": false}}"#, "must be 1 to 16 characters"),
        (#"{"file": {"extension": "svg"}}"#, #"needs "extension" and "binary""#),
        (#"{"file": {"extension": "svg", "binary": 1}}"#, #"must be one of "extension""#),
        (#"{"file": {"extension": "svg", "binary": true}, "pre": {}}"#, #"unknown key "pre""#),
        (#"{"file": {"extension": "svg", "binary": true}, "preview": 2}"#, "must be an object"),
        (#"[1]"#, "not a JSON object"),
    ])
    func outputDescriptionsAreReadStrictly(json: String, error expected: String) throws {
        do throws(ConfigurationError) {
            let output = try BackendOutput(json: Array(json.utf8))
            #expect(expected.isEmpty)
            #expect(try BackendOutput(json: output.json) == output)
        } catch {
            #expect(!expected.isEmpty && error.message.contains(expected), "\(error.message)")
        }
    }

    @Test func anOutputDescriptionRoundTripsThroughItsJSON() throws {
        let output = BackendOutput(
            fileConfiguration: Array(#"{"a": [1, 2.5, "x\u0001"], "b": {"c": null}}"#.utf8),
            fileExtension: "svg", isBinary: false,
            previewConfiguration: Array(#"{"scale": 0.125}"#.utf8))
        let read = try BackendOutput(json: output.json)
        #expect(read.fileExtension == "svg")
        #expect(
            String(decoding: read.fileConfiguration, as: UTF8.self)
                == #"{"a":[1,2.5,"x\u0001"],"b":{"c":null}}"#)
        #expect(
            String(decoding: read.previewConfiguration ?? [], as: UTF8.self) == #"{"scale":0.125}"#)
        #expect(read.json == output.json)
    }

    @Test func aMissingBackendSaysWhatToAddToPackageSwift() {
        let registry = makeRegistry()
        do {
            _ = try registry.open("plotter")
            Issue.record("opened a backend that does not exist")
        } catch {
            #expect(error.code == .unknownBackend)
            #expect(
                error.message.contains(
                    #"adds .product(name: "TrellisPlotterBackend", package: "Trellis")"#),
                "\(error.message)")
            #expect(error.message.contains("libTrellisPlotterBackend.so"))
        }
    }
}
