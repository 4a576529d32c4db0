import TrellisGeometry
import TrellisGrid
import TrellisText
import TrellisViews

/// An item of a scene's collection given as a model object: a title and an image, shown as an
/// icon over its name, as seed 003's app grid does.
public struct SceneIconItem: Sendable {
    /// The name under the icon.
    public var title: String?
    /// The icon.
    public var image: Image?
}

/// The cell of ``SceneIconItem``s: the icon centred at the top, the name below it, as seed
/// 003's `MJAppView`.
@MainActor
public final class SceneIconCell: ModelCell<SceneIconItem> {
    /// The icon.
    public let iconView = ImageView()
    /// The name.
    public let nameLabel = Label()

    /// Creates a cell.
    public required init(frame: Rect = .zero) {
        super.init(frame: frame)
        iconView.contentMode = .scaleAspectFit
        nameLabel.textAlignment = .center
        nameLabel.font = .system(size: 12)
        contentView.addSubview(iconView)
        contentView.addSubview(nameLabel)
    }

    /// Shows the item's icon and name.
    public override func modelDidChange() {
        iconView.image = model?.image
        nameLabel.text = model?.title
        setNeedsLayout()
    }

    /// Places the icon above the name.
    public override func layoutSubviews() {
        super.layoutSubviews()
        let nameHeight = nameLabel.intrinsicContentSize.height
        let iconSide = max(0, min(bounds.width, bounds.height - nameHeight - 5))
        iconView.frame = Rect(
            x: (bounds.width - iconSide) / 2, y: 0, width: iconSide, height: iconSide)
        nameLabel.frame = Rect(x: 0, y: iconSide + 5, width: bounds.width, height: nameHeight)
    }
}

extension SceneDecoder {
    /// A `collection`: `items` (view templates or `{"title", "image"}` objects) in a `layout`.
    mutating func makeCollection(_ reader: inout ObjectReader) throws(SceneError) -> View {
        let layout = try decodeGridLayout(reader.value("layout"), path: reader.child("layout"))
        let collection = CollectionView(frame: .zero, collectionViewLayout: layout)
        let items = try reader.elementNodes("items") ?? []
        var views: [View] = []
        var icons: [SceneIconItem] = []
        let itemsPath = reader.member("items")
        for (index, element) in items.enumerated() {
            guard let document = reader.jsonDocument, document[element].isObject
            else {
                throw SceneError(
                    keyPath: "\(itemsPath)[\(index)]",
                    message: "expected a view or an object with \"title\" and \"image\"")
            }
            var item = try ObjectReader(document, node: element, at: itemsPath, index: index)
            if item.has("type") {
                views.append(try decodeView(document, reader: item))
            } else {
                let title = try item.string("title")
                let image = try item.value("image").map { v throws(SceneError) in
                    try decodeImage(v, path: item.member("image"))
                }
                try item.finish(known: ["title", "image"])
                icons.append(SceneIconItem(title: title, image: image))
            }
        }
        if !views.isEmpty && !icons.isEmpty {
            throw SceneError(
                keyPath: reader.child("items"),
                message: "give either views or {\"title\", \"image\"} objects, not both")
        }
        if !icons.isEmpty {
            let source = ModelDataSource(
                collectionView: collection, cellType: SceneIconCell.self, sections: [icons])
            collection.ownedObjects.append(source)
        } else {
            let source = ModelDataSource(
                collectionView: collection, cellType: HostingCell.self, sections: [views])
            collection.ownedObjects.append(source)
        }
        return collection
    }

    private func decodeGridLayout(_ value: JSONValue?, path: String) throws(SceneError)
        -> any CollectionViewLayout
    {
        guard let value else { return FlowLayout() }
        var reader = try ObjectReader(value, path: path)
        let columns = try reader.integer("columns")
        let itemSize = try reader.value("itemSize").map { v throws(SceneError) in
            try SceneValues.size(v, path: reader.child("itemSize"))
        }
        let lineSpacing = try reader.length("lineSpacing") ?? 10
        var spacing: GridLayout.Spacing = .auto
        var flowSpacing = 10.0
        if let raw = reader.value("interitemSpacing") {
            switch raw {
            case .string("auto"):
                guard columns != nil else {
                    throw SceneError(
                        keyPath: reader.child("interitemSpacing"),
                        message: "\"auto\" spacing needs \"columns\" (a column grid)")
                }
                spacing = .auto
            case .number:
                let number = try SceneValues.length(
                    raw, path: reader.child("interitemSpacing"), nonNegative: true)
                spacing = .fixed(number)
                flowSpacing = number
            default:
                throw SceneError(
                    keyPath: reader.child("interitemSpacing"),
                    message: "expected a number or \"auto\"")
            }
        }
        let insets =
            try reader.value("sectionInsets").map { v throws(SceneError) in
                try SceneValues.insets(v, path: reader.child("sectionInsets"))
            } ?? .zero
        try reader.finish(known: [
            "columns", "itemSize", "lineSpacing", "interitemSpacing", "sectionInsets",
        ])
        guard lineSpacing >= 0 else {
            throw SceneError(keyPath: reader.child("lineSpacing"), message: "cannot be negative")
        }
        if let columns {
            guard (1...1000).contains(columns) else {
                throw SceneError(keyPath: reader.child("columns"), message: "must be 1 to 1000")
            }
            guard let itemSize else {
                throw SceneError(
                    keyPath: reader.child("itemSize"),
                    message: "a column grid needs itemSize [width, height]")
            }
            return GridLayout(
                columns: columns, itemSize: itemSize, lineSpacing: lineSpacing,
                interitemSpacing: spacing,
                sectionInsets: insets)
        }
        let flow = FlowLayout()
        if let itemSize { flow.itemSize = itemSize }
        flow.minimumLineSpacing = lineSpacing
        flow.minimumInteritemSpacing = flowSpacing
        flow.sectionInset = insets
        return flow
    }
}
