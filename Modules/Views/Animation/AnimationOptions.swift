/// Options of a view animation, with `UIView.AnimationOptions`' raw values.
public struct AnimationOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt

    /// Creates options from raw bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Touches reach the animated views while they move (otherwise they are not hit until the
    /// animation ends).
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// An animation that replaces one in flight starts from what is shown, not from the model
    /// value it had.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// The animation repeats for ever.
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// The animation runs forwards, then backwards; the model value is shown when it ends.
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// Slow at both ends (the default curve).
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    /// Slow at the start.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Slow at the end.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Progress equal to time.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The timing curve the options name.
    public var curve: TimingCurve {
        switch (rawValue >> 16) & 0x3 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInEaseOut
        }
    }
}
