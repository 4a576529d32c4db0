/// How many colours a terminal shows, as the terminal backend's `"colors"` setting names them.
public enum TerminalColorDepth: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour.
    case truecolor
    /// The xterm 256-colour palette.
    case palette256 = "256"
    /// The 16 system colours.
    case palette16 = "16"

    /// Decides the colour depth from the environment, as terminals announce it.
    ///
    /// - `COLORTERM` of `truecolor` or `24bit` means 24-bit colour (the convention terminals
    ///   follow to announce it);
    /// - otherwise `TERM`: a name ending in `-direct` or naming a terminal known to show 24-bit
    ///   colour (`xterm-kitty`, `alacritty`, `foot`, `wezterm`, `xterm-ghostty`) means 24-bit;
    ///   one containing `256color` means 256 colours; anything else (including `dumb`, `linux`,
    ///   `vt100` and no `TERM` at all) means 16.
    ///
    /// ```swift
    /// TerminalColorDepth(environment: ["COLORTERM": "truecolor"])      // .truecolor
    /// TerminalColorDepth(environment: ["TERM": "xterm-256color"])      // .palette256
    /// TerminalColorDepth(environment: ["TERM": "linux"])               // .palette16
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

    /// Decides the colour depth from this process's environment; see ``init(environment:)``.
    ///
    /// - Returns: The colour depth the terminal announces.
    public static func fromProcessEnvironment() -> TerminalColorDepth {
        var environment: [String: String] = [:]
        for name in ["COLORTERM", "TERM"] {
            if let value = SystemCalls.environment(name) { environment[name] = value }
        }
        return TerminalColorDepth(environment: environment)
    }
}
