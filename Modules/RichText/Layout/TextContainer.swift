public import TrellisGeometry
public import TrellisText

/// The box attributed text is laid out in, and the defaults for what the text leaves unset:
/// the counterpart of `NSTextContainer` with `UILabel`'s line limit and break mode.
///
/// ```swift
/// // A label 280 points wide with at most three lines, truncating the last one.
/// let container = TextContainer(
///     width: 280, numberOfLines: 3, lineBreakMode: .byTruncatingTail,
///     defaultFont: .system(size: 14))
/// ```
///
/// A width or height that is zero, negative, not finite or `greatestFiniteMagnitude` sets no
/// limit; a negative line count is read as 0 (no limit).
public struct TextContainer: Sendable, Hashable {
    /// The width lines wrap at and the height lines must fit in.
    public var size: Size
    /// The most lines to show; 0 for no limit.
    public var numberOfLines: Int
    /// A break mode for every paragraph, as `UILabel.lineBreakMode`; `nil` to use each
    /// paragraph style's.
    public var lineBreakMode: LineBreakMode?
    /// Line-breaking rules for every paragraph, as `UILabel.lineBreakStrategy`; `nil` to use
    /// each paragraph style's (where browsers break, `LineBreakStrategy.standard`, by default).
    public var lineBreakStrategy: LineBreakStrategy?
    /// The font of text that has none.
    public var defaultFont: Font
    /// The colour of text that has none.
    public var defaultForegroundColor: Color

    /// Creates a container.
    ///
    /// - Parameters:
    ///   - size: The box; a dimension that is not a positive finite number sets no limit.
    ///   - numberOfLines: The most lines; 0 for no limit.
    ///   - lineBreakMode: A break mode for every paragraph, or `nil`.
    ///   - defaultFont: The font of text that has none; UIKit's label font by default.
    ///   - defaultForegroundColor: The colour of text that has none.
    public init(
        size: Size = Size(width: .infinity, height: .infinity), numberOfLines: Int = 0,
        lineBreakMode: LineBreakMode? = nil, defaultFont: Font = .system(size: 17),
        defaultForegroundColor: Color = .black
    ) {
        self.size = size
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.defaultFont = defaultFont
        self.defaultForegroundColor = defaultForegroundColor
    }

    /// Creates a container of a width and unlimited height.
    ///
    /// - Parameters:
    ///   - width: The width lines wrap at.
    ///   - numberOfLines: The most lines; 0 for no limit.
    ///   - lineBreakMode: A break mode for every paragraph, or `nil`.
    ///   - defaultFont: The font of text that has none.
    ///   - defaultForegroundColor: The colour of text that has none.
    public init(
        width: Double, numberOfLines: Int = 0, lineBreakMode: LineBreakMode? = nil,
        defaultFont: Font = .system(size: 17), defaultForegroundColor: Color = .black
    ) {
        self.init(
            size: Size(width: width, height: .infinity), numberOfLines: numberOfLines,
            lineBreakMode: lineBreakMode, defaultFont: defaultFont,
            defaultForegroundColor: defaultForegroundColor)
    }

    /// A dimension as a limit: infinity unless a positive finite number.
    static func limit(_ value: Double) -> Double {
        value.isFinite && value > 0 && value < 1e300 ? value : .infinity
    }

    var widthLimit: Double { Self.limit(size.width) }
    var heightLimit: Double { Self.limit(size.height) }
    var lineLimit: Int { max(numberOfLines, 0) }
}
