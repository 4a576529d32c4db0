public import Trellis

/// The components of the five seed articles, each built with Trellis in a few lines.
@MainActor
public enum SeedComponents {
    /// A small icon: a rounded square of a colour with a lighter centre.
    public static func icon(_ color: Color, side: Double = 20) -> Image {
        let pixels = Int(side)
        var bytes = [UInt8](repeating: 0, count: pixels * pixels * 4)
        let (r, g, b, _) = color.rgba8
        let light = color.interpolated(to: .white, fraction: 0.6).rgba8
        for y in 0..<pixels {
            for x in 0..<pixels {
                let i = (y * pixels + x) * 4
                let inner =
                    x >= pixels / 4 && x < pixels * 3 / 4 && y >= pixels / 4 && y < pixels * 3 / 4
                let corner = (x == 0 || x == pixels - 1) && (y == 0 || y == pixels - 1)
                bytes[i] = inner ? light.red : r
                bytes[i + 1] = inner ? light.green : g
                bytes[i + 2] = inner ? light.blue : b
                bytes[i + 3] = corner ? 0 : 255
            }
        }
        return Image(pixels: PixelBuffer(width: pixels, height: pixels, bytes: bytes))
    }

    /// Seed 004's `SFButton`: an image and a title in a direction, with spacing, content insets
    /// and nine-slice background images for the normal and highlighted states.
    public static func sfButton(direction: Button.Direction) -> Button {
        let normal = Image(
            size: Size(width: 31, height: 31), color: Color(red: 0.2, green: 0.5, blue: 0.95)
        )
        .resizableImage(withCapInsets: EdgeInsets(all: 15))
        let highlighted = Image(
            size: Size(width: 31, height: 31), color: Color(red: 0.1, green: 0.3, blue: 0.7)
        )
        .resizableImage(withCapInsets: EdgeInsets(all: 15))
        let button = Button(
            image: icon(.white, side: 16), title: "direction: \(direction.rawValue)",
            font: .system(size: 13), spacing: direction.isHorizontal ? 10 : 5, direction: direction)
        button.setBackgroundImage(normal, for: .normal)
        button.setBackgroundImage(highlighted, for: .highlighted)
        button.contentEdgeInsets =
            direction.isHorizontal
            ? EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
            : EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        button.sizeToFit()
        return button
    }

    /// Seed 002's `MyButton`: `initWithImage:title:titleFond:imageMargin:imageAlignmentTYpe:`,
    /// with its selected and highlighted titles, images and colours.
    public static func myButton() -> Button {
        let button = Button(
            image: icon(.orange), title: "来点我啊", font: .system(size: 14), spacing: 10,
            direction: .row)
        button.frame = Rect(x: 0, y: 0, width: 120, height: 40)
        button.backgroundColor = .gray
        button.setImage(icon(.red), for: .selected)
        button.setImage(icon(.orange), for: .highlighted)
        button.setTitle("选中了", for: .selected)
        button.setTitle("正在按下...", for: .highlighted)
        button.setTitleColor(.blue, for: .selected)
        button.setTitleColor(.yellow, for: .highlighted)
        return button
    }

    /// Seed 000's `RjxImageTitleView` with an icon and a title, 90 × 70, its content placed
    /// by the given alignments; the title turns red when selected.
    public static func imageTitleView(
        horizontal: ContentHorizontalAlignment, vertical: ContentVerticalAlignment
    ) -> ImageTitleView {
        let view = ImageTitleView(frame: Rect(x: 0, y: 0, width: 90, height: 70))
        view.setImage(icon(.purple, side: 24), andTitle: "Title")
        view.setTitle("Selected", for: .selected)
        view.setTitleColor(.red, for: .selected)
        view.contentHorizontalAlignment = horizontal
        view.contentVerticalAlignment = vertical
        view.backgroundColor = Color(white: 0.92)
        view.contentView.backgroundColor = Color(red: 1, green: 1, blue: 0.6)
        return view
    }

    /// An app of seed 003's grid.
    public struct App: Sendable {
        /// The app's name.
        public var name: String
        /// Its icon.
        public var icon: Image
    }

    /// Seed 003's `MJAppView` as a model-bound cell: an icon and a name filled from an app.
    ///
    /// The cell has no background at rest; it turns grey while a touch is down on it and light
    /// blue once selected (``selectedColor``), so that a tap in the grid shows.
    public final class AppCell: ModelCell<App> {
        /// The background while a touch is down on the cell.
        public static let highlightedColor = Color(white: 0.85)
        /// The background of a selected cell.
        public static let selectedColor = Color(red: 0.8, green: 0.9, blue: 1)

        /// The icon, 60 points square at the top.
        public let iconView = ImageView()
        /// The name under the icon.
        public let nameLabel = Label()

        /// Creates a cell.
        public required init(frame: Rect = .zero) {
            super.init(frame: frame)
            nameLabel.font = .system(size: 12)
            nameLabel.textAlignment = .center
            contentView.addSubview(iconView)
            contentView.addSubview(nameLabel)
            setBackgroundColor(Self.highlightedColor, for: .highlighted)
            setBackgroundColor(Self.selectedColor, for: .selected)
            setBackgroundColor(Self.selectedColor, for: [.highlighted, .selected])
        }

        /// Fills the icon and the name from the app, as `setApp:`.
        public override func modelDidChange() {
            iconView.image = model?.icon
            nameLabel.text = model?.name
        }

        /// Places the icon and the name.
        public override func layoutSubviews() {
            super.layoutSubviews()
            iconView.frame = Rect(x: (bounds.width - 60) / 2, y: 0, width: 60, height: 60)
            nameLabel.frame = Rect(x: 0, y: 65, width: bounds.width, height: 20)
        }
    }

    /// The twelve apps of seed 003.
    public static let apps: [App] = (0..<12).map { index in
        let hue = Double(index) / 12
        return App(
            name: "App \(index + 1)",
            icon: icon(
                Color(red: 0.3 + 0.6 * hue, green: 0.8 - 0.5 * hue, blue: 0.5 + 0.3 * (1 - hue)),
                side: 60))
    }

    /// Seed 003's grid: three columns of 85 × 90 apps on a 320-point width, the margin
    /// (320 − 3 × 85) / 4 between and around them, rows 15 apart from y = 30. The returned data
    /// source must be kept alive as long as the view.
    public static func appGrid() -> (CollectionView, ModelDataSource<AppCell>) {
        let layout = GridLayout(
            columns: 3, itemSize: Size(width: 85, height: 90), lineSpacing: 15,
            interitemSpacing: .auto,
            sectionInsets: EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
        let grid = CollectionView(
            frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let source = ModelDataSource(collectionView: grid, cellType: AppCell.self, sections: [apps])
        return (grid, source)
    }

    /// Seed 001's overlay text, exactly as the article writes it (the last paragraph unclosed).
    public static let signText =
        "<p>连续浇水7天，可得20鲸豆可得15.00元红包;</p><p>连续浇水14天，可得40鲸豆可得15.00元红包;</p>"
        + "<p>连续浇水21天，可得60鲸豆可得15.00元红包;</p><p>连续浇水28天，可得80鲸豆可得15.00元红包;"

    /// Seed 001's `ShadowView`: a 300 × 190 card with rounded corners and a red-to-orange
    /// gradient, holding a translucent scroll view whose label shows the paragraphs as bullet
    /// lines. Present it with an `Overlay` for the dimmed backdrop.
    public static func shadowView() -> View {
        let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 190))
        card.cornerRadius = 10
        card.clipsToBounds = true
        card.gradient = Gradient(
            colors: [.red, .orange], startPoint: .zero, endPoint: Point(x: 0, y: 1))
        let scroll = ScrollView()
        scroll.backgroundColor = Color(white: 1, alpha: 0.3)
        scroll.cornerRadius = 10
        scroll.translatesAutoresizingMaskIntoConstraints = false
        let label = Label()
        label.numberOfLines = 0
        label.setMarkup(
            signText,
            options: MarkupOptions(
                font: .system(size: 16), foregroundColor: .white, paragraphMarker: .bullet))
        let size = label.sizeThatFits(Size(width: 250, height: .greatestFiniteMagnitude))
        label.frame = Rect(x: 10, y: 10, width: 250, height: size.height)
        scroll.addSubview(label)
        scroll.contentSize = Size(width: 0, height: size.height + 20)
        card.addSubview(scroll)
        // As the article: 10 from the top, 15 from each side, 170 high.
        do {
            try LayoutConstraint.activate([
                scroll.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
                scroll.leftAnchor.constraint(equalTo: card.leftAnchor, constant: 15),
                scroll.rightAnchor.constraint(equalTo: card.rightAnchor, constant: -15),
                scroll.heightAnchor.constraint(equalToConstant: 170),
            ])
        } catch {
            // Four independent constraints on a fresh view cannot conflict; keep the frame.
            scroll.translatesAutoresizingMaskIntoConstraints = true
            scroll.frame = Rect(x: 15, y: 10, width: 270, height: 170)
        }
        return card
    }
}
