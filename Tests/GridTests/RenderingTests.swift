import Testing
import TrellisEvents
import TrellisGeometry
import TrellisGrid
import TrellisText
import TrellisViews
import _TrellisTestSupport

/// Seed 003's model: an app's name and icon.
struct App {
    var name: String
    var icon: Image
}

/// Seed 003's `MJAppView` as a model-bound cell: an icon above a name.
@MainActor
final class AppCell: ModelCell<App> {
    let iconView = ImageView()
    let nameLabel = Label()

    required init(frame: Rect) {
        super.init(frame: frame)
        nameLabel.font = .system(size: 12)
        nameLabel.textAlignment = .center
        setBackgroundColor(Color(red: 0.9, green: 0.9, blue: 0.9), for: .selected)
        contentView.addSubview(iconView)
        contentView.addSubview(nameLabel)
    }

    override func modelDidChange() {
        iconView.image = model?.icon
        nameLabel.text = model?.name
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        iconView.frame = Rect(x: 12.5, y: 0, width: 60, height: 60)
        nameLabel.frame = Rect(x: 0, y: 65, width: bounds.width, height: 20)
    }
}

@MainActor
@Suite struct RenderingTests {
    private func seedGrid() -> (Window, CollectionView, ModelDataSource<AppCell>) {
        let names = [
            "Mail", "Maps", "Music", "Notes", "Photos", "Clock", "Camera", "Books", "Files",
            "Stocks", "Weather", "Wallet",
        ]
        let apps = names.enumerated().map { index, name in
            App(
                name: name,
                icon: Image(
                    size: Size(width: 60, height: 60),
                    color: Color(red: Double(index) / 11, green: 0.5, blue: 1 - Double(index) / 11))
            )
        }
        let window = Window(size: Size(width: 320, height: 480))
        let layout = GridLayout(
            columns: 3, itemSize: Size(width: 85, height: 90), lineSpacing: 15,
            sectionInsets: EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
        let collectionView = CollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = .white
        let source = ModelDataSource(
            collectionView: collectionView, cellType: AppCell.self, items: apps)
        window.addSubview(collectionView)
        return (window, collectionView, source)
    }

    @Test func theSeed003GridRendersThroughTheTextBackend() throws {
        let (window, collectionView, source) = seedGrid()
        let lines = try renderText(window).split(separator: "\n").map {
            $0.trimmingPrefix(while: { $0 == " " })
        }.map(String.init)
        #expect(source.sections.first?.count == 12)
        #expect(collectionView.visibleCells.count == 12)
        #expect(lines.contains("clip-rect 0 0 320 480"))
        // Each cell is placed at its seed frame's origin, in order.
        let origins = lines.filter {
            $0.hasPrefix("concatenate 1 0 0 1 ") && !$0.hasSuffix(" 0") && !$0.hasSuffix(" 65")
        }
        #expect(
            origins
                == [
                    "16.25 30", "117.5 30", "218.75 30", "16.25 135", "117.5 135", "218.75 135",
                    "16.25 240", "117.5 240", "218.75 240", "16.25 345", "117.5 345", "218.75 345",
                ].map { "concatenate 1 0 0 1 \($0)" })
        #expect(
            lines.contains(
                #"text "Mail" at 31.7 14.2 width 21.6 font "system" 12 w400 color #000000"#))
        #expect(
            lines.contains(
                #"text "Wallet" at 26.6 14.2 width 31.8 font "system" 12 w400 color #000000"#))
        #expect(lines.filter { $0.hasPrefix("draw-image") }.count == 12)
        #expect(lines.contains("draw-image 12 source 0 0 60 60 dest 0 0 60 60"))
        #expect(!lines.contains { $0.contains("#E6E6E6") })
    }

    @Test func aTappedAppRendersSelected() throws {
        let (window, collectionView, source) = seedGrid()
        window.layoutIfNeeded()
        tap(window, 150, 170)  // row 1, column 1
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        #expect(source.model(at: IndexPath(item: 4, section: 0))?.name == "Photos")
        let lines = try renderText(window).split(separator: "\n").map {
            String($0.trimmingPrefix(while: { $0 == " " }))
        }
        let cell = try #require(lines.firstIndex(of: "concatenate 1 0 0 1 117.5 135"))
        #expect(lines.dropFirst(cell + 1).first == "fill-rect 0 0 85 90 #E6E6E6")
        #expect(lines.filter { $0.contains("#E6E6E6") }.count == 1)
    }
}
