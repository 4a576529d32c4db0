import Testing
import TrellisGeometry
import TrellisRender
import TrellisTerminalRenderer

/// The terminal backend loaded as a plugin, through dlopen and libffi.
@Suite(.serialized) struct PluginTests {
    private func frame(_ title: String) -> DisplayList {
        var list = DisplayList(size: Size(width: 160, height: 48))
        list.append(
            .fillRoundedRect(
                Rect(x: 8, y: 0, width: 64, height: 32), radii: .uniform(4), color: .blue))
        list.append(
            .glyphRun(
                GlyphRun(
                    text: title, font: FontDescriptor(size: 13), color: .white,
                    origin: Point(x: 16, y: 16),
                    width: 40, ascent: 16, descent: 0)))
        return list
    }

    @Test func manifestAnnouncesTerminalMeasureAndInputWithAControlEntry() throws {
        let library = try TerminalPlugin.library()
        #expect(library.capabilities == [.renderTerminal, .measureText, .input, .retainedFrames])
        #expect(
            library.entryNames == [
                "close", "control", "input", "last_error", "measure", "open", "output", "render",
            ])
        #expect(library.signature(of: "control")?.description == "i(ppLpp)")
    }

    @Test func pluginAndInProcessRendererWriteTheSameBytes() throws {
        let plugin = try PluginBackend(library: try TerminalPlugin.library())
        let inProcess = InProcessBackend(
            name: "terminal", capabilities: [.renderTerminal, .measureText, .input],
            renderer: try TerminalRenderer(configuration: []))
        for title in ["Save", "Save", "Send", "界面"] {
            let bytes = frame(title).encoded()
            #expect(try plugin.render(encoded: bytes) == inProcess.render(encoded: bytes))
        }
    }

    @Test func controlReportsStatisticsAndRequestsAFullFrame() throws {
        let plugin = try PluginBackend(library: try TerminalPlugin.library())
        let first = try plugin.render(encoded: frame("Save").encoded())
        var stats = try plugin.terminalControl()
        #expect(stats.frame == 1)
        #expect(stats.isFullFrame)
        #expect(stats.bytesWritten == first.count)
        #expect(stats.columns == 20 && stats.rows == 3)
        #expect(stats.renderNanoseconds > 0)
        #expect(try plugin.render(encoded: frame("Save").encoded()).isEmpty)
        stats = try plugin.terminalControl()
        #expect(stats.frame == 2 && stats.bytesWritten == 0 && stats.cellsChanged == 0)
        _ = try plugin.terminalControl(#"{"full": true}"#)
        let repaint = try plugin.render(encoded: frame("Save").encoded())
        #expect(repaint.count > 0)
        #expect(try plugin.terminalControl().isFullFrame)
    }

    @Test func controlChangesSettingsAndRejectsBadOnes() throws {
        let plugin = try PluginBackend(library: try TerminalPlugin.library())
        _ = try plugin.render(encoded: frame("Save").encoded())
        _ = try plugin.terminalControl(#"{"colors": "16"}"#)
        let bytes = String(
            decoding: try plugin.render(encoded: frame("Save").encoded()), as: UTF8.self)
        #expect(bytes.contains("\u{1B}[2J"))
        #expect(!bytes.contains(";2;"))
        #expect(bytes.contains("\u{1B}[44m"))
        #expect(bytes.contains("\u{1B}[97m"))
        #expect {
            try plugin.terminalControl(#"{"full": "yes"}"#)
        } throws: { error in
            (error as? PluginError)?.message.contains(#"control "full" must be true or false"#)
                == true
        }
    }

    @Test func malformedDisplayListIsAnErrorWithTheDecodersMessage() throws {
        let plugin = try PluginBackend(library: try TerminalPlugin.library())
        var bytes = frame("Save").encoded()
        bytes.removeLast(3)
        #expect {
            try plugin.render(encoded: bytes)
        } throws: { error in
            (error as? PluginError)?.message.contains("display list") == true
        }
    }

    @Test func measureAndInputThroughThePlugin() throws {
        let plugin = try PluginBackend(library: try TerminalPlugin.library())
        let request = TextMeasurementCodec.encode(request: [
            MeasureRun(font: FontDescriptor(size: 12), clusters: ["O", "K", "界"])
        ])
        let runs = try plugin.measure(encoded: request).withUnsafeBytes {
            try TextMeasurementCodec.decodeResponse($0)
        }
        #expect(runs.first?.advances == [8, 8, 16])
        let first = try InputEventCodec.decode(plugin.input(Array("\u{1B}[<0;3;2M\u{1B}".utf8)))
        #expect(first.events == [.mouse(MouseEvent(.press, button: .left, column: 2, row: 1))])
        #expect(first.isPending)
        #expect(try InputEventCodec.decode(plugin.input([])).events == [.key(KeyEvent(.escape))])
    }

    @Test func backendWithoutControlEntryIsAClearError() throws {
        let discovery = PluginDiscovery(usesEnvironment: false)
        let text = try #require(discovery.discover().plugins.first { $0.name == "text" })
        let backend = try PluginBackend(library: text)
        #expect {
            try backend.terminalControl()
        } throws: { error in
            (error as? PluginError)?.code == .missingEntry
        }
    }
}
