import Foundation
import Testing
import Trellis

/// Rows of labels in different fonts aligned by their first baselines (`alignItems:
/// .baseline`), against headless Chromium's layout of the same rows
/// (`Tools/flex-conformance/baseline.py`).
///
/// Each row is a view with a flex style holding labels in the fonts the raster backend draws
/// with (DejaVu Sans regular and bold, DejaVu Sans Mono, DejaVu Serif, WenQuanYi Micro Hei) at
/// sizes from 9 to 48 points, and in some rows an empty box, whose bottom edge stands for its
/// baseline. The labels are measured through the raster plugin, as a window drawing with it
/// measures them. A label agrees when its top edge and its height are Chromium's within
/// 0.25 pt, so that the baselines of the row meet where the browser puts them.
@MainActor
@Suite struct ChromiumFlexBaselineTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Fixtures__/flex-baseline-chromium/rows.json")

    struct Fixture: Decodable {
        struct Item: Decodable {
            var family: String?
            var size: Double?
            var bold: Bool?
            var text: String?
            var box: Double?
        }

        struct Row: Decodable {
            var items: [Item]
            var frames: [[Double]]
        }

        var chromium: String
        var rows: [Row]
    }

    /// A window drawing with a fresh raster plugin instance.
    private func rasterWindow() throws -> Window {
        let registry = BackendRegistry(discovery: PluginDiscovery(usesEnvironment: false))
        let backend = try registry.open("raster", configuration: Array(#"{"format":"rgba"}"#.utf8))
        return Window(size: Size(width: 640, height: 400), backend: backend)
    }

    @Test func labelsAlignOnTheirBaselinesAsInChromium() throws {
        let file = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: Self.fixture))
        #expect(file.rows.count >= 50)
        let window = try rasterWindow()
        var differences: [String] = []
        var labels = 0
        for (rowIndex, row) in file.rows.enumerated() {
            let container = View(frame: Rect(x: 0, y: 0, width: 640, height: 400))
            var style = FlexStyle()
            style.alignItems = .baseline
            style.alignContent = .flexStart
            container.flexStyle = style
            var views: [View] = []
            for item in row.items {
                if let box = item.box {
                    let empty = View()
                    var boxStyle = FlexStyle()
                    boxStyle.width = .points(box)
                    boxStyle.height = .points(box)
                    empty.flexStyle = boxStyle
                    views.append(empty)
                    continue
                }
                let label = Label()
                label.font = Font(
                    family: try #require(item.family), size: try #require(item.size),
                    weight: item.bold == true ? .bold : .regular)
                let text: String = try #require(item.text)
                label.text = text
                views.append(label)
                labels += 1
            }
            for view in views { container.addSubview(view) }
            window.addSubview(container)
            window.layoutIfNeeded()
            for (index, (view, frame)) in zip(views, row.frames).enumerated()
            where row.items[index].box == nil {
                let top = view.frame.minY
                let height = view.frame.height
                if abs(top - frame[1]) > 0.25 || abs(height - frame[3]) > 0.25 {
                    differences.append(
                        "row \(rowIndex) label \(index) (\(row.items[index].family ?? "") "
                            + "\(row.items[index].size ?? 0)): top \(top), height \(height); "
                            + "Chromium \(frame[1]), \(frame[3])")
                }
            }
            container.removeFromSuperview()
        }
        #expect(labels >= 150)
        let report = differences.prefix(20).joined(separator: "\n")
        #expect(
            differences.isEmpty,
            "\(differences.count) of \(labels) labels differ:\n\(report)")
    }
}
