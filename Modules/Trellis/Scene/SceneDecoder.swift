import TrellisEvents
import TrellisGeometry
import TrellisViews

/// Turns scene JSON into views. One decoder decodes one document.
@MainActor
struct SceneDecoder {
    let baseDirectory: String
    /// The views with an id, in document order, found by id in constant time (so that a
    /// duplicate is too).
    private(set) var identified = IdentifiedViews()
    /// Constraints to apply once the whole tree exists.
    var pendingConstraints: [PendingConstraints] = []
    /// The views the scene gives a `frame`, which constraints relate to but do not move.
    var framedViews: Set<ObjectIdentifier> = []
    /// The images decoded so far, each once, within the scene's pixel budget.
    let images = SceneImages()
    /// The views decoded so far.
    private var viewCount = 0
    /// The `style` objects decoded most recently.
    var decodedStyles = DecodedStyleTable()
    /// The window the root view joins before its children are decoded, when constraints are
    /// activated while the views are decoded, and the frame it then gets when the scene gives
    /// it none: each child's subtree joins the window as it is added, and its constraints can
    /// be parsed and activated while the rest is decoded.
    private var rootWindow: (window: Window, frame: Rect?)?
    /// The views being decoded that have constraints, outermost first.
    private var constrainedAncestors: [View] = []
    /// How far the constraints are parsed and activated.
    var progress = ConstraintProgress()

    init(baseDirectory: String) {
        self.baseDirectory = baseDirectory
    }

    struct Document {
        var size: Size
        var scale: Double
        var direction: LayoutDirection
        var root: View
        /// The window the root view is in.
        var window: Window
        var animations: JSONValue?
    }

    mutating func decodeDocument(_ document: JSONDocument) throws(SceneError) -> Document {
        var reader = try ObjectReader(document, node: 0, at: SceneKeyPath("scene"))
        guard let sizeValue = reader.value("size") else {
            throw SceneError(
                keyPath: "scene.size", message: "missing; give the canvas as [width, height]")
        }
        let size = try SceneValues.size(sizeValue, path: "scene.size")
        guard size.width > 0, size.height > 0, size.width <= 100_000, size.height <= 100_000 else {
            throw SceneError(
                keyPath: "scene.size", message: "each side must be above 0 and at most 100000")
        }
        let scale = try reader.number("scale") ?? 1
        guard scale > 0, scale <= 8 else {
            throw SceneError(keyPath: "scene.scale", message: "must be above 0 and at most 8")
        }
        let direction =
            try reader.choice("direction", ["ltr", "rtl"]).flatMap(LayoutDirection.init(rawValue:))
            ?? .leftToRight
        guard let rootNode = reader.node("root") else {
            throw SceneError(keyPath: "scene.root", message: "missing; give the root view")
        }
        let animations = reader.value("animations")
        try reader.finish(known: ["size", "scale", "direction", "root", "animations"])
        let rootReader = try ObjectReader(document, node: rootNode, at: SceneKeyPath("root"))
        let window = Window(size: size, scale: scale, layoutDirection: direction)
        let rootFrame = rootReader.has("frame") ? nil : Rect(size: size)
        planConstraints(document, root: rootNode)
        // Constraints activated while the views are decoded need the views in the window
        // first; otherwise the root joins the window whole, which costs less.
        if progress.isConcurrent { rootWindow = (window, rootFrame) }
        let root: View
        do {
            root = try decodeView(document, reader: rootReader)
        } catch {
            // The thread stops while the window still holds the views whose items it uses.
            abandonConstraints()
            throw error
        }
        if !progress.isConcurrent {
            window.addSubview(root)
            if let rootFrame { root.frame = rootFrame }
        }
        return Document(
            size: size, scale: scale, direction: direction, root: root, window: window,
            animations: animations)
    }

    /// The keys every view accepts.
    static let commonKeys =
        [
            "id", "type", "frame", "style", "constraints", "backgroundColor", "cornerRadius",
            "borderWidth", "borderColor", "alpha", "hidden", "clipsToBounds", "gradient",
            "children", "tag", "semanticContentAttribute",
        ] + accessibilityKeys

    /// The scene names of the semantic content attributes, spelled as the Swift cases.
    static let semanticContentAttributes: [(name: String, value: SemanticContentAttribute)] = [
        ("unspecified", .unspecified), ("playback", .playback), ("spatial", .spatial),
        ("forceLeftToRight", .forceLeftToRight), ("forceRightToLeft", .forceRightToLeft),
    ]

    /// Their names, in the same order.
    static let semanticContentAttributeNames = semanticContentAttributes.map(\.name)

    /// The view types and their own keys.
    static let typeKeys: [String: [String]] = [
        "view": [],
        "label": [
            "text", "markup", "markupOptions", "font", "textColor", "numberOfLines",
            "lineBreakMode", "lineBreakStrategy", "textAlignment",
        ],
        "image": ["image", "contentMode"],
        "button": [
            "title", "image", "backgroundImage", "titleColor", "attributedTitle", "font",
            "direction",
            "spacing", "contentInsets", "contentHorizontalAlignment", "contentVerticalAlignment",
            "state",
        ],
        "switch": ["isOn"],
        "slider": ["value", "minimumValue", "maximumValue"],
        "segmented": ["segments", "selectedSegmentIndex"],
        "pageControl": ["numberOfPages", "currentPage"],
        "stepper": ["value", "minimumValue", "maximumValue", "stepValue"],
        "textField": ["text", "placeholder", "font", "textColor"],
        "scroll": ["contentSize", "contentOffset"],
        "collection": ["items", "layout"],
    ]

    /// The view types, sorted for error messages.
    static let typeNames = typeKeys.keys.sorted()

    /// Decodes the view at a node of the document: element `index` of the array of views at
    /// key path `array`.
    mutating func decodeView(
        _ document: JSONDocument, node: Int, in array: SceneKeyPath, at index: Int
    ) throws(SceneError) -> View {
        try decodeView(
            document, reader: ObjectReader(document, node: node, at: array, index: index))
    }

    /// Decodes the view a reader of the document reads.
    mutating func decodeView(_ document: JSONDocument, reader: consuming ObjectReader)
        throws(SceneError) -> View
    {
        viewCount += 1
        guard viewCount <= Scene.maximumViews else {
            throw SceneError(
                keyPath: reader.path,
                message: "a scene holds at most \(Scene.maximumViews) views; this is one more")
        }
        // The root is the first view decoded; views decoded while making it (a collection's
        // item templates) come after it.
        let isRoot = viewCount == 1
        let type = try reader.choice("type", SceneDecoder.typeNames) ?? "view"
        let view = try makeView(type: type, reader: &reader)
        if let id = try reader.string("id") {
            guard !id.isEmpty else {
                throw SceneError(keyPath: reader.child("id"), message: "an id cannot be empty")
            }
            guard id != "super" else {
                throw SceneError(
                    keyPath: reader.child("id"),
                    message: "\"super\" is reserved for the container in constraints")
            }
            guard identified.insert(id, view: view) else {
                throw SceneError(
                    keyPath: reader.child("id"),
                    message: "duplicate id \"\(id)\"; ids must be unique in a scene")
            }
            view.accessibilityIdentifier = id
        }
        try decodeCommon(view, &reader)
        if let scroll = view as? ScrollView, let offset = reader.value("contentOffset") {
            let point = try SceneValues.point(offset, path: reader.child("contentOffset"))
            scroll.contentOffset = point
        }
        var children: [View] = []
        let hasConstraints = reader.has("constraints")
        if hasConstraints { constrainedAncestors.append(view) }
        if isRoot, let (window, frame) = rootWindow {
            window.addSubview(view)
            if let frame { view.frame = frame }
        }
        if let elements = try reader.elementNodes("children") {
            let childrenPath = reader.member("children")
            // Room for the children's ids at once, rather than growing by rehashing (and
            // growing geometrically across many small arrays).
            identified.reserveCapacity(identified.count + elements.count)
            if hasConstraints { children.reserveCapacity(elements.count) }
            for (index, element) in elements.enumerated() {
                let child = try decodeView(document, node: element, in: childrenPath, at: index)
                view.addSubview(child)
                if hasConstraints, child.accessibilityIdentifier != nil { children.append(child) }
                if isRoot, progress.isConcurrent { parseReadyConstraints() }
            }
        }
        if let constraints = try reader.elementNodes("constraints") {
            let path = reader.member("constraints")
            for (index, element) in constraints.enumerated() where !document.isString(element) {
                throw SceneError(
                    keyPath: "\(path)[\(index)]",
                    message: "expected a string, found \(document.kindDescription(at: element))")
            }
            // The outermost ancestor with constraints marks the view (or the ancestors it is
            // placed through) as placed by constraints or not: the view's own wait for it.
            let outermost = constrainedAncestors.first.flatMap { $0 === view ? nil : $0 }
            let waitsFor = outermost.map(ObjectIdentifier.init)
            if let waitsFor { progress.awaited.insert(waitsFor) }
            pendingConstraints.append(
                PendingConstraints(
                    container: view, children: children, document: document, texts: constraints,
                    path: path, waitsFor: waitsFor))
        }
        if hasConstraints { constrainedAncestors.removeLast() }
        try decodeStyle(view, document, &reader)
        try reader.finish(known: SceneDecoder.commonKeys + (SceneDecoder.typeKeys[type] ?? []))
        return view
    }

    /// The keys every view accepts that ``decodeView(_:reader:)`` reads itself rather than
    /// ``decodeCommon(_:_:)``.
    static let structuralKeys = ["id", "type", "style", "constraints", "children"]

    /// The bits of the keys ``decodeCommon(_:_:)`` reads, the common keys other than the
    /// structural ones: a view with none of them (most views of a large scene have an id and
    /// a style and nothing else) skips every lookup.
    static let drawingKeyMask = ObjectReader.keyMask(
        commonKeys.filter { !structuralKeys.contains($0) })

    private mutating func decodeCommon(_ view: View, _ reader: inout ObjectReader)
        throws(SceneError)
    {
        guard reader.mayHave(anyOf: SceneDecoder.drawingKeyMask) else { return }
        if let rect = try reader.rect("frame") {
            guard rect.isFinite, rect.size.width >= 0, rect.size.height >= 0 else {
                throw SceneError(
                    keyPath: reader.child("frame"),
                    message: "the width and height cannot be negative")
            }
            view.frame = rect
            framedViews.insert(ObjectIdentifier(view))
        }
        if let color = reader.value("backgroundColor") {
            view.backgroundColor = try SceneValues.color(
                color, path: reader.child("backgroundColor"))
        }
        if let radius = try reader.length("cornerRadius") {
            guard radius >= 0 else {
                throw SceneError(
                    keyPath: reader.child("cornerRadius"), message: "cannot be negative")
            }
            view.cornerRadius = radius
        }
        if let width = try reader.length("borderWidth") {
            guard width >= 0 else {
                throw SceneError(
                    keyPath: reader.child("borderWidth"), message: "cannot be negative")
            }
            view.borderWidth = width
        }
        if let color = reader.value("borderColor") {
            view.borderColor = try SceneValues.color(color, path: reader.child("borderColor"))
        }
        if let alpha = try reader.number("alpha") {
            guard (0...1).contains(alpha) else {
                throw SceneError(keyPath: reader.child("alpha"), message: "must be in 0...1")
            }
            view.alpha = alpha
        }
        if let hidden = try reader.bool("hidden") { view.isHidden = hidden }
        if let clips = try reader.bool("clipsToBounds") { view.clipsToBounds = clips }
        if let attribute = try reader.choice(
            "semanticContentAttribute", SceneDecoder.semanticContentAttributeNames)
        {
            view.semanticContentAttribute =
                SceneDecoder.semanticContentAttributes.first { $0.name == attribute }?.value
                ?? .unspecified
        }
        try decodeAccessibility(view, &reader)
        if let tag = try reader.integer("tag") { view.tag = tag }
        if let gradient = reader.value("gradient") {
            view.gradient = try decodeGradient(gradient, path: reader.child("gradient"))
        }
    }

    private func decodeGradient(_ value: JSONValue, path: String) throws(SceneError) -> Gradient {
        var reader = try ObjectReader(value, path: path)
        guard let colorValues = try reader.array("colors"), !colorValues.isEmpty else {
            throw SceneError(
                keyPath: reader.child("colors"), message: "a gradient needs at least one colour")
        }
        var colors: [Color] = []
        for (index, element) in colorValues.enumerated() {
            colors.append(
                try SceneValues.color(element, path: "\(reader.child("colors"))[\(index)]"))
        }
        var locations: [Double]?
        if let values = try reader.array("locations") {
            guard values.count == colors.count else {
                throw SceneError(
                    keyPath: reader.child("locations"),
                    message: "give one location per colour (\(colors.count))")
            }
            var result: [Double] = []
            for (index, element) in values.enumerated() {
                let location = try SceneValues.number(
                    element, path: "\(reader.child("locations"))[\(index)]")
                guard (0...1).contains(location) else {
                    throw SceneError(
                        keyPath: "\(reader.child("locations"))[\(index)]",
                        message: "must be in 0...1")
                }
                result.append(location)
            }
            locations = result
        }
        let start = try reader.value("start").map { v throws(SceneError) in
            try SceneValues.point(v, path: reader.child("start"))
        }
        let end = try reader.value("end").map { v throws(SceneError) in
            try SceneValues.point(v, path: reader.child("end"))
        }
        try reader.finish(known: ["colors", "locations", "start", "end"])
        return Gradient(
            colors: colors, locations: locations, startPoint: start ?? Point(x: 0.5, y: 0),
            endPoint: end ?? Point(x: 0.5, y: 1))
    }
}
