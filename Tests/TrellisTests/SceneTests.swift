import Testing
import Trellis

@MainActor
private func scene(_ root: String, size: String = "[320, 480]", extra: String = "")
    throws(SceneError) -> Scene
{
    try Scene(json: Array(##"{"size": \##(size)\##(extra), "root": \##(root)}"##.utf8))
}

@MainActor
private func sceneError(_ root: String, extra: String = "") -> String? {
    do {
        _ = try scene(root, extra: extra)
        return nil
    } catch {
        return error.description
    }
}

@MainActor
@Suite struct SceneDocumentTests {
    @Test func documentKeys() throws {
        let decoded = try scene(
            ##"{"id": "root"}"##, size: "[200, 100]", extra: ##", "scale": 2, "direction": "rtl""##)
        #expect(decoded.size == Size(width: 200, height: 100))
        #expect(decoded.scale == 2)
        #expect(decoded.direction == .rightToLeft)
        #expect(decoded.window.scale == 2)
        #expect(decoded.root.effectiveLayoutDirection == .rightToLeft)
        #expect(decoded.frames().map(\.frame) == [Rect(x: 0, y: 0, width: 200, height: 100)])
    }

    @Test(arguments: [
        (##"{"root": {}}"##, "scene.size: missing; give the canvas as [width, height]"),
        (
            ##"{"size": [0, 10], "root": {}}"##,
            "scene.size: each side must be above 0 and at most 100000"
        ),
        (##"{"size": [10, 10]}"##, "scene.root: missing; give the root view"),
        (##"{"size": [10, 10], "root": {}, "colour": 1}"##, "scene.colour: unknown key"),
        (
            ##"{"size": [10, 10], "root": {}, "direction": "up"}"##,
            ##"scene.direction: unknown value "up"; use one of "ltr", "rtl""##
        ),
        (
            ##"{"size": [10, 10], "root": {}, "scale": 0}"##,
            "scene.scale: must be above 0 and at most 8"
        ),
        ("[1, 2]", "scene: expected an object, found an array"),
        ("{", "scene: not valid JSON: line 1, column 2: expected a key in quotes"),
    ])
    func documentErrorsNameTheKey(json: String, message: String) {
        do {
            _ = try Scene(json: Array(json.utf8))
            Issue.record("decoded \(json)")
        } catch {
            #expect(error.description == message)
        }
    }
}

@MainActor
@Suite struct SceneViewTests {
    @Test func commonKeysSetTheirProperties() throws {
        let decoded = try scene(
            ##"{"id": "card", "frame": [10, 20, 100, 50], "backgroundColor": "#FF0000", "cornerRadius": 8, "borderWidth": 2, "borderColor": "navy", "alpha": 0.5, "hidden": true, "clipsToBounds": true, "accessibilityLabel": "Card", "tag": 7, "gradient": {"colors": ["#FF0000", "orange"], "locations": [0, 1], "start": [0, 0], "end": [0, 1]}}"##
        )
        let view = try #require(decoded.view(withID: "card"))
        #expect(view.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.backgroundColor == .red)
        #expect(view.cornerRadius == 8 && view.borderWidth == 2)
        #expect(view.borderColor == Color(rgb: 0x00_0080))
        #expect(view.alpha == 0.5 && view.isHidden && view.clipsToBounds)
        #expect(view.accessibilityLabel == "Card" && view.tag == 7)
        #expect(
            view.gradient
                == Gradient(
                    colors: [.red, Color(rgb: 0xFF_A500)], locations: [0, 1], startPoint: .zero,
                    endPoint: Point(x: 0, y: 1)))
    }

    @Test func everyTypeDecodesItsKeys() throws {
        let decoded = try scene(
            #"""
            {"children": [
              {"id": "l", "type": "label", "text": "Hi", "font": {"family": "DejaVu Sans", "size": 14, "weight": "bold", "italic": true}, "textColor": "#00FF00", "numberOfLines": 0, "lineBreakMode": "truncateMiddle", "textAlignment": "center"},
              {"id": "m", "type": "label", "markup": "<b>Hi</b> there"},
              {"id": "i", "type": "image", "image": {"size": [10, 20], "color": "red", "capInsets": [1, 2, 3, 4]}, "contentMode": "scaleAspectFit"},
              {"id": "b", "type": "button", "title": {"normal": "Go", "selected": "Gone"}, "titleColor": "#112233", "image": {"size": [8, 8], "color": "white"}, "font": {"size": 10}, "direction": "columnReverse", "spacing": 4, "contentInsets": [1, 2, 3, 4], "contentHorizontalAlignment": "leading", "contentVerticalAlignment": "bottom", "state": ["selected", "disabled"]},
              {"id": "s", "type": "switch", "isOn": true},
              {"id": "sl", "type": "slider", "minimumValue": 10, "maximumValue": 20, "value": 15},
              {"id": "sg", "type": "segmented", "segments": ["A", "B"], "selectedSegmentIndex": 1},
              {"id": "p", "type": "pageControl", "numberOfPages": 5, "currentPage": 3},
              {"id": "st", "type": "stepper", "minimumValue": -5, "maximumValue": 5, "stepValue": 0.5, "value": 2},
              {"id": "tf", "type": "textField", "text": "abc", "placeholder": "Name"},
              {"id": "sc", "type": "scroll", "frame": [0, 0, 100, 100], "contentSize": [100, 400], "contentOffset": [0, 50]}
            ]}
            """#)
        let label = try #require(decoded.view(withID: "l") as? Label)
        #expect(label.text == "Hi")
        #expect(label.font == Font(family: "DejaVu Sans", size: 14, weight: .bold, isItalic: true))
        #expect(label.textColor == .green && label.numberOfLines == 0)
        #expect(label.lineBreakMode == .byTruncatingMiddle && label.textAlignment == .center)
        let markup = try #require(decoded.view(withID: "m") as? Label)
        #expect(markup.attributedText?.string == "Hi there")
        let image = try #require(decoded.view(withID: "i") as? ImageView)
        #expect(image.image?.size == Size(width: 10, height: 20))
        #expect(image.image?.capInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(image.contentMode == .scaleAspectFit)
        let button = try #require(decoded.view(withID: "b") as? Button)
        #expect(button.title(for: .normal) == "Go" && button.title(for: .selected) == "Gone")
        #expect(button.titleColor(for: .normal) == Color(rgb: 0x11_2233))
        #expect(button.image(for: .normal)?.size == Size(width: 8, height: 8))
        #expect(button.direction == .columnReverse && button.spacing == 4)
        #expect(button.contentEdgeInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(
            button.contentHorizontalAlignment == .leading
                && button.contentVerticalAlignment == .bottom)
        #expect(button.isSelected && !button.isEnabled)
        #expect((decoded.view(withID: "s") as? Switch)?.isOn == true)
        let slider = try #require(decoded.view(withID: "sl") as? Slider)
        #expect(slider.minimumValue == 10 && slider.maximumValue == 20 && slider.value == 15)
        let segmented = try #require(decoded.view(withID: "sg") as? SegmentedControl)
        #expect(segmented.numberOfSegments == 2 && segmented.selectedSegmentIndex == 1)
        let pages = try #require(decoded.view(withID: "p") as? PageControl)
        #expect(pages.numberOfPages == 5 && pages.currentPage == 3)
        let stepper = try #require(decoded.view(withID: "st") as? Stepper)
        #expect(
            stepper.minimumValue == -5 && stepper.maximumValue == 5 && stepper.stepValue == 0.5
                && stepper.value == 2)
        let field = try #require(decoded.view(withID: "tf") as? TextField)
        #expect(field.text == "abc" && field.placeholder == "Name")
        let scroll = try #require(decoded.view(withID: "sc") as? ScrollView)
        #expect(scroll.contentSize == Size(width: 100, height: 400))
        #expect(scroll.contentOffset == Point(x: 0, y: 50))
    }

    @Test func stylesLayOutChildrenByFlexbox() throws {
        let decoded = try scene(
            ##"{"style": {"flexDirection": "row", "padding": [10, 20, 10, 20], "gap": 5}, "children": [{"id": "a", "style": {"width": 30, "height": 40}}, {"id": "b", "style": {"flexGrow": 1, "height": "50%"}}]}"##
        )
        let frames = Dictionary(uniqueKeysWithValues: decoded.frames().map { ($0.id, $0.frame) })
        #expect(frames["a"] == Rect(x: 20, y: 10, width: 30, height: 40))
        #expect(frames["b"] == Rect(x: 55, y: 10, width: 245, height: 230))
    }

    @Test func constraintsPlaceTheChildrenTheyName() throws {
        let decoded = try scene(
            ##"{"constraints": ["icon.leading == super.leading + 16", "icon.centerY == super.centerY", "icon.width == 40", "icon.height == icon.width", "title.leading == icon.trailing + 8", "title.centerY == icon.centerY", "note.top == pin.bottom + 4", "note.leading == pin.leading", "note.width == pin.width * 0.5", "note.height == 10"], "children": [{"id": "icon"}, {"id": "title", "type": "label", "text": "Hi", "font": {"size": 10}}, {"id": "pin", "frame": [200, 20, 60, 30]}, {"id": "note"}, {"id": "free", "frame": [1, 2, 3, 4]}]}"##
        )
        let frames = Dictionary(uniqueKeysWithValues: decoded.frames().map { ($0.id, $0.frame) })
        #expect(frames["icon"] == Rect(x: 16, y: 220, width: 40, height: 40))
        let title = try #require(decoded.view(withID: "title"))
        let size = title.intrinsicContentSize
        #expect(
            frames["title"]
                == Rect(x: 64, y: 240 - size.height / 2, width: size.width, height: size.height))
        #expect(frames["pin"] == Rect(x: 200, y: 20, width: 60, height: 30))
        #expect(frames["note"] == Rect(x: 200, y: 54, width: 30, height: 10))
        #expect(frames["free"] == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(decoded.view(withID: "free")?.translatesAutoresizingMaskIntoConstraints == true)
    }

    @Test func nestedContainersSolveTheirOwnChildren() throws {
        let decoded = try scene(
            ##"{"constraints": ["card.leading == super.leading + 20", "card.trailing == super.trailing - 20", "card.top == super.top + 30", "card.height == 100"], "children": [{"id": "card", "constraints": ["badge.trailing == super.trailing - 4", "badge.top == super.top + 4", "badge.width == 10", "badge.height == 10"], "children": [{"id": "badge"}]}]}"##
        )
        let frames = Dictionary(uniqueKeysWithValues: decoded.frames().map { ($0.id, $0.frame) })
        #expect(frames["card"] == Rect(x: 20, y: 30, width: 280, height: 100))
        #expect(frames["badge"] == Rect(x: 286, y: 34, width: 10, height: 10))
    }

    /// Each frame is the view's bounds in root coordinates, as `convert(_:to:)` gives it, for
    /// a tree of many containers (whose transforms to the root are kept while the frames are
    /// listed) nested three deep, moved and scrolled.
    @Test func framesAreInRootCoordinatesThroughManyContainers() throws {
        let cards = (0..<60).map { k in
            let leaf = ##"{"id": "leaf\##(k)", "frame": [1, 1, 5, 5]}"##
            let inner = ##"{"id": "in\##(k)", "frame": [3, 4, 20, 10], "children": [\##(leaf)]}"##
            return ##"{"id": "card\##(k)", "frame": [\##(k * 7), \##(k * 3), 40, 30], "##
                + ##""children": [\##(inner)]}"##
        }
        let decoded = try scene(
            ##"{"id": "root", "children": [{"id": "band", "frame": [10, 20, 300, 400], "##
                + ##""children": [\##(cards.joined(separator: ", "))]}]}"##)
        try #require(decoded.view(withID: "band")).bounds.origin = Point(x: 5, y: -6)
        for k in 0..<60 {
            try #require(decoded.view(withID: "in\(k)")).bounds.origin = Point(
                x: -Double(k % 5), y: 2)
        }
        let frames = decoded.frames()
        #expect(frames.count == 2 + 60 * 3)
        for (id, frame) in frames {
            let view = try #require(decoded.view(withID: id))
            #expect(frame == view.convert(view.bounds, to: decoded.root), "\(id)")
        }
        let leaf = try #require(frames.first { $0.id == "leaf7" }?.frame)
        // x: band 10 − 5, card 49, inner 3 + 2, leaf 1; y: 20 + 6, 21, 4 − 2, 1.
        #expect(leaf == Rect(x: 60, y: 50, width: 5, height: 5))
    }

    @Test func seed003GridDecodesWithTheMarginRule() throws {
        let items = (0..<12).map {
            ##"{"title": "App \##($0)", "image": {"size": [60, 60], "color": "#3366CC"}}"##
        }.joined(separator: ", ")
        let decoded = try scene(
            ##"{"id": "grid", "type": "collection", "frame": [0, 0, 320, 480], "layout": {"columns": 3, "itemSize": [85, 90], "lineSpacing": 15, "interitemSpacing": "auto", "sectionInsets": [30, 0, 0, 0]}, "items": [\##(items)]}"##
        )
        decoded.window.layoutIfNeeded()
        let grid = try #require(decoded.view(withID: "grid") as? CollectionView)
        let cells = grid.visibleCells.sorted {
            ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX)
        }
        #expect(cells.count == 12)
        try #require(cells.count > 4)
        #expect(cells[0].frame == Rect(x: 16.25, y: 30, width: 85, height: 90))
        #expect(cells[4].frame == Rect(x: 16.25 + 101.25, y: 30 + 105, width: 85, height: 90))
    }
}

@MainActor
@Suite struct SceneErrorTests {
    @Test(arguments: [
        (
            ##"{"children": [{}, {}, {"style": {"flexGrw": 1}}]}"##,
            ##"root.children[2].style.flexGrw: unknown key (did you mean "flexGrow"?)"##
        ),
        (
            ##"{"backgroundColour": "red"}"##,
            ##"root.backgroundColour: unknown key (did you mean "backgroundColor"?)"##
        ),
        (##"{"cornerRadius": "8"}"##, "root.cornerRadius: expected a number, found a string"),
        (
            ##"{"backgroundColor": "#12345"}"##,
            ##"root.backgroundColor: 5 hexadecimal digits; use #RGB, #RRGGBB or #RRGGBBAA (got "#12345")"##
        ),
        (
            ##"{"backgroundColor": "blurple"}"##,
            ##"root.backgroundColor: not a colour name; use a CSS name such as "red" or #RRGGBB (got "blurple")"##
        ),
        (
            ##"{"children": [{"id": "a"}, {"id": "a"}]}"##,
            ##"root.children[1].id: duplicate id "a"; ids must be unique in a scene"##
        ),
        (
            ##"{"type": "slidder"}"##,
            ##"root.type: unknown value "slidder"; use one of "button", "collection", "image", "label", "pageControl", "scroll", "segmented", "slider", "stepper", "switch", "textField", "view""##
        ),
        (
            ##"{"type": "label", "font": {"size": 10, "weight": "heavyish"}}"##,
            "root.font.weight: unknown weight \"heavyish\"; use one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black"
        ),
        (
            ##"{"type": "button", "title": {"normal": "a", "pressed": "b"}}"##,
            "root.title.pressed: unknown state"
        ),
        (
            ##"{"style": {"flexDirection": "rowreverse"}}"##,
            "root.style.flexDirection: \"rowreverse\" is not a valid value; expected one of row, row-reverse, column, column-reverse"
        ),
        (##"{"frame": [0, 0, -5, 5]}"##, "root.frame: the width and height cannot be negative"),
        (
            ##"{"type": "image", "image": "missing.png"}"##,
            "root.image: cannot read the file (./missing.png)"
        ),
        (
            ##"{"type": "segmented", "segments": ["a"], "selectedSegmentIndex": 3}"##,
            "root.selectedSegmentIndex: 3 is not a segment (0...0, or -1 for none)"
        ),
    ])
    func errorsNameTheKeyPath(root: String, message: String) {
        #expect(sceneError(root) == message)
    }

    @Test(arguments: [
        (
            ##"{"constraints": ["a.width == 10", "b.leading == a.trailng"], "children": [{"id": "a"}, {"id": "b"}]}"##,
            "root.constraints[1]: column 16 of \"b.leading == a.trailng\": unknown attribute 'trailng'"
        ),
        (
            ##"{"constraints": ["c.width == 10"], "children": [{"id": "a"}]}"##,
            "root.constraints[0]: column 1 of \"c.width == 10\": unknown item 'c'"
        ),
        (
            ##"{"constraints": ["a.width == 10", "a.height == 5", "a.width >= 20"], "children": [{"id": "a"}]}"##,
            "root.constraints[2]: unsatisfiable constraint"
        ),
        (
            ##"{"constraints": ["a.width == 10"], "children": [{"id": "a", "frame": [0, 0, 20, 20]}]}"##,
            "root.constraints[0]: unsatisfiable constraint"
        ),
        (
            ##"{"constraints": ["a.width == 10"]}"##,
            "root.constraints[0]: column 1 of \"a.width == 10\": unknown item 'a'"
        ),
        (##"{"constraints": [5]}"##, "root.constraints[0]: expected a string, found a number"),
        (
            // A constraint is read from the document's bytes: one with an escape is read
            // decoded, and a column counts characters past a non-ASCII one.
            ##"{"constraints": ["a.wid\u0074h == 10", "a.héight == 5"], "children": [{"id": "a"}]}"##,
            "root.constraints[1]: column 4 of \"a.héight == 5\": unexpected character 'é'; "
                + "a constraint is written like 'title.leading == image.trailing + 8 @750'"
        ),
        (
            // Activated together, the scene's constraints still report the one in conflict
            // with those before it, in a nested container.
            ##"{"constraints": ["a.width == 10", "a.height == 5"], "children": [{"id": "a", "children": [{"id": "x"}, {"id": "y"}], "constraints": ["x.width == 4", "y.width == x.width", "y.width >= 6", "x.height == 1"]}]}"##,
            "root.children[0].constraints[2]: unsatisfiable constraint"
        ),
    ])
    func constraintErrorsNameTheConstraint(root: String, message: String) throws {
        let error = try #require(sceneError(root))
        #expect(error.hasPrefix(message), "\(error)")
        #expect(!error.contains("\n"))
    }

}
