import TrellisGeometry
import TrellisRender
import TrellisTextRenderer
import TrellisViews

/// Renders a window through the text backend's renderer, in process.
@MainActor
func renderText(_ window: Window) throws -> String {
    let renderer = try TextRenderer(configuration: [])
    return renderer.render(window.makeDisplayList())
}

/// The command lines of a rendering, without the header lines.
@MainActor
func commandLines(_ window: Window) throws -> [String] {
    try renderText(window).split(separator: "\n").dropFirst(2).map(String.init)
}

/// The command lines of a rendering without their indentation.
@MainActor
func flatCommandLines(_ window: Window) throws -> [String] {
    try commandLines(window).map { String($0.drop { $0 == " " }) }
}
