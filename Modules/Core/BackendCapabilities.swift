/// What a backend can do, as the capability bits of the plugin ABI.
public struct BackendCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw bits, as `TRELLIS_CAP_*`.
    public let rawValue: UInt64

    /// Creates capabilities from raw bits.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Renders a display list to deterministic text.
    public static let renderText = BackendCapabilities(rawValue: 1 << 0)
    /// Renders a display list to pixels.
    public static let renderPixels = BackendCapabilities(rawValue: 1 << 1)
    /// Renders a display list to terminal escape sequences.
    public static let renderTerminal = BackendCapabilities(rawValue: 1 << 2)
    /// Measures text.
    public static let measureText = BackendCapabilities(rawValue: 1 << 3)
    /// Decodes input.
    public static let input = BackendCapabilities(rawValue: 1 << 4)
    /// Renders retained frames (``RetainedFrame``): keeps segments between frames and redraws
    /// only what the damage needs.
    public static let retainedFrames = BackendCapabilities(rawValue: 1 << 5)

    /// Any of the render capabilities.
    public static let anyRender: BackendCapabilities = [
        .renderText, .renderPixels, .renderTerminal,
    ]

    /// The capability names, such as `render-text, measure-text`.
    public var names: [String] {
        var result: [String] = []
        let named: [(BackendCapabilities, String)] = [
            (.renderText, "render-text"), (.renderPixels, "render-pixels"),
            (.renderTerminal, "render-terminal"), (.measureText, "measure-text"),
            (.input, "input"), (.retainedFrames, "retained-frames"),
        ]
        for (bit, name) in named where contains(bit) { result.append(name) }
        let unknown = rawValue & ~0x3F
        if unknown != 0 { result.append("0x" + String(unknown, radix: 16)) }
        return result
    }

    /// The names joined by commas, or `none`.
    public var description: String { isEmpty ? "none" : names.joined(separator: ",") }
}
