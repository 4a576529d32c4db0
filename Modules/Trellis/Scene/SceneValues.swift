import TrellisGeometry

/// Conversions from JSON values to the geometry and colours of scenes, each with an error that
/// names the key path.
enum SceneValues {
    /// The largest magnitude of any number in a scene.
    static let maximumNumber = 1e9
    /// The largest magnitude of a length, a coordinate or a size in a scene, in points.
    static let maximumLength = 1e6

    /// A finite number of magnitude at most ``maximumNumber``.
    static func number(_ value: JSONValue, path: @autoclosure () -> String) throws(SceneError)
        -> Double
    {
        guard case .number(let number) = value else {
            throw SceneError(
                keyPath: path(), message: "expected a number, found \(value.kindDescription)")
        }
        guard number.isFinite, abs(number) <= maximumNumber else {
            throw SceneError(
                keyPath: path(),
                message: "\(number) is out of range; numbers must be within ±1e9")
        }
        return number
    }

    /// A length in points: a number of magnitude at most ``maximumLength``, and not negative
    /// when `nonNegative`.
    static func length(
        _ value: JSONValue, path: @autoclosure () -> String, nonNegative: Bool = false
    ) throws(SceneError) -> Double {
        let number = try number(value, path: path())
        guard abs(number) <= maximumLength else {
            throw SceneError(
                keyPath: path(),
                message: "\(number) is out of range; lengths must be within ±1000000 points")
        }
        guard !nonNegative || number >= 0 else {
            throw SceneError(keyPath: path(), message: "cannot be negative")
        }
        return number
    }

    static func string(_ value: JSONValue, path: @autoclosure () -> String) throws(SceneError)
        -> String
    {
        guard case .string(let text) = value else {
            throw SceneError(
                keyPath: path(), message: "expected a string, found \(value.kindDescription)")
        }
        return text
    }

    /// `count` lengths (see ``length(_:path:nonNegative:)``) in an array.
    static func numbers(
        _ value: JSONValue, count: Int, path: @autoclosure () -> String, what: String
    )
        throws(SceneError) -> [Double]
    {
        guard case .array(let elements) = value, elements.count == count else {
            throw SceneError(
                keyPath: path(), message: "expected \(what), an array of \(count) numbers")
        }
        var result: [Double] = []
        for (index, element) in elements.enumerated() {
            result.append(try length(element, path: "\(path())[\(index)]"))
        }
        return result
    }

    static func size(_ value: JSONValue, path: @autoclosure () -> String) throws(SceneError) -> Size
    {
        let v = try numbers(value, count: 2, path: path(), what: "[width, height]")
        guard v.allSatisfy({ $0 >= 0 }) else {
            throw SceneError(keyPath: path(), message: "a size cannot be negative")
        }
        return Size(width: v[0], height: v[1])
    }

    static func point(_ value: JSONValue, path: @autoclosure () -> String) throws(SceneError)
        -> Point
    {
        let v = try numbers(value, count: 2, path: path(), what: "[x, y]")
        return Point(x: v[0], y: v[1])
    }

    static func rect(_ value: JSONValue, path: @autoclosure () -> String) throws(SceneError) -> Rect
    {
        let v = try numbers(value, count: 4, path: path(), what: "[x, y, width, height]")
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    static func insets(_ value: JSONValue, path: @autoclosure () -> String) throws(SceneError)
        -> EdgeInsets
    {
        let v = try numbers(value, count: 4, path: path(), what: "[top, left, bottom, right]")
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    static func color(_ value: JSONValue, path: @autoclosure () -> String) throws(SceneError)
        -> Color
    {
        let text = try string(value, path: path())
        do {
            return try Color(parsing: text)
        } catch {
            throw SceneError(keyPath: path(), message: error.reason + " (got \"\(text)\")")
        }
    }

    /// The known word closest to `word` by edit distance, if it is close enough to be a typo.
    static func closest(to word: String, in known: [String]) -> String? {
        let a = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in known {
            let b = Array(candidate.lowercased())
            var row = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var previous = row[0]
                row[0] = i
                for j in 1...max(b.count, 1) where !b.isEmpty {
                    let saved = row[j]
                    row[j] = min(
                        row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = saved
                }
            }
            let distance = a.isEmpty ? b.count : row[b.count]
            if distance <= max(1, candidate.count / 3), distance < (best?.1 ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }
}
