import Glibc
public import TrellisGeometry

/// How many colours the terminal shows.
public enum TerminalColorMode: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour (`ESC [ 38 ; 2 ; r ; g ; b m`).
    case truecolor
    /// The xterm 256-colour palette (`ESC [ 38 ; 5 ; n m`): colours map to the nearest entry
    /// of the cube or the grey ramp.
    case palette256 = "256"
    /// The 16 system colours (`ESC [ 30…37 m`, `ESC [ 90…97 m`).
    case palette16 = "16"

    /// Decides the colours from the environment, as terminals announce them.
    ///
    /// - `COLORTERM` of `truecolor` or `24bit` means 24-bit colour (the convention terminals
    ///   follow to announce it);
    /// - otherwise `TERM`: a name ending in `-direct` or naming a terminal known to show 24-bit
    ///   colour (`xterm-kitty`, `alacritty`, `foot`, `wezterm`, `xterm-ghostty`) means 24-bit;
    ///   one containing `256color` means 256 colours; anything else (including `dumb`, `linux`,
    ///   `vt100` and no `TERM` at all) means 16.
    ///
    /// ```swift
    /// TerminalColorMode(environment: ["COLORTERM": "truecolor"])      // .truecolor
    /// TerminalColorMode(environment: ["TERM": "xterm-256color"])      // .palette256
    /// TerminalColorMode(environment: ["TERM": "linux"])               // .palette16
    /// ```
    ///
    /// - Parameter environment: The environment variables.
    public init(environment: [String: String]) {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        let term = environment["TERM"]?.lowercased() ?? ""
        let truecolorTerminals = ["xterm-kitty", "alacritty", "foot", "wezterm", "xterm-ghostty"]
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct")
            || truecolorTerminals.contains(where: { term == $0 || term.hasPrefix($0 + "-") })
        {
            self = .truecolor
        } else if term.contains("256color") {
            self = .palette256
        } else {
            self = .palette16
        }
    }

    /// Decides the colours from this process's environment; see ``init(environment:)``.
    ///
    /// - Returns: The colours the terminal announces.
    public static func fromProcessEnvironment() -> TerminalColorMode {
        var environment: [String: String] = [:]
        for name in ["COLORTERM", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return TerminalColorMode(environment: environment)
    }
}

/// How the terminal backend writes right-to-left text.
///
/// A display list holds bidirectional text already ordered for display: runs placed left to
/// right, each right-to-left one marked (`GlyphRun.direction`) with its characters in logical
/// order. Most terminals (xterm, kitty, Alacritty, foot, WezTerm, tmux, the Linux console) show
/// characters in the cells they are written to, so the backend reverses right-to-left runs
/// itself. A few apply the Unicode bidirectional algorithm to each line they show (mlterm,
/// Konsole, and GNOME Terminal and other VTE-based terminals with their bidi support on); such
/// a terminal would reverse the runs a second time, and needs them written in logical order.
public enum TerminalBidiMode: String, Sendable, Hashable, CaseIterable {
    /// Cells in the order they are shown (the default): the clusters of a right-to-left run are
    /// written from its last to its first, each with its mirrored character where it has one
    /// (brackets, comparison signs: `Unicode.Scalar.bidiMirroringGlyph` in TrellisText).
    case visual
    /// For terminals that apply the bidirectional algorithm themselves: the clusters of a
    /// right-to-left run are written in logical order, unmirrored, between a right-to-left
    /// isolate (U+2067 RLI) before the first and a pop directional isolate (U+2069 PDI) after
    /// the last, in the same cells, so that the terminal shows the run right to left in place
    /// and never reorders it against the text around it. Left-to-right runs are written as in
    /// ``visual``.
    case logical
}

/// The terminal backend's settings: the one schema of the JSON a host gives its `open` (and
/// `control`) entry, written by the host with ``json`` and read by the backend with
/// ``init(json:)``.
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
/// - `bidi`: `"visual"` (the default) writes right-to-left text reversed, as most terminals
///   need; `"logical"` writes it in logical order between bidi isolates, for terminals that
///   apply the bidirectional algorithm themselves (see ``TerminalBidiMode``). ``json`` writes
///   the key only when it is not the default.
/// - `inline`: `true` for frames drawn in rows below a shell's prompt rather than on a screen of
///   their own (see ``drawsInline``); `false` by default, and written only when `true`.
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
    /// How right-to-left text is written: reversed (the default) or in logical order for a
    /// terminal that reorders it.
    public var bidiMode: TerminalBidiMode = .visual
    /// Whether frames are drawn inline, in the rows below a shell's prompt, instead of on a
    /// screen of their own.
    ///
    /// An inline frame is written where the cursor is: it starts with the cursor on the
    /// frame's top-left cell and leaves it there, moves the cursor only relative to where it
    /// is (never to an absolute row, which would be a row of the shell's), and clears only
    /// its own rows for a full repaint, never the screen. The host reserves the rows and
    /// parks the cursor on their first cell before the first frame.
    public var drawsInline = false

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - cellWidth: The width of a cell, in points; 8 by default.
    ///   - cellHeight: The height of a cell, in points; 16 by default.
    ///   - colorMode: The colours the terminal shows; 24-bit by default.
    ///   - repaintsEveryFrame: Whether every frame is a full repaint; no by default.
    ///   - assumedBackground: The colour behind the terminal's default background; black by
    ///     default.
    ///   - bidiMode: How right-to-left text is written; reversed in the cells by default.
    ///   - drawsInline: Whether frames are drawn in the rows below a prompt; no by default.
    public init(
        cellWidth: Double = 8, cellHeight: Double = 16, colorMode: TerminalColorMode = .truecolor,
        repaintsEveryFrame: Bool = false, assumedBackground: Color = .black,
        bidiMode: TerminalBidiMode = .visual, drawsInline: Bool = false
    ) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.colorMode = colorMode
        self.repaintsEveryFrame = repaintsEveryFrame
        self.assumedBackground = assumedBackground
        self.bidiMode = bidiMode
        self.drawsInline = drawsInline
    }

    /// The configuration as the JSON the backend reads, such as
    /// `{"cellWidth":8,"cellHeight":16,"colors":"256","frames":"diff","background":"#000000"}`;
    /// `"bidi"` is written only when it is not `"visual"`, and `"inline"` only when it is
    /// `true`, so that a backend that predates them reads the default configuration.
    public var json: [UInt8] {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
        let text =
            "{\"cellWidth\":\(number(cellWidth)),\"cellHeight\":\(number(cellHeight)),"
            + "\"colors\":\"\(colorMode.rawValue)\",\"frames\":\""
            + (repaintsEveryFrame ? "full" : "diff") + "\",\"background\":\""
            + assumedBackground.hexString + "\""
            + (bidiMode == .visual ? "" : ",\"bidi\":\"\(bidiMode.rawValue)\"")
            + (drawsInline ? ",\"inline\":true" : "") + "}"
        return Array(text.utf8)
    }

    /// Creates a configuration from JSON, starting from the defaults.
    ///
    /// - Parameter json: UTF-8 JSON: an object, or empty (or white space) for the defaults.
    /// - Throws: ``ConfigurationError`` naming the key and the accepted values, for malformed
    ///   JSON, an unknown key or a bad value.
    public init(json: [UInt8]) throws(ConfigurationError) {
        try apply(json: json, allowing: [])
    }

    /// Changes the settings named in a JSON object.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON: an object, or empty for no change.
    ///   - extraKeys: Keys besides the settings that the caller handles; they are returned.
    /// - Returns: The values of the extra keys present.
    /// - Throws: ``ConfigurationError`` for malformed JSON, an unknown key or a bad value.
    @discardableResult
    public mutating func apply(json: [UInt8], allowing extraKeys: Set<String>)
        throws(ConfigurationError)
        -> [String: JSONValue]
    {
        var extras: [String: JSONValue] = [:]
        let members = try PluginConfiguration.members(of: json)
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "cellWidth", "cellHeight":
                guard case .number(let number) = value, number >= 1, number <= 1000 else {
                    throw ConfigurationError(
                        "configuration \"\(key)\" must be a number from 1 to 1000")
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
                    throw ConfigurationError(
                        "configuration \"colors\" must be \"truecolor\", \"256\", \"16\" or \"auto\""
                    )
                }
                colorMode = mode
            case "frames":
                guard case .string(let name) = value, name == "diff" || name == "full" else {
                    throw ConfigurationError(
                        "configuration \"frames\" must be \"diff\" or \"full\"")
                }
                repaintsEveryFrame = name == "full"
            case "background":
                guard case .string(let text) = value, let color = try? Color(hex: text) else {
                    throw ConfigurationError(
                        "configuration \"background\" must be a colour such as \"#000000\"")
                }
                assumedBackground = color.withAlphaComponent(1)
            case "bidi":
                guard case .string(let name) = value, let mode = TerminalBidiMode(rawValue: name)
                else {
                    throw ConfigurationError(
                        "configuration \"bidi\" must be \"visual\" or \"logical\"")
                }
                bidiMode = mode
            case "inline":
                guard case .bool(let flag) = value else {
                    throw ConfigurationError("configuration \"inline\" must be true or false")
                }
                drawsInline = flag
            default:
                guard extraKeys.contains(key) else {
                    let known =
                        [
                            "cellWidth", "cellHeight", "colors", "frames", "background", "bidi",
                            "inline",
                        ]
                        + extraKeys.sorted()
                    throw ConfigurationError(
                        "unknown configuration key \"\(key)\" (known: "
                            + known.joined(separator: ", ") + ")")
                }
                extras[key] = value
            }
        }
        return extras
    }
}
