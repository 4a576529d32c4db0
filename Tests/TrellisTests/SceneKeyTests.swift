import Foundation
import Testing
import Trellis

/// Decodes one view given as JSON at the root of a 320 × 480 scene, in a base directory.
@MainActor
private func root(_ json: String, baseDirectory: String = ".") throws(SceneError) -> View {
    let document = ##"{"size": [320, 480], "root": \##(json)}"##
    return try Scene(json: Array(document.utf8), baseDirectory: baseDirectory).root
}

/// The error that decoding one view at the root gives, or nil if it decodes.
@MainActor
private func rootError(_ json: String) -> SceneError? {
    do {
        _ = try root(json)
        return nil
    } catch {
        return error
    }
}

/// Decodes a scene whose root holds one child with the id `v`, which keeps its own size.
@MainActor
private func child(_ json: String, baseDirectory: String = ".") throws(SceneError) -> Scene {
    let document = ##"{"size": [320, 480], "root": {"children": [\##(json)]}}"##
    return try Scene(json: Array(document.utf8), baseDirectory: baseDirectory)
}

@MainActor
private func button(_ keys: String) throws -> Button {
    try #require(
        try child(##"{"id": "v", "type": "button", \##(keys)}"##).view(withID: "v") as? Button)
}

@MainActor
private func label(_ keys: String) throws -> Label {
    try #require(try root(##"{"type": "label", "text": "Hi", \##(keys)}"##) as? Label)
}

@MainActor
@Suite struct SceneButtonKeyTests {
    @Test func aBackgroundImageGivenOnceIsTheNormalOne() throws {
        let decoded = try button(
            ##""backgroundImage": {"size": [30, 20], "color": "#007AFF", "capInsets": [5, 6, 7, 8]}"##
        )
        let image = try #require(decoded.backgroundImage(for: .normal))
        #expect(image.size == Size(width: 30, height: 20))
        #expect(image.capInsets == EdgeInsets(top: 5, left: 6, bottom: 7, right: 8))
        #expect(image.pixels.color(x: 0, y: 0) == Color(rgb: 0x00_7AFF))
    }

    @Test func perStateBackgroundImages() throws {
        let decoded = try button(
            ##""backgroundImage": {"normal": {"size": [10, 10], "color": "red"}, "highlighted": {"size": [12, 12], "color": "blue"}}"##
        )
        #expect(decoded.backgroundImage(for: .normal)?.size == Size(width: 10, height: 10))
        #expect(decoded.backgroundImage(for: .highlighted)?.size == Size(width: 12, height: 12))
        #expect(decoded.backgroundImage(for: .highlighted)?.pixels.color(x: 0, y: 0) == .blue)
    }

    @Test func perStateImagesAndTitleColors() throws {
        let decoded = try button(
            ##""image": {"normal": {"size": [8, 8], "color": "white"}, "selected": {"size": [16, 16], "color": "black"}, "disabled": {"size": [4, 4]}}, "titleColor": {"normal": "#FF0000", "highlighted": "#00FF00", "selected": "blue", "disabled": "#808080"}"##
        )
        #expect(decoded.image(for: .normal)?.size == Size(width: 8, height: 8))
        #expect(decoded.image(for: .selected)?.size == Size(width: 16, height: 16))
        #expect(decoded.image(for: .disabled)?.size == Size(width: 4, height: 4))
        #expect(decoded.titleColor(for: .normal) == .red)
        #expect(decoded.titleColor(for: .highlighted) == .green)
        #expect(decoded.titleColor(for: .selected) == .blue)
        #expect(decoded.titleColor(for: .disabled) == Color(rgb: 0x80_8080))
    }

    @Test func anAttributedTitleIsParsedMarkupInTheButtonsFont() throws {
        let decoded = try button(
            ##""font": {"size": 11}, "attributedTitle": "<b>Go</b> now""##)
        let title = try #require(decoded.attributedTitle(for: .normal))
        #expect(title.string == "Go now")
        #expect(title.attributes(at: 0).font?.weight == .bold)
        #expect(title.attributes(at: 0).font?.size == 11)
        #expect(title.attributes(at: 3).font?.weight != .bold)
    }

    @Test func perStateAttributedTitles() throws {
        let decoded = try button(
            ##""attributedTitle": {"normal": "<i>Off</i>", "selected": "<u>On</u>"}"##)
        #expect(decoded.attributedTitle(for: .normal)?.string == "Off")
        #expect(decoded.attributedTitle(for: .normal)?.attributes(at: 0).font?.isItalic == true)
        #expect(decoded.attributedTitle(for: .selected)?.string == "On")
        #expect(decoded.attributedTitle(for: .selected)?.attributes(at: 0).underline != nil)
    }

    @Test func aBadAttributedTitleNamesTheState() {
        do {
            _ = try root(##"{"type": "button", "attributedTitle": {"selected": 5}}"##)
            Issue.record("decoded a number as markup")
        } catch {
            #expect(
                error.description
                    == "root.attributedTitle.selected: expected a string, found a number")
        }
    }

    @Test(arguments: [
        (["highlighted"], true, false, true),
        (["selected"], false, true, true),
        (["disabled"], false, false, false),
        (["highlighted", "selected"], true, true, true),
        ([], false, false, true),
    ])
    func stateListsSetTheControlState(
        states: [String], highlighted: Bool, selected: Bool, enabled: Bool
    ) throws {
        let list = states.map { "\"\($0)\"" }.joined(separator: ", ")
        let decoded = try button(##""title": "T", "state": [\##(list)]"##)
        #expect(decoded.isHighlighted == highlighted)
        #expect(decoded.isSelected == selected)
        #expect(decoded.isEnabled == enabled)
    }

    @Test func theHighlightedStateShowsTheHighlightedTitle() throws {
        let decoded = try button(
            ##""title": {"normal": "Save", "highlighted": "Saving…"}, "state": ["highlighted"]"##)
        #expect(decoded.currentTitle == "Saving…")
        #expect(decoded.state == .highlighted)
    }

    @Test func anUnknownStateInTheListIsAnError() {
        do {
            _ = try root(##"{"type": "button", "state": ["selected", "pressed"]}"##)
            Issue.record("decoded an unknown state")
        } catch {
            #expect(
                error.description
                    == ##"root.state[1]: unknown state "pressed"; use "selected", "highlighted" or "disabled""##
            )
        }
    }

    @Test(arguments: Button.Direction.allCases)
    func everyDirection(direction: Button.Direction) throws {
        #expect(try button(##""direction": "\##(direction.rawValue)""##).direction == direction)
    }

    @Test(arguments: [
        ("center", ContentHorizontalAlignment.center), ("left", .left), ("right", .right),
        ("fill", .fill), ("leading", .leading), ("trailing", .trailing),
    ])
    func everyHorizontalAlignment(name: String, alignment: ContentHorizontalAlignment) throws {
        let decoded = try button(##""contentHorizontalAlignment": "\##(name)""##)
        #expect(decoded.contentHorizontalAlignment == alignment)
    }

    @Test(arguments: [
        ("center", ContentVerticalAlignment.center), ("top", .top), ("bottom", .bottom),
        ("fill", .fill),
    ])
    func everyVerticalAlignment(name: String, alignment: ContentVerticalAlignment) throws {
        let decoded = try button(##""contentVerticalAlignment": "\##(name)""##)
        #expect(decoded.contentVerticalAlignment == alignment)
    }

    @Test func theFontSpacingAndInsetsSizeTheButton() throws {
        let decoded = try button(
            ##""title": "Go", "image": {"size": [10, 10]}, "font": {"family": "DejaVu Sans Mono", "size": 20, "monospaced": true}, "spacing": 6, "contentInsets": [1, 2, 3, 4]"##
        )
        #expect(
            decoded.titleFont
                == Font(family: "DejaVu Sans Mono", size: 20, weight: .regular, isMonospaced: true))
        #expect(decoded.spacing == 6)
        #expect(decoded.contentEdgeInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        // The button is sized to fit, so the spacing and insets widen it.
        let plain = try button(
            ##""title": "Go", "image": {"size": [10, 10]}, "font": {"family": "DejaVu Sans Mono", "size": 20, "monospaced": true}"##
        )
        #expect(abs(decoded.frame.width - plain.frame.width - 12) < 1)
        #expect(abs(decoded.frame.height - plain.frame.height - 4) < 1)
    }
}

@MainActor
@Suite struct SceneLabelKeyTests {
    @Test(arguments: [
        ("wordWrap", LineBreakMode.byWordWrapping), ("charWrap", .byCharWrapping),
        ("clip", .byClipping), ("truncateHead", .byTruncatingHead),
        ("truncateMiddle", .byTruncatingMiddle), ("truncateTail", .byTruncatingTail),
    ])
    func everyLineBreakMode(name: String, mode: LineBreakMode) throws {
        #expect(try label(##""lineBreakMode": "\##(name)""##).lineBreakMode == mode)
    }

    @Test func lineBreakStrategyIsStandardByDefaultAndTakesNamesOrArrays() throws {
        #expect(try label(##""numberOfLines": 0"##).lineBreakStrategy == .standard)
        #expect(try label(##""lineBreakStrategy": "unicode""##).lineBreakStrategy == [])
        #expect(try label(##""lineBreakStrategy": []"##).lineBreakStrategy == [])
        #expect(
            try label(##""lineBreakStrategy": ["standard", "pushOut", "hangulWordPriority"]"##)
                .lineBreakStrategy == [.standard, .pushOut, .hangulWordPriority])
        do {
            _ = try root(##"{"type": "label", "lineBreakStrategy": ["standard", "strict"]}"##)
            Issue.record("decoded an unknown line break strategy")
        } catch {
            #expect(error.keyPath == "root.lineBreakStrategy[1]")
            #expect(error.message.contains("\"hangulWordPriority\""))
        }
    }

    @Test(arguments: [
        ("natural", TextAlignment.natural), ("left", .left), ("center", .center),
        ("right", .right), ("justified", .justified),
    ])
    func everyTextAlignment(name: String, alignment: TextAlignment) throws {
        #expect(try label(##""textAlignment": "\##(name)""##).textAlignment == alignment)
    }

    @Test func anUnknownLineBreakModeListsTheChoices() {
        do {
            _ = try root(##"{"type": "label", "lineBreakMode": "wrap"}"##)
            Issue.record("decoded an unknown line break mode")
        } catch {
            #expect(error.keyPath == "root.lineBreakMode")
            #expect(error.message.contains("\"truncateTail\""))
        }
    }

    @Test func numericWeightsAndMonospacedFonts() throws {
        let decoded = try label(##""font": {"size": 9, "weight": 0.4, "monospaced": true}"##)
        #expect(decoded.font.size == 9)
        #expect(decoded.font.weight == Font.Weight(rawValue: 0.4))
        #expect(decoded.font.isMonospaced)
        #expect(decoded.font.family == Font.systemFamily)
    }

    @Test func anEmptyFontIsTheSystemFontAtSeventeenPoints() throws {
        let decoded = try label(##""font": {}"##)
        #expect(decoded.font == Font(family: Font.systemFamily, size: 17))
    }

    @Test func aNumericWeightOutsideTheRangeIsAnError() {
        do {
            _ = try root(##"{"type": "label", "font": {"weight": 2}}"##)
            Issue.record("decoded weight 2")
        } catch {
            #expect(error.description == "root.font.weight: a numeric weight must be in -1...1")
        }
    }

    @Test func giveTextOrMarkupNotBoth() {
        do {
            _ = try root(##"{"type": "label", "text": "a", "markup": "<b>a</b>"}"##)
            Issue.record("decoded text and markup")
        } catch {
            #expect(error.description == "root.markup: give either text or markup, not both")
        }
    }
}

@MainActor
@Suite struct SceneImageKeyTests {
    @Test(arguments: ContentMode.allCases)
    func everyContentMode(mode: ContentMode) throws {
        let view = try #require(
            try root(
                ##"{"type": "image", "image": {"size": [4, 4]}, "contentMode": "\##(mode.rawValue)"}"##
            ) as? ImageView)
        #expect(view.contentMode == mode)
    }

    @Test func pngPathsAreRelativeToTheSceneAndReadTheirScale() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // 4 × 2 pixels, green.
        let pixels = [UInt8]((0..<8).flatMap { _ in [0, 255, 0, 255] as [UInt8] })
        let png = try Image.encodePNG(pixels, width: 4, height: 2)
        try Data(png).write(to: directory.appendingPathComponent("icon.png"))
        try Data(png).write(to: directory.appendingPathComponent("icon@2x.png"))
        let scene = try Scene(
            json: Array(
                ##"{"size": [100, 100], "root": {"children": [{"id": "a", "type": "image", "image": "icon.png"}, {"id": "b", "type": "image", "image": "icon@2x.png"}, {"id": "c", "type": "button", "image": "icon.png"}]}}"##
                    .utf8),
            baseDirectory: directory.path)
        let one = try #require((scene.view(withID: "a") as? ImageView)?.image)
        #expect(one.size == Size(width: 4, height: 2))
        #expect(one.pixels.color(x: 3, y: 1) == .green)
        let two = try #require((scene.view(withID: "b") as? ImageView)?.image)
        #expect(two.scale == 2)
        #expect(two.size == Size(width: 2, height: 1))
        #expect((scene.view(withID: "c") as? Button)?.image(for: .normal)?.size.width == 4)
    }

    @Test func aSyntheticImageWithoutAColourIsGray() throws {
        let scene = try child(##"{"id": "v", "type": "image", "image": {"size": [3, 3]}}"##)
        let view = try #require(scene.view(withID: "v") as? ImageView)
        let gray = Image(size: Size(width: 1, height: 1), color: .gray).pixels.color(x: 0, y: 0)
        #expect(gray != nil && view.image?.pixels.color(x: 1, y: 1) == gray)
        #expect(view.frame.size == Size(width: 3, height: 3))
    }
}

@MainActor
@Suite struct SceneCollectionKeyTests {
    @Test func viewTemplatesAreHostedAsCells() throws {
        let scene = try Scene(
            json: Array(
                ##"{"size": [320, 480], "root": {"id": "grid", "type": "collection", "frame": [0, 0, 320, 480], "layout": {"columns": 2, "itemSize": [100, 40], "interitemSpacing": 20, "lineSpacing": 5, "sectionInsets": [10, 30, 0, 0]}, "items": [{"type": "label", "text": "One"}, {"type": "button", "title": "Two"}, {"type": "view", "backgroundColor": "red"}]}}"##
                    .utf8))
        scene.window.layoutIfNeeded()
        let grid = try #require(scene.view(withID: "grid") as? CollectionView)
        let cells = grid.visibleCells.sorted {
            ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX)
        }
        #expect(cells.count == 3)
        #expect(cells.allSatisfy { $0 is HostingCell })
        #expect(
            cells.map(\.frame) == [
                Rect(x: 30, y: 10, width: 100, height: 40),
                Rect(x: 150, y: 10, width: 100, height: 40),
                Rect(x: 30, y: 55, width: 100, height: 40),
            ])
        let hosted = cells.map { ($0 as? HostingCell)?.model }
        try #require(hosted.count > 2)
        #expect((hosted[0] as? Label)?.text == "One")
        #expect((hosted[1] as? Button)?.title(for: .normal) == "Two")
        #expect(hosted[2]?.backgroundColor == .red)
        // The hosted view fills its cell.
        #expect(hosted[0]?.frame.size == Size(width: 100, height: 40))
        #expect(hosted[0]?.superview === cells[0].contentView)
        let layout = try #require(grid.collectionViewLayout as? GridLayout)
        #expect(layout.interitemSpacing == .fixed(20))
    }

    @Test func withoutColumnsTheLayoutIsAFlowLayoutWithUIKitsDefaults() throws {
        let grid = try #require(
            try root(##"{"type": "collection", "layout": {}, "items": []}"##) as? CollectionView)
        let flow = try #require(grid.collectionViewLayout as? FlowLayout)
        #expect(flow.itemSize == Size(width: 50, height: 50))
        #expect(flow.minimumLineSpacing == 10 && flow.minimumInteritemSpacing == 10)
        #expect(flow.sectionInset == .zero)
        let bare = try #require(
            try root(##"{"type": "collection"}"##) as? CollectionView)
        #expect(bare.collectionViewLayout is FlowLayout)
    }

    @Test func aFlowLayoutTakesItsKeys() throws {
        let scene = try child(
            ##"{"id": "v", "type": "collection", "frame": [0, 0, 200, 300], "layout": {"itemSize": [40, 30], "interitemSpacing": 7, "lineSpacing": 3, "sectionInsets": [1, 2, 3, 4]}, "items": [{"title": "a"}, {"title": "b"}, {"title": "c"}, {"title": "d"}, {"title": "e"}]}"##
        )
        let grid = try #require(scene.view(withID: "v") as? CollectionView)
        let flow = try #require(grid.collectionViewLayout as? FlowLayout)
        #expect(flow.itemSize == Size(width: 40, height: 30))
        #expect(flow.minimumInteritemSpacing == 7 && flow.minimumLineSpacing == 3)
        #expect(flow.sectionInset == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        scene.window.layoutIfNeeded()
        let rows = Set(grid.visibleCells.map(\.frame.minY)).sorted()
        // 194 points of room: four 40-point items with at least 7 between them fit on a line.
        #expect(rows == [1, 34])
        #expect(grid.visibleCells.allSatisfy { $0 is SceneIconCell })
    }

    @Test func theCollectionKeepsItsDataSourceWithoutTheScene() throws {
        // Only the root view is kept: the cells must still come from the decoded items.
        let grid = try #require(
            try root(
                ##"{"type": "collection", "frame": [0, 0, 320, 200], "layout": {"columns": 3, "itemSize": [85, 90]}, "items": [{"title": "Mail"}, {"title": "Maps"}]}"##
            ) as? CollectionView)
        let window = Window(size: Size(width: 320, height: 200))
        window.addSubview(grid)
        window.layoutIfNeeded()
        let names = grid.visibleCells.compactMap { ($0 as? SceneIconCell)?.nameLabel.text }
        #expect(names.sorted() == ["Mail", "Maps"])
    }

    @Test func iconItemsShowTheirTitleAndImage() throws {
        let scene = try child(
            ##"{"id": "v", "type": "collection", "frame": [0, 0, 320, 200], "layout": {"columns": 3, "itemSize": [85, 90]}, "items": [{"title": "Mail", "image": {"size": [60, 60], "color": "blue"}}]}"##
        )
        let grid = try #require(scene.view(withID: "v") as? CollectionView)
        scene.window.layoutIfNeeded()
        let cell = try #require(grid.visibleCells.first as? SceneIconCell)
        #expect(cell.nameLabel.text == "Mail")
        #expect(cell.iconView.image?.size == Size(width: 60, height: 60))
        let layout = try #require(grid.collectionViewLayout as? GridLayout)
        #expect(layout.interitemSpacing == .auto && layout.lineSpacing == 10)
    }

    @Test(arguments: [
        (
            ##"{"type": "collection", "items": [{"title": "a"}, {"type": "view"}]}"##,
            ##"root.items: give either views or {"title", "image"} objects, not both"##
        ),
        (
            ##"{"type": "collection", "items": [5]}"##,
            ##"root.items[0]: expected a view or an object with "title" and "image""##
        ),
        (
            ##"{"type": "collection", "layout": {"columns": 3}}"##,
            "root.layout.itemSize: a column grid needs itemSize [width, height]"
        ),
        (
            ##"{"type": "collection", "layout": {"columns": 0, "itemSize": [1, 1]}}"##,
            "root.layout.columns: must be 1 to 1000"
        ),
        (
            ##"{"type": "collection", "layout": {"interitemSpacing": "wide"}}"##,
            ##"root.layout.interitemSpacing: expected a number or "auto""##
        ),
        (
            ##"{"type": "collection", "layout": {"lineSpacing": -1}}"##,
            "root.layout.lineSpacing: cannot be negative"
        ),
        (
            ##"{"type": "collection", "layout": {"interitemSpacing": "auto"}}"##,
            ##"root.layout.interitemSpacing: "auto" spacing needs "columns" (a column grid)"##
        ),
        (
            ##"{"type": "collection", "items": [{"title": "a", "subtitle": "b"}]}"##,
            "root.items[0].subtitle: unknown key"
        ),
    ])
    func collectionErrorsNameTheKey(json: String, message: String) {
        let description = rootError(json)?.description
        #expect(description?.hasPrefix(message) == true, "\(description ?? "decoded")")
    }
}

@MainActor
@Suite struct SceneStyleKeyTests {
    /// Every property docs/SCENES.md lists, with a value that differs from CSS's default.
    nonisolated static let properties: [(String, String)] = [
        ("display", #""none""#), ("position", #""absolute""#), ("left", "1"), ("top", "2"),
        ("right", "3"), ("bottom", "4"), ("flexDirection", #""column""#),
        ("flexWrap", #""wrap""#), ("justifyContent", #""center""#),
        ("alignItems", #""baseline""#), ("alignSelf", #""flex-end""#),
        ("alignContent", #""space-between""#), ("flexGrow", "1"), ("flexShrink", "0"),
        ("flexBasis", #""50%""#), ("width", "10"), ("height", #""25%""#), ("minWidth", "5"),
        ("minHeight", "5"), ("maxWidth", "50"), ("maxHeight", "50"), ("aspectRatio", "1.5"),
        ("gap", "4"), ("rowGap", "4"), ("columnGap", "4"), ("margin", "[1, 2, 3, 4]"),
        ("padding", "6"), ("border", "[1, 1, 1, 1]"), ("intrinsicSizing", #""spec""#),
    ]

    @Test(arguments: SceneStyleKeyTests.properties)
    func everyDocumentedPropertyChangesTheStyle(name: String, value: String) throws {
        let view = try root(##"{"style": {"\##(name)": \##(value)}}"##)
        let style = try #require(view.flexStyle)
        #expect(style != FlexStyle(), "\(name) left the style at its defaults")
    }

    @Test func theDocumentedPropertiesAreAllKnown() {
        for (name, _) in Self.properties {
            #expect(FlexStyle.propertyNames.contains(name), "\(name)")
        }
    }
}

@MainActor
@Suite struct SceneOtherKeyTests {
    @Test func textFieldsTakeAFontAndATextColor() throws {
        let field = try #require(
            try root(
                ##"{"type": "textField", "text": "a", "font": {"size": 13, "italic": true}, "textColor": "#336699"}"##
            ) as? TextField)
        #expect(field.font == Font(family: Font.systemFamily, size: 13, isItalic: true))
        #expect(field.textColor == Color(rgb: 0x33_6699))
    }

    @Test func aGradientWithoutEndsRunsTopCentreToBottomCentre() throws {
        let view = try root(##"{"gradient": {"colors": ["red", "blue"]}}"##)
        #expect(
            view.gradient
                == Gradient(
                    colors: [.red, .blue], locations: nil, startPoint: Point(x: 0.5, y: 0),
                    endPoint: Point(x: 0.5, y: 1)))
    }

    @Test func aGradientNeedsOneLocationPerColour() {
        do {
            _ = try root(##"{"gradient": {"colors": ["red", "blue"], "locations": [0]}}"##)
            Issue.record("decoded one location for two colours")
        } catch {
            #expect(
                error.description == "root.gradient.locations: give one location per colour (2)")
        }
    }
}

/// A label's markup options: seed 001's server string of `<p>` paragraphs, drawn as bullets.
@MainActor
@Suite struct SceneMarkupOptionTests {
    private func markupLabel(_ options: String, markup: String = "<p>a</p><p>b") throws -> Label {
        try #require(
            try root(
                ##"{"type": "label", "markup": "\##(markup)", "markupOptions": \##(options)}"##)
                as? Label)
    }

    private func error(_ json: String) -> String {
        rootError(json)?.description ?? ""
    }

    @Test func paragraphsTakeTheMarkerAsListItemsWould() throws {
        let bullets = try markupLabel(#"{"paragraphMarker": "bullet", "listIndent": 20}"#)
        let list = try #require(
            try root(
                ##"{"type": "label", "markup": "<ul><li>a</li><li>b</li></ul>", "markupOptions": {"listIndent": 20}}"##
            ) as? Label)
        #expect(bullets.attributedText == list.attributedText)
        #expect(bullets.attributedText?.string.contains("a") == true)
        let numbered = try markupLabel(#"{"paragraphMarker": "decimal"}"#)
        #expect(numbered.attributedText != bullets.attributedText)
        let custom = try markupLabel(#"{"paragraphMarker": {"text": "★"}}"#)
        #expect(custom.attributedText != bullets.attributedText)
    }

    @Test func whiteSpaceIsKeptWhenAskedFor() throws {
        let normal = try markupLabel(#"{"whiteSpace": "normal"}"#, markup: "a   b")
        let pre = try markupLabel(#"{"whiteSpace": "pre"}"#, markup: "a   b")
        #expect(normal.attributedText?.string == "a b")
        #expect(pre.attributedText?.string == "a   b")
    }

    @Test func badOptionsNameTheKeyAndWhatItTakes() {
        #expect(
            error(
                #"{"type": "label", "markup": "<p>a", "markupOptions": {"paragraphMarker": "star"}}"#
            )
            .contains(#"root.markupOptions.paragraphMarker: unknown marker "star""#))
        #expect(
            error(
                #"{"type": "label", "markup": "a", "markupOptions": {"paragraphMarker": {"text": ""}}}"#
            )
            .contains("root.markupOptions.paragraphMarker.text: give 1 to 16 characters"))
        #expect(
            error(#"{"type": "label", "markup": "a", "markupOptions": {"listIndent": -1}}"#)
                .contains("root.markupOptions.listIndent"))
        #expect(
            error(#"{"type": "label", "markup": "a", "markupOptions": {"whitespace": "pre"}}"#)
                .contains(#"did you mean "whiteSpace""#))
        #expect(
            error(#"{"type": "label", "text": "a", "markupOptions": {}}"#)
                .contains(#"root.markupOptions: goes with "markup""#))
    }
}

/// Animations a scene declares, started at the window's time 0.
@MainActor
@Suite struct SceneAnimationTests {
    private func scene(_ animations: String) throws(SceneError) -> Scene {
        let document =
            ##"{"size": [100, 100], "root": {"children": [{"id": "box", "frame": [0, 0, 10, 10]}]}, "animations": \##(animations)}"##
        return try Scene(json: Array(document.utf8))
    }

    @Test func declaredAnimationsMoveWithTheWindowsClock() throws {
        let decoded = try scene(
            #"[{"view": "box", "property": "alpha", "from": 0, "to": 1, "duration": 1, "curve": "linear"}, {"view": "box", "property": "frame", "to": [50, 50, 20, 20], "duration": 2, "curve": [0, 0, 1, 1], "delay": 1}]"#
        )
        let box = try #require(decoded.view(withID: "box"))
        #expect(box.alpha == 1)
        #expect(box.frame == Rect(x: 50, y: 50, width: 20, height: 20))
        decoded.window.advanceTime(to: 0.25)
        #expect(abs(box.presentationAlpha - 0.25) < 1e-12)
        #expect(box.presentationFrame == Rect(x: 0, y: 0, width: 10, height: 10))
        decoded.window.advanceTime(to: 2)
        #expect(abs(box.presentationFrame.minX - 25) < 1e-9)
    }

    @Test(arguments: [
        (#"{}"#, "scene.animations: expected an array"),
        (#"[{"view": "nope", "property": "alpha", "to": 1, "duration": 1}]"#, "no view has the id"),
        (
            #"[{"view": "box", "property": "size", "to": 1, "duration": 1}]"#,
            "unknown value \"size\""
        ),
        (#"[{"view": "box", "property": "alpha", "to": 2, "duration": 1}]"#, "must be in 0...1"),
        (#"[{"view": "box", "property": "alpha", "to": 1}]"#, "duration: missing"),
        (
            #"[{"view": "box", "property": "alpha", "to": 1, "duration": 1, "curve": "bounce"}]"#,
            "unknown curve"
        ),
        (
            #"[{"view": "box", "property": "alpha", "to": 1, "duration": 1, "curve": "linear", "spring": {}}]"#,
            "either curve or spring"
        ),
        (#"[{"view": "box", "property": "center", "to": [1], "duration": 1}]"#, "expected [x, y]"),
    ])
    func badAnimationsNameTheKeyPath(animations: String, message: String) {
        do {
            _ = try scene(animations)
            Issue.record("decoded")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}

@MainActor
@Suite struct SceneDirectionKeyTests {
    @Test func aViewCanBeForcedLeftToRightInARightToLeftScene() throws {
        let document = ##"""
            {"size": [320, 100], "direction": "rtl", "root": {"children": [
                {"id": "phone", "type": "segmented", "frame": [0, 0, 180, 32],
                 "segments": ["1", "2", "3"], "semanticContentAttribute": "forceLeftToRight"},
                {"id": "free", "type": "segmented", "frame": [0, 40, 180, 32],
                 "segments": ["1", "2", "3"]}]}}
            """##
        let scene = try Scene(json: Array(document.utf8))
        let phone = try #require(scene.view(withID: "phone") as? SegmentedControl)
        let free = try #require(scene.view(withID: "free") as? SegmentedControl)
        #expect(phone.semanticContentAttribute == .forceLeftToRight)
        #expect(phone.segmentFrames.first?.minX == 0)
        #expect(free.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(free.segmentFrames.first?.maxX == 180)
    }

    @Test(arguments: SemanticContentAttribute.allCases)
    func everyAttributeDecodesByItsSwiftName(attribute: SemanticContentAttribute) throws {
        let view = try root(##"{"semanticContentAttribute": "\##(attribute)"}"##)
        #expect(view.semanticContentAttribute == attribute)
    }

    @Test func anUnknownAttributeIsNamed() {
        do {
            _ = try root(##"{"semanticContentAttribute": "sideways"}"##)
            Issue.record("accepted an unknown attribute")
        } catch {
            #expect(error.description.contains("semanticContentAttribute"))
            #expect(error.description.contains("forceRightToLeft"))
        }
    }
}

/// A scene's repeated `style` objects are decoded once and shared; every view must still get
/// the style its own object gives, whatever the objects before it were.
@MainActor
@Suite struct RepeatedStyleTests {
    /// A style object from a small vocabulary: repeats, near misses (key order, `-0`, a list
    /// against a single value) and more distinct objects than the decoder remembers.
    static func styleObject(_ index: Int) -> String {
        switch index % 9 {
        case 0: ##"{"width": 10, "height": 20}"##
        case 1: ##"{"height": 20, "width": 10}"##
        case 2: ##"{"width": -0, "height": 20}"##
        case 3: ##"{"width": 0, "height": 20}"##
        case 4: ##"{"margin": [1, 2, 3, 4], "flexGrow": 1}"##
        case 5: ##"{"margin": [1, 2, 3, 5], "flexGrow": 1}"##
        case 6: ##"{"margin": 1, "flexGrow": 1}"##
        case 7: ##"{"width": "50%", "alignSelf": "center"}"##
        default: ##"{"width": \##(index % 101), "height": \##(index % 7)}"##
        }
    }

    @Test func everyViewGetsTheStyleItsObjectGives() throws {
        let count = 600
        let children = (0..<count).map {
            ##"{"id": "v\##($0)", "style": \##(Self.styleObject($0))}"##
        }
        let document =
            ##"{"size": [320, 480], "root": {"style": {"flexWrap": "wrap"}, "children": [\##(children.joined(separator: ", "))]}}"##
        let scene = try Scene(json: Array(document.utf8))
        for index in 0..<count {
            let alone = try Scene(
                json: Array(
                    ##"{"size": [320, 480], "root": {"children": [{"id": "v", "style": \##(Self.styleObject(index))}]}}"##
                        .utf8))
            let expected = try #require(alone.view(withID: "v")?.flexStyle)
            let decoded = try #require(scene.view(withID: "v\(index)")?.flexStyle)
            #expect(decoded == expected, "view \(index)")
            if case .points(let width) = decoded.width {
                #expect(
                    width.sign == (index % 9 == 2 ? .minus : .plus),
                    "the sign of view \(index)'s zero")
            }
        }
    }

    @Test func aRepeatedStyleWithAnErrorIsReportedWhereItIs() {
        let good = ##"{"style": {"width": 10}}"##
        let bad = ##"{"id": "b", "style": {"width": 10, "hieght": 5}}"##
        let document =
            ##"{"size": [320, 480], "root": {"children": [\##(good), \##(good), \##(bad)]}}"##
        #expect {
            try Scene(json: Array(document.utf8))
        } throws: { error in
            "\(error)".contains("root.children[2].style.hieght")
        }
    }
}

@Suite struct DecodedStyleTableTests {
    /// Calls `body` with the texts, as a document holds them: side by side in one buffer.
    private static func withTexts<R>(
        _ texts: [String], _ body: ([UnsafeBufferPointer<UInt8>]) throws -> R
    ) rethrows -> R {
        let bytes = Array(texts.joined().utf8)
        return try bytes.withUnsafeBufferPointer { all in
            var start = 0
            let pieces = texts.map { text in
                defer { start += text.utf8.count }
                return UnsafeBufferPointer(rebasing: all[start..<start + text.utf8.count])
            }
            return try body(pieces)
        }
    }

    /// The style objects of a wrapping list whose items repeat 21 sizes in turn.
    static let listStyles: [String] = (0..<21).map { index in
        "{\"width\": \(10 + 5 * (index % 7)), \"height\": \(10 + 4 * (index / 7))}"
    }

    /// Every style of a list that repeats a few dozen in turn is found again: none pushes
    /// another out of the table.
    @Test func aListsRepeatedStylesAreAllFoundAgain() {
        Self.withTexts(Self.listStyles + Self.listStyles) { texts in
            var table = DecodedStyleTable()
            var stored: [FlexStyleStorage] = []
            for text in texts.prefix(21) {
                let hash = DecodedStyleTable.hash(ofText: text)
                #expect(table.storage(forText: text, hash: hash) == nil)
                let storage = FlexStyleStorage(FlexStyle())
                table.remember(text: text, storage: storage, hash: hash)
                stored.append(storage)
            }
            // The second copy of each text lies elsewhere in the buffer: found by its bytes.
            for (index, text) in texts.dropFirst(21).enumerated() {
                let found = table.storage(forText: text, hash: DecodedStyleTable.hash(ofText: text))
                #expect(found === stored[index], "style \(index)")
            }
        }
    }

    /// With more objects than the table holds, a lookup answers with the object's own stored
    /// style or with nothing, and never with another object's, even among texts of one length.
    @Test func moreObjectsThanSlotsNeverGiveAnotherObjectsStyle() {
        let objects = (0..<500).map { "{\"flexGrow\": \(1000 + $0)}" }
        Self.withTexts(objects) { texts in
            var table = DecodedStyleTable()
            var stored: [FlexStyleStorage] = []
            for text in texts {
                let storage = FlexStyleStorage(FlexStyle())
                table.remember(
                    text: text, storage: storage, hash: DecodedStyleTable.hash(ofText: text))
                stored.append(storage)
            }
            var found = 0
            for (index, text) in texts.enumerated() {
                let hash = DecodedStyleTable.hash(ofText: text)
                if let storage = table.storage(forText: text, hash: hash) {
                    #expect(storage === stored[index], "object \(index)")
                    found += 1
                }
            }
            #expect(found > 0 && found <= DecodedStyleTable.slotCount)
        }
    }
}

/// A scene's `style` objects written alike are decoded once and found again by their text;
/// one written otherwise is decoded from its members, to the same style.
@MainActor
@Suite struct SceneStyleTextTests {
    @Test func stylesWrittenAlikeShareOneStoredStyleAndOthersDecodeTheSame() throws {
        let styles = [
            #"{"width": 10, "height": 20}"#, #"{"width": 12, "height": 20}"#,
            #"{"width": 10, "height": 20}"#, #"{"width":10,"height":20}"#,
            #"{"height": 20, "width": 10}"#,
        ]
        let children = styles.enumerated().map {
            #"{"id": "v\#($0.offset)", "style": \#($0.element)}"#
        }
        let document =
            #"{"size": [320, 480], "root": {"style": {"flexDirection": "row"}, "children": [\#(children.joined(separator: ", "))]}}"#
        let scene = try Scene(json: Array(document.utf8))
        let views = try (0..<styles.count).map { try #require(scene.view(withID: "v\($0)")) }
        let storages = try views.map { try #require($0.flexStyleStorage) }
        #expect(storages[0] === storages[2])
        #expect(storages[0] !== storages[1])
        for index in [3, 4] {
            #expect(storages[index].style == storages[0].style, "style \(index)")
        }
        #expect(views[1].flexStyle?.width == .points(12))
    }
}

/// Key paths handed down to nested values (a view's children, a label's font, a button's
/// per-state values and images, a collection's items, a container's constraints) are spelt
/// only for an error, and spelt the same as they always were.
@MainActor
@Suite struct SceneNestedKeyPathTests {
    @Test(arguments: [
        (
            ##"{"children": [{}, {"children": [{"type": "label", "font": {"size": -1}}]}]}"##,
            "root.children[1].children[0].font.size: must be in 0...10000"
        ),
        (
            ##"{"children": [{"type": "button", "title": {"normal": "a", "hilighted": "b"}}]}"##,
            ##"root.children[0].title.hilighted: unknown state (did you mean "highlighted"?)"##
        ),
        (
            ##"{"children": [{"type": "button", "image": {"selected": {"size": [1, 9999]}}}]}"##,
            "root.children[0].image.selected.size: at most 4096 points a side"
        ),
        (
            ##"{"children": [{"type": "collection", "items": [{"title": "a"}, {"image": {}}]}]}"##,
            "root.children[0].items[1].image.size: missing; a synthetic image needs [width, height]"
        ),
        (
            ##"{"children": [{}, {"children": [{"id": "a"}], "constraints": ["a.top == b.top"]}]}"##,
            "root.children[1].constraints[0]: column 10 of \"a.top == b.top\": unknown item 'b'; known items are super, a"
        ),
        (
            ##"{"children": [{"type": "button", "titleColor": {"normal": 5}}]}"##,
            "root.children[0].titleColor.normal: expected a string, found a number"
        ),
    ])
    func nestedValuesAreBlamedAtTheirKeyPaths(json: String, expected: String) {
        #expect(rootError(json)?.description == expected)
    }
}
