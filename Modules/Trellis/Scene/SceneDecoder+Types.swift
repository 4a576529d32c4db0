import TrellisEvents
import TrellisGeometry
import TrellisRichText
import TrellisText
import TrellisViews

extension SceneDecoder {
    /// Creates the view of a type and reads its own keys.
    mutating func makeView(type: String, reader: inout ObjectReader) throws(SceneError) -> View {
        // A switch compares its cases in turn: the plain view, most views, is tested first.
        switch type {
        case "view": return View()
        case "label": return try makeLabel(&reader)
        case "image": return try makeImageView(&reader)
        case "button": return try makeButton(&reader)
        case "switch":
            let view = Switch()
            if let on = try reader.bool("isOn") { view.isOn = on }
            return view
        case "slider":
            let view = Slider()
            if let minimum = try reader.number("minimumValue") { view.minimumValue = minimum }
            if let maximum = try reader.number("maximumValue") {
                if maximum < view.minimumValue {
                    throw SceneError(
                        keyPath: reader.child("maximumValue"), message: "is below minimumValue")
                }
                view.maximumValue = maximum
            }
            if let value = try reader.number("value") { view.value = value }
            return view
        case "segmented":
            let titles = try (reader.array("segments") ?? []).enumerated().map {
                index, element throws(SceneError) in
                try SceneValues.string(element, path: "\(reader.child("segments"))[\(index)]")
            }
            let view = SegmentedControl(items: titles)
            if let index = try reader.integer("selectedSegmentIndex") {
                guard index == -1 || titles.indices.contains(index) else {
                    throw SceneError(
                        keyPath: reader.child("selectedSegmentIndex"),
                        message:
                            "\(index) is not a segment (0...\(titles.count - 1), or -1 for none)")
                }
                view.selectedSegmentIndex = index
            }
            return view
        case "pageControl":
            let view = PageControl()
            if let pages = try reader.integer("numberOfPages") {
                guard pages >= 0 else {
                    throw SceneError(
                        keyPath: reader.child("numberOfPages"), message: "cannot be negative")
                }
                view.numberOfPages = pages
            }
            if let page = try reader.integer("currentPage") { view.currentPage = page }
            view.frame.size = view.intrinsicContentSize
            return view
        case "stepper":
            let view = Stepper()
            if let minimum = try reader.number("minimumValue") { view.minimumValue = minimum }
            if let maximum = try reader.number("maximumValue") {
                if maximum < view.minimumValue {
                    throw SceneError(
                        keyPath: reader.child("maximumValue"), message: "is below minimumValue")
                }
                view.maximumValue = maximum
            }
            if let step = try reader.number("stepValue") {
                guard step > 0 else {
                    throw SceneError(keyPath: reader.child("stepValue"), message: "must be above 0")
                }
                view.stepValue = step
            }
            if let value = try reader.number("value") { view.value = value }
            return view
        case "textField":
            let view = TextField()
            if let text = try reader.string("text") { view.text = text }
            if let placeholder = try reader.string("placeholder") { view.placeholder = placeholder }
            if let font = reader.value("font") {
                view.font = try decodeFont(font, path: reader.member("font"))
            }
            if let color = reader.value("textColor") {
                view.textColor = try SceneValues.color(color, path: reader.child("textColor"))
            }
            view.borderStyle = .roundedRect
            return view
        case "scroll":
            let view = ScrollView()
            if let size = reader.value("contentSize") {
                view.contentSize = try SceneValues.size(size, path: reader.child("contentSize"))
            }
            return view
        case "collection":
            return try makeCollection(&reader)
        default:
            return View()
        }
    }

    private mutating func makeLabel(_ reader: inout ObjectReader) throws(SceneError) -> Label {
        let label = Label()
        if let font = reader.value("font") {
            label.font = try decodeFont(font, path: reader.member("font"))
        }
        if let color = reader.value("textColor") {
            label.textColor = try SceneValues.color(color, path: reader.child("textColor"))
        }
        if let lines = try reader.integer("numberOfLines") {
            guard lines >= 0 else {
                throw SceneError(
                    keyPath: reader.child("numberOfLines"),
                    message: "cannot be negative (0 is no limit)")
            }
            label.numberOfLines = lines
        }
        let modes: [(String, LineBreakMode)] = [
            ("wordWrap", .byWordWrapping), ("charWrap", .byCharWrapping), ("clip", .byClipping),
            ("truncateHead", .byTruncatingHead), ("truncateMiddle", .byTruncatingMiddle),
            ("truncateTail", .byTruncatingTail),
        ]
        if let mode = try reader.choice("lineBreakMode", modes.map(\.0)) {
            label.lineBreakMode = modes.first { $0.0 == mode }?.1 ?? .byTruncatingTail
        }
        if let value = reader.value("lineBreakStrategy") {
            label.lineBreakStrategy = try Self.lineBreakStrategy(
                value, path: reader.child("lineBreakStrategy"))
        }
        if let alignment = try reader.choice(
            "textAlignment", ["natural", "left", "center", "right", "justified"])
        {
            label.textAlignment = TextAlignment(rawValue: alignment) ?? .natural
        }
        let text = try reader.string("text")
        let markup = try reader.string("markup")
        if text != nil && markup != nil {
            throw SceneError(
                keyPath: reader.child("markup"), message: "give either text or markup, not both")
        }
        var options: MarkupOptions?
        if let value = reader.value("markupOptions") {
            guard markup != nil else {
                throw SceneError(
                    keyPath: reader.child("markupOptions"), message: "goes with \"markup\"")
            }
            options = try decodeMarkupOptions(
                value, path: reader.child("markupOptions"), font: label.font,
                color: label.textColor)
        }
        if let text { label.text = text }
        if let markup {
            label.setMarkup(markup, options: options)
            if let warning = label.markupWarnings.first {
                throw SceneError(keyPath: reader.child("markup"), message: "\(warning)")
            }
        }
        return label
    }

    /// The paragraph markers a scene names, as `ListMarker.Style` cases.
    static let paragraphMarkers: [(String, ListMarker.Style)] = [
        ("bullet", .bullet), ("disc", .disc), ("circle", .circle), ("square", .square),
        ("decimal", .decimal), ("lowerAlpha", .lowerAlpha), ("upperAlpha", .upperAlpha),
        ("lowerRoman", .lowerRoman), ("upperRoman", .upperRoman),
    ]

    /// A label's markup options: `paragraphMarker` (a marker name, or `{"text": "–"}`),
    /// `listIndent` (points) and `whiteSpace` (`normal` or `pre`); the label's font and colour
    /// are the text's defaults.
    func decodeMarkupOptions(_ value: JSONValue, path: String, font: Font, color: Color?)
        throws(SceneError) -> MarkupOptions
    {
        var reader = try ObjectReader(value, path: path)
        var options = MarkupOptions()
        options.font = font
        options.foregroundColor = color
        if let marker = reader.value("paragraphMarker") {
            let markerPath = reader.child("paragraphMarker")
            switch marker {
            case .string(let name):
                guard let style = SceneDecoder.paragraphMarkers.first(where: { $0.0 == name })
                else {
                    throw SceneError(
                        keyPath: markerPath,
                        message: "unknown marker \"\(name)\"; use one of "
                            + SceneDecoder.paragraphMarkers.map { "\"\($0.0)\"" }
                            .joined(separator: ", ") + ", or {\"text\": \"–\"}")
                }
                options.paragraphMarker = style.1
            case .object:
                var custom = try ObjectReader(marker, path: markerPath)
                guard let text = try custom.string("text"), !text.isEmpty, text.count <= 16
                else {
                    throw SceneError(
                        keyPath: markerPath + ".text", message: "give 1 to 16 characters")
                }
                try custom.finish(known: ["text"])
                options.paragraphMarker = .custom(text)
            default:
                throw SceneError(
                    keyPath: markerPath,
                    message: "expected a marker name or {\"text\": …}, found "
                        + marker.kindDescription)
            }
        }
        if let indent = try reader.length("listIndent", nonNegative: true) {
            options.listIndent = indent
        }
        if let space = try reader.choice("whiteSpace", ["normal", "pre"]) {
            options.preservesWhitespace = space == "pre"
        }
        try reader.finish(known: ["paragraphMarker", "listIndent", "whiteSpace"])
        return options
    }

    private mutating func makeImageView(_ reader: inout ObjectReader) throws(SceneError)
        -> ImageView
    {
        let view = ImageView()
        if let image = reader.value("image") {
            view.image = try decodeImage(image, path: reader.member("image"))
        }
        if let mode = try reader.choice("contentMode", ContentMode.allCases.map(\.rawValue)) {
            view.contentMode = ContentMode(rawValue: mode) ?? .scaleToFill
        }
        if let image = view.image { view.frame.size = image.size }
        return view
    }

    private mutating func makeButton(_ reader: inout ObjectReader) throws(SceneError) -> Button {
        let button = Button()
        if let font = reader.value("font") {
            button.titleFont = try decodeFont(font, path: reader.member("font"))
        }
        if let direction = try reader.choice("direction", Button.Direction.allCases.map(\.rawValue))
        {
            button.direction = Button.Direction(rawValue: direction) ?? .row
        }
        if let spacing = try reader.length("spacing") { button.spacing = spacing }
        if let insets = reader.value("contentInsets") {
            button.contentEdgeInsets = try SceneValues.insets(
                insets, path: reader.child("contentInsets"))
        }
        let horizontal = ["center", "left", "right", "fill", "leading", "trailing"]
        if let value = try reader.choice("contentHorizontalAlignment", horizontal) {
            button.contentHorizontalAlignment =
                ContentHorizontalAlignment(rawValue: horizontal.firstIndex(of: value) ?? 0)
                ?? .center
        }
        let vertical = ["center", "top", "bottom", "fill"]
        if let value = try reader.choice("contentVerticalAlignment", vertical) {
            button.contentVerticalAlignment =
                ContentVerticalAlignment(rawValue: vertical.firstIndex(of: value) ?? 0) ?? .center
        }
        for (state, value) in try perState(reader.value("title"), path: reader.member("title")) {
            button.setTitle(try SceneValues.string(value.0, path: value.1.description), for: state)
        }
        for (state, value) in try perState(
            reader.value("titleColor"), path: reader.member("titleColor"))
        {
            button.setTitleColor(
                try SceneValues.color(value.0, path: value.1.description), for: state)
        }
        for (state, value) in try perState(reader.value("image"), path: reader.member("image")) {
            button.setImage(try decodeImage(value.0, path: value.1), for: state)
        }
        for (state, value) in try perState(
            reader.value("backgroundImage"), path: reader.member("backgroundImage"))
        {
            button.setBackgroundImage(try decodeImage(value.0, path: value.1), for: state)
        }
        for (state, value) in try perState(
            reader.value("attributedTitle"), path: reader.member("attributedTitle"))
        {
            let markup = try SceneValues.string(value.0, path: value.1.description)
            let result = MarkupParser(options: MarkupOptions(font: button.titleFont)).parse(markup)
            if let warning = result.warnings.first {
                throw SceneError(keyPath: value.1.description, message: "\(warning)")
            }
            button.setAttributedTitle(result.text, for: state)
        }
        if let states = try reader.array("state") {
            for (index, element) in states.enumerated() {
                let path = "\(reader.child("state"))[\(index)]"
                switch try SceneValues.string(element, path: path) {
                case "selected": button.isSelected = true
                case "highlighted": button.isHighlighted = true
                case "disabled": button.isEnabled = false
                case let other:
                    throw SceneError(
                        keyPath: path,
                        message:
                            "unknown state \"\(other)\"; use \"selected\", \"highlighted\" or \"disabled\""
                    )
                }
            }
        }
        button.sizeToFit()
        return button
    }

    /// The state names of per-state objects.
    static let stateNames: [(String, ControlState)] = [
        ("normal", .normal), ("highlighted", .highlighted), ("selected", .selected),
        ("disabled", .disabled),
    ]

    /// A value or a per-state object `{"normal": …, "highlighted": …}`, as (state, (value, path)).
    private func perState(_ value: JSONValue?, path: SceneKeyPath) throws(SceneError) -> [(
        ControlState, (JSONValue, SceneKeyPath)
    )] {
        guard let value else { return [] }
        if case .object(let members) = value, !members.isEmpty,
            members.allSatisfy({ member in SceneDecoder.stateNames.contains { $0.0 == member.key } }
            )
                || !isImageObject(value)
        {
            var result: [(ControlState, (JSONValue, SceneKeyPath))] = []
            for member in members {
                guard let state = SceneDecoder.stateNames.first(where: { $0.0 == member.key })?.1
                else {
                    var message = "unknown state"
                    if let guess = SceneValues.closest(
                        to: member.key, in: SceneDecoder.stateNames.map(\.0))
                    {
                        message += " (did you mean \"\(guess)\"?)"
                    }
                    throw SceneError(keyPath: "\(path).\(member.key)", message: message)
                }
                result.append((state, (member.value, path.member(member.key))))
            }
            return result
        }
        return [(.normal, (value, path))]
    }

    private func isImageObject(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.contains { ["size", "color", "capInsets"].contains($0.key) }
    }

    /// A font object: `{"family", "size", "weight", "italic", "monospaced"}`.
    func decodeFont(_ value: JSONValue, path: SceneKeyPath) throws(SceneError) -> Font {
        var reader = try ObjectReader(value, at: path)
        let family = try reader.string("family") ?? Font.systemFamily
        let size = try reader.number("size") ?? Font.defaultSize
        guard size >= 0, size <= Font.maximumSize else {
            throw SceneError(
                keyPath: reader.child("size"), message: "must be in 0...\(Int(Font.maximumSize))")
        }
        var weight = Font.Weight.regular
        if let raw = reader.value("weight") {
            switch raw {
            case .string(let name):
                guard let named = Font.Weight(name: name) else {
                    throw SceneError(
                        keyPath: reader.child("weight"),
                        message: "unknown weight \"\(name)\"; use one of "
                            + Font.Weight.named.map(\.name).joined(separator: ", "))
                }
                weight = named
            case .number(let number):
                guard (-1...1).contains(number) else {
                    throw SceneError(
                        keyPath: reader.child("weight"),
                        message: "a numeric weight must be in -1...1")
                }
                weight = Font.Weight(rawValue: number)
            default:
                throw SceneError(
                    keyPath: reader.child("weight"), message: "expected a weight name or a number")
            }
        }
        let italic = try reader.bool("italic") ?? false
        let monospaced = try reader.bool("monospaced") ?? false
        try reader.finish(known: ["family", "size", "weight", "italic", "monospaced"])
        return Font(
            family: family, size: size, weight: weight, isItalic: italic, isMonospaced: monospaced)
    }

    /// An IMAGE: a PNG path relative to the scene, or `{"size", "color", "capInsets"}`.
    func decodeImage(_ value: JSONValue, path: SceneKeyPath) throws(SceneError) -> Image {
        if case .string(let file) = value {
            let full = file.hasPrefix("/") ? file : baseDirectory + "/" + file
            let scale: Double = file.contains("@3x.") ? 3 : (file.contains("@2x.") ? 2 : 1)
            return try images.file(full, scale: scale, keyPath: path)
        }
        var reader = try ObjectReader(value, at: path)
        guard let sizeValue = reader.value("size") else {
            throw SceneError(
                keyPath: reader.child("size"),
                message: "missing; a synthetic image needs [width, height]")
        }
        let size = try SceneValues.size(sizeValue, path: reader.child("size"))
        guard size.width <= 4096, size.height <= 4096 else {
            throw SceneError(keyPath: reader.child("size"), message: "at most 4096 points a side")
        }
        let color =
            try reader.value("color").map { v throws(SceneError) in
                try SceneValues.color(v, path: reader.child("color"))
            } ?? .gray
        var image = try images.synthetic(size: size, color: color, keyPath: path)
        if let caps = reader.value("capInsets") {
            image = image.resizableImage(
                withCapInsets: try SceneValues.insets(caps, path: reader.child("capInsets")))
        }
        if let label = try reader.string("accessibilityLabel") {
            image = image.withAccessibilityLabel(label)
        }
        try reader.finish(known: ["size", "color", "capInsets", "accessibilityLabel"])
        return image
    }

    /// A line-break strategy: one name of `LineBreakStrategy.names` or an array of them
    /// (`"unicode"` or `[]` for UAX #14's default rules alone).
    static func lineBreakStrategy(_ value: JSONValue, path: String) throws(SceneError)
        -> LineBreakStrategy
    {
        let names = LineBreakStrategy.names.map(\.name)
        func strategy(_ element: JSONValue, path: String) throws(SceneError) -> LineBreakStrategy {
            let name = try SceneValues.string(element, path: path)
            guard let strategy = LineBreakStrategy(name: name) else {
                throw SceneError(
                    keyPath: path,
                    message: "unknown value \"\(name)\"; use one of "
                        + names.map { "\"\($0)\"" }.joined(separator: ", ")
                        + ", or an array of them")
            }
            return strategy
        }
        guard case .array(let elements) = value else { return try strategy(value, path: path) }
        var result: LineBreakStrategy = []
        for (index, element) in elements.enumerated() {
            result.formUnion(try strategy(element, path: "\(path)[\(index)]"))
        }
        return result
    }
}

extension Font {
    /// A font from the JSON text of a FONT object, as `trellis text break --font` takes it:
    /// the same object, checked the same way, as in a scene.
    ///
    /// - Throws: ``SceneError`` at `keyPath` (or a key below it) for text that is not JSON, a
    ///   value that is not an object, an unknown key or a value out of range.
    @MainActor
    package static func fromScene(json text: String, keyPath: String) throws(SceneError) -> Font {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw SceneError(keyPath: keyPath, message: "not valid JSON: \(error.description)")
        }
        return try SceneDecoder(baseDirectory: "").decodeFont(value, path: SceneKeyPath(keyPath))
    }
}
