import TrellisGeometry
import TrellisViews

extension SceneDecoder {
    /// The most animations a scene declares.
    static let maximumAnimations = 10_000

    /// The properties a scene animates.
    static let animatedProperties = ["alpha", "backgroundColor", "cornerRadius", "frame", "center"]

    /// Starts the animations a scene declares, at the window's time 0: each sets its view's
    /// property to `from` (when given) and animates it to `to`.
    mutating func startAnimations(_ value: JSONValue) throws(SceneError) {
        guard case .array(let entries) = value else {
            throw SceneError(
                keyPath: "scene.animations",
                message: "expected an array of animations, found \(value.kindDescription)")
        }
        guard entries.count <= SceneDecoder.maximumAnimations else {
            throw SceneError(
                keyPath: "scene.animations",
                message: "\(entries.count) animations; at most \(SceneDecoder.maximumAnimations)")
        }
        for (index, entry) in entries.enumerated() {
            try startAnimation(entry, path: "scene.animations[\(index)]")
        }
    }

    private mutating func startAnimation(_ value: JSONValue, path: String) throws(SceneError) {
        var reader = try ObjectReader(value, path: path)
        guard let id = try reader.string("view") else {
            throw SceneError(keyPath: reader.child("view"), message: "missing; give a view's id")
        }
        guard let view = identified.view(withID: id) else {
            throw SceneError(
                keyPath: reader.child("view"),
                message: "no view has the id \"\(id.escapedForEcho)\"")
        }
        guard let property = try reader.choice("property", SceneDecoder.animatedProperties) else {
            throw SceneError(
                keyPath: reader.child("property"),
                message: "missing; give one of "
                    + SceneDecoder.animatedProperties.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        guard let toValue = reader.value("to") else {
            throw SceneError(keyPath: reader.child("to"), message: "missing; give the end value")
        }
        let to = try setter(property, toValue, path: reader.child("to"))
        let from = try reader.value("from").map { (fromValue) throws(SceneError) in
            try setter(property, fromValue, path: reader.child("from"))
        }
        guard let duration = try reader.number("duration") else {
            throw SceneError(
                keyPath: reader.child("duration"), message: "missing; give seconds, such as 0.3")
        }
        guard (0...3600).contains(duration) else {
            throw SceneError(keyPath: reader.child("duration"), message: "must be in 0...3600")
        }
        let delay = try reader.number("delay") ?? 0
        guard (0...3600).contains(delay) else {
            throw SceneError(keyPath: reader.child("delay"), message: "must be in 0...3600")
        }
        var options: AnimationOptions = []
        if try reader.bool("repeat") == true { options.insert(.repeat) }
        if try reader.bool("autoreverse") == true { options.insert(.autoreverse) }
        let curve = try reader.value("curve").map { (curveValue) throws(SceneError) in
            try timingCurve(curveValue, path: reader.child("curve"))
        }
        let spring = reader.value("spring")
        if curve != nil && spring != nil {
            throw SceneError(
                keyPath: reader.child("spring"), message: "give either curve or spring, not both")
        }
        var springTiming: (damping: Double, velocity: Double)?
        if let spring {
            var springReader = try ObjectReader(spring, path: reader.child("spring"))
            let damping = try springReader.number("damping") ?? 1
            let velocity = try springReader.number("velocity") ?? 0
            guard damping > 0, damping <= 10, abs(velocity) <= 1000 else {
                throw SceneError(
                    keyPath: reader.child("spring"),
                    message: "damping must be in 0...10 (above 0) and velocity in -1000...1000")
            }
            try springReader.finish(known: ["damping", "velocity"])
            springTiming = (damping, velocity)
        }
        try reader.finish(known: [
            "view", "property", "from", "to", "duration", "delay", "curve", "spring", "repeat",
            "autoreverse",
        ])
        from?(view)
        if let springTiming {
            View.animate(
                withDuration: duration, delay: delay, usingSpringWithDamping: springTiming.damping,
                initialSpringVelocity: springTiming.velocity, options: options
            ) { to(view) }
        } else {
            View.animate(
                withDuration: duration, delay: delay, curve: curve ?? .easeInEaseOut,
                options: options
            ) { to(view) }
        }
    }

    /// A curve by name (`linear`, `easeIn`, `easeOut`, `easeInOut`) or as four control point
    /// coordinates.
    private func timingCurve(_ value: JSONValue, path: String) throws(SceneError) -> TimingCurve {
        let named: [(String, TimingCurve)] = [
            ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
            ("easeInOut", .easeInEaseOut),
        ]
        if case .string(let name) = value {
            guard let curve = named.first(where: { $0.0 == name })?.1 else {
                throw SceneError(
                    keyPath: path,
                    message: "unknown curve \"\(name.escapedForEcho)\"; use "
                        + named.map { "\"\($0.0)\"" }.joined(separator: ", ")
                        + " or [x1, y1, x2, y2]")
            }
            return curve
        }
        let points = try SceneValues.numbers(
            value, count: 4, path: path, what: "a curve name or [x1, y1, x2, y2]")
        guard (0...1).contains(points[0]), (0...1).contains(points[2]),
            abs(points[1]) <= 100, abs(points[3]) <= 100
        else {
            throw SceneError(
                keyPath: path, message: "x1 and x2 must be in 0...1, y1 and y2 in -100...100")
        }
        return TimingCurve(points[0], points[1], points[2], points[3])
    }

    /// What setting a property to a scene value does to a view.
    private func setter(_ property: String, _ value: JSONValue, path: String)
        throws(SceneError) -> (View) -> Void
    {
        switch property {
        case "alpha":
            let number = try SceneValues.number(value, path: path)
            guard (0...1).contains(number) else {
                throw SceneError(keyPath: path, message: "must be in 0...1")
            }
            return { $0.alpha = number }
        case "backgroundColor":
            let color = try SceneValues.color(value, path: path)
            return { $0.backgroundColor = color }
        case "cornerRadius":
            let radius = try SceneValues.length(value, path: path, nonNegative: true)
            return { $0.cornerRadius = radius }
        case "frame":
            let numbers = try SceneValues.numbers(
                value, count: 4, path: path, what: "[x, y, width, height]")
            guard numbers[2] >= 0, numbers[3] >= 0 else {
                throw SceneError(keyPath: path, message: "width and height cannot be negative")
            }
            let frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            return { $0.frame = frame }
        default:
            let numbers = try SceneValues.numbers(value, count: 2, path: path, what: "[x, y]")
            let center = Point(x: numbers[0], y: numbers[1])
            return { $0.center = center }
        }
    }
}
