import Foundation
import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer
import TrellisRender

@Suite struct PluginTests {
    private func library() throws -> PluginLibrary {
        let result = PluginDiscovery(usesEnvironment: false).discover()
        return try #require(result.plugins.first { $0.name == "raster" })
    }

    @Test func discoveryFindsThePluginBesideTheExecutable() throws {
        let raster = try library()
        #expect(raster.path.hasSuffix("/libTrellisRasterBackend.so"))
        #expect(raster.capabilities == [.renderPixels, .measureText, .retainedFrames])
        #expect(
            raster.entryNames == ["close", "last_error", "measure", "open", "output", "render"])
    }

    @Test func pluginRendersTheSameBytesAsTheRendererInProcess() throws {
        let list = complexFrame()
        for format in RasterConfiguration.Format.allCases {
            let json = Array("{\"format\": \"\(format.rawValue)\"}".utf8)
            let plugin = try PluginBackend(library: library(), configuration: json)
            let inProcess = InProcessBackend(
                name: "raster", capabilities: [.renderPixels, .measureText],
                renderer: try RasterRenderer(configuration: json))
            let bytes = try plugin.render(encoded: list.encoded())
            #expect(try bytes == inProcess.render(encoded: list.encoded()))
            #expect(!bytes.isEmpty)
        }
    }

    @Test func pluginMeasuresLikeTheRenderer() throws {
        let request = TextMeasurementCodec.encode(request: [
            MeasureRun(font: FontDescriptor(size: 17), clusters: ["H", "i", " ", "保", "存"])
        ])
        let plugin = try PluginBackend(library: library())
        let response = try plugin.measure(encoded: request)
        let runs = try response.withUnsafeBytes { try TextMeasurementCodec.decodeResponse($0) }
        let expected = try RasterRenderer(configuration: RasterConfiguration()).measure([
            MeasureRun(font: FontDescriptor(size: 17), clusters: ["H", "i", " ", "保", "存"])
        ])
        #expect(runs == expected)
    }

    @Test func malformedListThroughThePluginIsInvalidInput() throws {
        let plugin = try PluginBackend(library: library())
        let error = #expect(throws: PluginError.self) {
            try plugin.render(encoded: Array("TRDL".utf8))
        }
        #expect(error?.code == .callFailed)
        #expect(error?.message.contains("render failed with status 1") == true)
        #expect(error?.message.contains("display list: at byte 4: truncated") == true)
    }

    @Test func badConfigurationFailsToOpen() throws {
        let error = #expect(throws: PluginError.self) {
            try PluginBackend(library: library(), configuration: Array("{\"format\": 3}".utf8))
        }
        #expect(error?.message.contains("\"format\" must be") == true)
    }
}
