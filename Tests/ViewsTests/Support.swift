import TrellisViews
import _TrellisTestSupport

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
