import TrellisGeometry
import TrellisRender

/// The raster benchmark's frame, described once so that the display list and the direct
/// Cairo peer draw exactly the same things.
struct RasterBenchFrame {
    /// One card: a shadowed rounded rectangle with a gradient header, three lines of text, a
    /// nine-slice button with a label, a tinted icon and an outlined badge.
    struct Card {
        var frame: Rect
        var title: String
        var subtitle: String
        var body: String
        var hue: Double
    }

    static let size = Size(width: 640, height: 480)
    static let scale = 2.0
    static let radius = 12.0
    static let headerHeight = 28.0
    static let shadow = (
        color: Color(white: 0, alpha: 0.25), offset: Size(width: 0, height: 2), blur: 6.0
    )
    static let buttonCaps = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    static let titleFont = FontDescriptor(size: 13, weight: 700)
    static let subtitleFont = FontDescriptor(size: 12)
    static let bodyFont = FontDescriptor(size: 11)
    static let buttonFont = FontDescriptor(size: 12, weight: 700)

    let cards: [Card]
    let buttonImage: DisplayImage
    let iconImage: DisplayImage

    init() {
        var cards: [Card] = []
        for index in 0..<12 {
            let column = Double(index % 3)
            let row = Double(index / 3)
            cards.append(
                Card(
                    frame: Rect(x: 16 + column * 208, y: 16 + row * 116, width: 192, height: 100),
                    title: "Order #\(1_200 + index) shipped", subtitle: "保存成功 已发货 \(index)",
                    body: "Tap to view the details", hue: Double(index) / 12))
        }
        self.cards = cards
        var button: [UInt8] = []
        for y in 0..<24 {
            for x in 0..<24 {
                let edge = min(x, y, 23 - x, 23 - y)
                button += edge < 2 ? [30, 90, 200, 255] : [60, 130, 240, UInt8(255 - edge * 4)]
            }
        }
        buttonImage = DisplayImage(id: 1, width: 24, height: 24, pixels: button)
        var icon: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<16 {
                let dx = Double(x) - 7.5
                let dy = Double(y) - 7.5
                icon += [0, 0, 0, (dx * dx + dy * dy) < 49 ? 255 : 0]
            }
        }
        iconImage = DisplayImage(id: 2, width: 16, height: 16, pixels: icon)
    }

    static func headerColors(_ card: Card) -> (Color, Color) {
        (
            Color(red: 0.2 + 0.6 * card.hue, green: 0.4, blue: 0.9 - 0.6 * card.hue),
            Color(red: 0.1, green: 0.2 + 0.5 * card.hue, blue: 0.5)
        )
    }

    /// Where each part of a card goes.
    static func layout(_ card: Card) -> (
        header: Rect, title: Point, subtitle: Point, body: Point, button: Rect, label: Point,
        icon: Rect, badge: Rect
    ) {
        let f = card.frame
        return (
            Rect(x: f.minX, y: f.minY, width: f.width, height: headerHeight),
            Point(x: f.minX + 10, y: f.minY + 19), Point(x: f.minX + 10, y: f.minY + 48),
            Point(x: f.minX + 10, y: f.minY + 66),
            Rect(x: f.maxX - 90, y: f.maxY - 34, width: 80, height: 26),
            Point(x: f.maxX - 68, y: f.maxY - 16),
            Rect(x: f.minX + 10, y: f.maxY - 29, width: 16, height: 16),
            Rect(x: f.maxX - 40, y: f.minY + 38, width: 30, height: 14)
        )
    }

    /// The frame as a display list.
    func displayList() -> DisplayList {
        var list = DisplayList(size: RasterBenchFrame.size, scale: RasterBenchFrame.scale)
        list.addImage(buttonImage)
        list.addImage(iconImage)
        list.append(
            .fillRect(Rect(size: RasterBenchFrame.size), color: Color(white: 0.95)))
        for card in cards {
            let l = RasterBenchFrame.layout(card)
            let s = RasterBenchFrame.shadow
            let (top, bottom) = RasterBenchFrame.headerColors(card)
            let r = RasterBenchFrame.radius
            func text(_ t: String, _ font: FontDescriptor, _ at: Point, _ color: Color) {
                list.append(
                    .glyphRun(
                        GlyphRun(
                            text: t, font: font, color: color, origin: at, width: 0, ascent: 0,
                            descent: 0)))
            }
            list.commands += [
                .save,
                .shadow(color: s.color, offset: s.offset, blur: s.blur),
                .fillRoundedRect(card.frame, radii: .uniform(r), color: .white),
                .restore,
                .save,
                .clipRoundedRect(
                    l.header,
                    radii: CornerRadii(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0)),
                .linearGradient(
                    l.header, start: l.header.origin,
                    end: Point(x: l.header.minX, y: l.header.maxY),
                    stops: [
                        GradientStop(location: 0, color: top),
                        GradientStop(location: 1, color: bottom),
                    ]),
                .restore,
            ]
            text(card.title, RasterBenchFrame.titleFont, l.title, .white)
            text(card.subtitle, RasterBenchFrame.subtitleFont, l.subtitle, .black)
            text(card.body, RasterBenchFrame.bodyFont, l.body, .gray)
            list.commands += [
                .drawImage(
                    id: 1, source: Rect(x: 0, y: 0, width: 24, height: 24), destination: l.button,
                    capInsets: RasterBenchFrame.buttonCaps, tint: nil),
                .drawImage(
                    id: 2, source: Rect(x: 0, y: 0, width: 16, height: 16), destination: l.icon,
                    capInsets: nil, tint: top),
                .fillRoundedRect(
                    l.badge, radii: .uniform(7), color: Color(red: 1, green: 0.9, blue: 0.6)),
                .strokeRoundedRect(l.badge, radii: .uniform(7), color: .orange, lineWidth: 1),
            ]
            text("Open", RasterBenchFrame.buttonFont, l.label, .white)
        }
        return list
    }
}
