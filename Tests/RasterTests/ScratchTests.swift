import Foundation
import Testing
import TrellisGeometry
import TrellisPluginKit
import TrellisRasterRenderer

@Test func scratch() throws {
    var list = DisplayList(size: Size(width: 300, height: 200), scale: 2)
    list.addImage(DisplayImage(id: 1, width: 12, height: 12, color: Color(red: 0.2, green: 0.6, blue: 0.9)))
    list.commands = [
        .fillRect(Rect(x: 0, y: 0, width: 300, height: 200), color: .white),
        .save,
        .shadow(color: Color(white: 0, alpha: 0.5), offset: Size(width: 0, height: 4), blur: 8),
        .fillRoundedRect(Rect(x: 20, y: 20, width: 120, height: 44), radii: .uniform(10), color: .blue),
        .restore,
        .linearGradient(Rect(x: 160, y: 20, width: 120, height: 44), start: Point(x: 160, y: 20), end: Point(x: 280, y: 20), stops: [GradientStop(location: 0, color: .red), GradientStop(location: 1, color: .yellow)]),
        .glyphRun(GlyphRun(text: "Hello, 世界 Save 保存", font: FontDescriptor(size: 16), color: .black, origin: Point(x: 20, y: 100), width: 0, ascent: 0, descent: 0, underline: TextLineStyle(.single))),
        .glyphRun(GlyphRun(text: "Bold italic", font: FontDescriptor(size: 16, weight: 700, isItalic: true), color: .black, origin: Point(x: 20, y: 130), width: 0, ascent: 0, descent: 0, strikethrough: TextLineStyle(.double, color: .red))),
        .drawImage(id: 1, source: Rect(x: 0, y: 0, width: 12, height: 12), destination: Rect(x: 180, y: 90, width: 100, height: 60), capInsets: EdgeInsets(top: 4, left: 4, bottom: 4, right: 4), tint: nil),
        .beginLayer(alpha: 0.5),
        .fillRect(Rect(x: 20, y: 150, width: 100, height: 30), color: .green),
        .endLayer,
    ]
    let png = try Raster.png(list)
    try Data(png).write(to: URL(fileURLWithPath: "/tmp/scratch.png"))
}
