/// The state of a control, as a bit set with UIKit's raw values (`UIControl.State`).
///
/// A control can be in several states at once: highlighted and selected, for example. The empty
/// set is ``normal``.
public struct ControlState: OptionSet, Sendable, Hashable {
    /// The raw bit mask.
    public let rawValue: UInt

    /// Creates a state from a raw bit mask.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The normal state: enabled, not selected, not highlighted (raw value 0).
    public static let normal: ControlState = []
    /// Highlighted, as while a touch is down inside the control (1 << 0).
    public static let highlighted = ControlState(rawValue: 1 << 0)
    /// Disabled (1 << 1).
    public static let disabled = ControlState(rawValue: 1 << 1)
    /// Selected (1 << 2).
    public static let selected = ControlState(rawValue: 1 << 2)
    /// Focused, as a control with keyboard focus (1 << 3).
    public static let focused = ControlState(rawValue: 1 << 3)
    /// Bits available to applications (0x00FF0000).
    public static let application = ControlState(rawValue: 0x00FF_0000)
    /// Bits reserved for the framework (0xFF000000).
    public static let reserved = ControlState(rawValue: 0xFF00_0000)
}

extension ControlState: CustomStringConvertible {
    /// The state's names joined by `|`, such as `highlighted|selected`, or `normal`.
    public var description: String {
        if isEmpty { return "normal" }
        var names: [String] = []
        let known: [(ControlState, String)] = [
            (.highlighted, "highlighted"), (.disabled, "disabled"),
            (.selected, "selected"), (.focused, "focused"),
        ]
        var rest = rawValue
        for (state, name) in known where contains(state) {
            names.append(name)
            rest &= ~state.rawValue
        }
        if rest != 0 { names.append("0x" + String(rest, radix: 16)) }
        return names.joined(separator: "|")
    }
}

extension ControlState: Codable {
    /// Decodes a state from its raw value.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
    }

    /// Encodes the state as its raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
