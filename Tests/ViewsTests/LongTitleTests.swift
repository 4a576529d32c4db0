import Synchronization
import Testing
import TrellisEvents
import TrellisGeometry
import TrellisPluginKit
import TrellisRender
import TrellisText
import TrellisTextRenderer
import TrellisViews

/// A backend that measures every cluster 8 points wide and counts the bytes it is asked to
/// measure; it draws with the text backend.
private final class CountingMeasurer: FrameRenderer {
    let measuredBytes = Mutex(0)
    private let text: TextRenderer

    init(configuration: [UInt8]) throws(RendererError) {
        text = try TextRenderer(configuration: [])
    }

    func render(_ list: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        try text.render(list)
    }

    func measure(_ request: UnsafeRawBufferPointer) throws(RendererError) -> [UInt8] {
        let runs: [MeasureRun]
        do throws(DisplayListError) {
            runs = try TextMeasurementCodec.decodeRequest(request)
        } catch {
            throw RendererError(.invalidInput, error.description)
        }
        measuredBytes.withLock { count in
            count += runs.reduce(0) { $0 + $1.clusters.reduce(0) { $0 + $1.utf8.count } }
        }
        return TextMeasurementCodec.encode(
            response: runs.map {
                MeasuredRun(
                    ascender: 12, descender: -4, lineGap: 0, capHeight: 10, xHeight: 7,
                    advances: $0.clusters.map { _ in 8 })
            })
    }
}

/// A title far longer than its button or label shows costs what they show.
@MainActor
@Suite struct LongTitleTests {
    /// A window whose backend counts the bytes it measures.
    private func countingWindow() throws -> (Window, CountingMeasurer) {
        let renderer = try CountingMeasurer(configuration: [])
        let window = Window(size: Size(width: 320, height: 80))
        window.backend = InProcessBackend(
            name: "counting", capabilities: [.renderText, .measureText], renderer: renderer)
        return (window, renderer)
    }

    @Test(arguments: [true, false])
    func aMegabyteTitleIsMeasuredOnlyAsFarAsTheButtonShows(wraps: Bool) throws {
        let (window, renderer) = try countingWindow()
        let button = Button(frame: Rect(x: 0, y: 0, width: 300, height: 40))
        let title = String(repeating: wraps ? "word " : "word-", count: 200_000)
        button.setTitle(title, for: .normal)
        window.addSubview(button)
        _ = try window.render()
        let measured = renderer.measuredBytes.withLock { $0 }
        #expect(measured > 0)
        #expect(measured <= 4 * TextMeasurer.maximumBytesPerLine, "\(measured) bytes measured")
        #expect(button.titleLabel.frame.height <= 40)
    }

    @Test(arguments: [0, 1, 3])
    func aMegabyteLabelIsMeasuredOnlyAsFarAsItShows(numberOfLines: Int) throws {
        let (window, renderer) = try countingWindow()
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 40))
        label.numberOfLines = numberOfLines
        label.text = String(repeating: "word ", count: 200_000)
        window.addSubview(label)
        let fitted = label.sizeThatFits(Size(width: 300, height: 40))
        #expect(fitted.width <= 300)
        #expect(fitted.height <= 40)
        _ = try window.render()
        let measured = renderer.measuredBytes.withLock { $0 }
        #expect(measured > 0)
        #expect(measured <= 4 * TextMeasurer.maximumBytesPerLine, "\(measured) bytes measured")
    }
}
