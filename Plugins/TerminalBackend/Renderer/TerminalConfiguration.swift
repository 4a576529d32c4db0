public import TrellisGeometry
public import TrellisPluginKit

/// How many colours the terminal shows.
public enum TerminalColorMode: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour (`ESC [ 38 ; 2 ; r ; g ; b m`).
    case truecolor
    /// The xterm 256-colour palette (`ESC [ 38 ; 5 ; n m`): colours map to the nearest entry
    /// of the cube or the grey ramp.
    case palette256 = "256"
    /// The 16 system colours (`ESC [ 30…37 m`, `ESC [ 90…97 m`).
    case palette16 = "16"
}

/// The terminal backend's settings, from the JSON given to `open` (and to `control`).
///
/// ```json
/// {"cellWidth": 8, "cellHeight": 16, "colors": "256", "frames": "diff", "background": "#000000"}
/// ```
///
/// - `cellWidth`, `cellHeight`: the size of a cell in points, 1 to 1000; 8 × 16 by default, so
///   a 640 × 384-point window is an 80 × 24 terminal. With 1 × 1, points are cells.
/// - `colors`: `"truecolor"`, `"256"`, `"16"` or `"auto"`. The host resolves `"auto"` from the
///   environment (`COLORTERM`, `TERM`) before it opens the backend; a backend given `"auto"`
///   uses 256 colours, which nearly every terminal shows.
/// - `frames`: `"diff"` (the default) writes only what changed since the previous frame;
///   `"full"` repaints every frame.
/// - `background`: the colour assumed behind the terminal's default background, against which
///   translucent colours are blended; black by default.
public struct TerminalConfiguration: Sendable, Hashable {
    /// The width of a cell, in points.
    public var cellWidth: Double = 8
    /// The height of a cell, in points.
    public var cellHeight: Double = 16
    /// The colours the terminal shows.
    public var colorMode: TerminalColorMode = .truecolor
    /// Whether every frame repaints the whole screen instead of writing the difference.
    public var repaintsEveryFrame = false
    /// The colour assumed behind the terminal's default background.
    public var assumedBackground: Color = .black

    /// Creates the default configuration.
    public init() {}

    /// Creates a configuration from JSON, starting from the defaults.
    ///
    /// - Parameter json: UTF-8 JSON: an object, or empty (or white space) for the defaults.
    /// - Throws: `RendererError` naming the key and the accepted values, for malformed JSON,
    ///   an unknown key or a bad value.
    public init(json: [UInt8]) throws(RendererError) {
        try apply(json: json, allowing: [])
    }

    /// Changes the settings named in a JSON object.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON: an object, or empty for no change.
    ///   - extraKeys: Keys besides the settings that the caller handles; they are returned.
    /// - Returns: The values of the extra keys present.
    /// - Throws: `RendererError` for malformed JSON, an unknown key or a bad value.
    @discardableResult
    mutating func apply(json: [UInt8], allowing extraKeys: Set<String>) throws(RendererError)
        -> [String: JSONValue]
    {
        var extras: [String: JSONValue] = [:]
        let members = try PluginConfiguration.members(of: json)
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "cellWidth", "cellHeight":
                guard case .number(let number) = value, number >= 1, number <= 1000 else {
                    throw RendererError(
                        .invalidInput, "configuration \"\(key)\" must be a number from 1 to 1000")
                }
                if key == "cellWidth" {
                    cellWidth = number
                } else {
                    cellHeight = number
                }
            case "colors":
                guard case .string(let name) = value,
                    let mode = name == "auto" ? .palette256 : TerminalColorMode(rawValue: name)
                else {
                    throw RendererError(
                        .invalidInput,
                        "configuration \"colors\" must be \"truecolor\", \"256\", \"16\" or \"auto\""
                    )
                }
                colorMode = mode
            case "frames":
                guard case .string(let name) = value, name == "diff" || name == "full" else {
                    throw RendererError(
                        .invalidInput, "configuration \"frames\" must be \"diff\" or \"full\"")
                }
                repaintsEveryFrame = name == "full"
            case "background":
                guard case .string(let text) = value, let color = try? Color(hex: text) else {
                    throw RendererError(
                        .invalidInput,
                        "configuration \"background\" must be a colour such as \"#000000\"")
                }
                assumedBackground = color.withAlphaComponent(1)
            default:
                guard extraKeys.contains(key) else {
                    let known =
                        ["cellWidth", "cellHeight", "colors", "frames", "background"]
                        + extraKeys.sorted()
                    throw RendererError(
                        .invalidInput,
                        "unknown configuration key \"\(key)\" (known: "
                            + known.joined(separator: ", ") + ")")
                }
                extras[key] = value
            }
        }
        return extras
    }
}
