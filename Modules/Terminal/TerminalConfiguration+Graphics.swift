import Glibc
public import TrellisCore

extension TerminalConfiguration {
    /// The configuration with the graphics a live terminal app uses, and the cell size in
    /// pixels its sixel images are scaled to.
    ///
    /// The graphics are `requested` when given (an application's or a command's explicit
    /// choice); else the `TRELLIS_TERMINAL_GRAPHICS` environment variable's (`kitty`, `sixel`,
    /// `none`; `auto` or unset leaves it to the terminal); else what the terminal answered:
    /// the kitty protocol, else sixel, else half blocks (see
    /// ``TerminalGraphicsMode/init(environment:kitty:sixel:)``). The cell size is the window's
    /// size in pixels (`TIOCGWINSZ`) divided by its cells when the terminal reports it, else
    /// the terminal's answer to `CSI 16 t`, else the configuration's (10 × 20 by default).
    ///
    /// ```swift
    /// let capabilities = try session.queryCapabilities()
    /// let configuration = try TerminalConfiguration().resolvingGraphics(
    ///     nil, capabilities: capabilities, size: session.size,
    ///     environment: ["TRELLIS_TERMINAL_GRAPHICS": "sixel"])     // .sixel
    /// ```
    ///
    /// - Parameters:
    ///   - requested: The graphics asked for explicitly, or `nil` to decide.
    ///   - capabilities: What the terminal answered.
    ///   - size: The terminal's size, with its pixels when known.
    ///   - environment: The environment variables.
    /// - Returns: The configuration with ``graphicsMode``, ``cellPixelWidth`` and
    ///   ``cellPixelHeight`` decided.
    /// - Throws: ``TerminalError`` of code `configuration` when the environment variable has
    ///   another value.
    public func resolvingGraphics(
        _ requested: TerminalGraphicsMode?, capabilities: TerminalCapabilities,
        size: TerminalSize, environment: [String: String]
    ) throws(TerminalError) -> TerminalConfiguration {
        var result = self
        if let requested {
            result.graphicsMode = requested
        } else {
            do {
                result.graphicsMode = try TerminalGraphicsMode(
                    environment: environment, kitty: capabilities.kittyGraphics,
                    sixel: capabilities.sixel)
            } catch {
                throw TerminalError(.configuration, error.description)
            }
        }
        if size.columns > 0, size.rows > 0, size.pixelWidth >= size.columns,
            size.pixelHeight >= size.rows
        {
            result.cellPixelWidth = min(size.pixelWidth / size.columns, 1000)
            result.cellPixelHeight = min(size.pixelHeight / size.rows, 1000)
        } else if let width = capabilities.cellPixelWidth,
            let height = capabilities.cellPixelHeight
        {
            result.cellPixelWidth = width
            result.cellPixelHeight = height
        }
        return result
    }

    /// The graphics environment variable of this process, as
    /// ``resolvingGraphics(_:capabilities:size:environment:)`` reads it.
    ///
    /// - Returns: The variable and its value, or nothing when it is not set.
    public static func graphicsEnvironment() -> [String: String] {
        let name = TerminalGraphicsMode.environmentVariable
        guard let value = getenv(name) else { return [:] }
        return [name: String(cString: value)]
    }
}
