import Synchronization
public import TrellisGeometry

/// Measures and lays out text with one ``FontMetrics`` provider, and caches the work.
///
/// A measurer answers the questions UIKit code asks of text — `boundingRect(with:options:
/// attributes:context:)` and `UILabel.sizeThatFits(_:)` — and returns the full line layout
/// that a renderer draws. Each rendering backend has one measurer with its own metrics.
///
/// ```swift
/// let measurer = TextMeasurer(metrics: ProportionalMetrics())
/// let font = Font.system(size: 14)
///
/// // Seed 002: the width of a button title, on one line.
/// let title = measurer.boundingRect(
///     of: "分享", with: Size(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
///     options: .usesLineFragmentOrigin, style: TextStyle(font: font))
/// let width = title.width.rounded(.up)
///
/// // Seed 001: a multi-line label 280 points wide.
/// let label = TextStyle(font: .system(size: 16), numberOfLines: 0)
/// let height = measurer.sizeThatFits(
///     Size(width: 280, height: .greatestFiniteMagnitude),
///     text: "UIControl派生自UIView类，是控件的基类。", style: label
/// ).height
/// ```
///
/// ## Caching
/// The measurer keeps the segmentation and measurement of recent texts, keyed by text and
/// font, with the last few layouts of each. Measuring an unchanged label again is a cache
/// lookup: no segmentation and no call to the metrics provider. The cache holds at most
/// `cacheCapacity` texts and about `cacheByteBudget` bytes, evicting by the clock algorithm.
/// A measurer is safe to use from several threads.
public final class TextMeasurer: Sendable {
    /// The provider of font metrics.
    public let metrics: any FontMetrics
    /// The metrics as a built-in provider that measures while segmenting, found once rather
    /// than by a dynamic cast for each text.
    private let scalarMetrics: (any ScalarClusterMetrics)?
    private let cache: Mutex<MeasurementCache>

    /// Creates a measurer.
    ///
    /// - Parameters:
    ///   - metrics: The provider of font metrics.
    ///   - cacheCapacity: The most texts to keep measurements of; 0 turns the cache off.
    ///   - cacheByteBudget: The approximate memory the cache may use, in bytes.
    public init(
        metrics: any FontMetrics, cacheCapacity: Int = 512, cacheByteBudget: Int = 8 << 20
    ) {
        self.metrics = metrics
        scalarMetrics = scalarClusterMetrics(of: metrics)
        cache = Mutex(MeasurementCache(capacity: cacheCapacity, byteBudget: cacheByteBudget))
    }

    /// Lays text out in a box.
    ///
    /// Lines wrap at the box's width and stop at its height, the style's line limit, or both;
    /// a dimension that is zero, negative, not finite or `greatestFiniteMagnitude` sets no
    /// limit. When text remains after the last line, that line is truncated as the style's
    /// ``TextStyle/lineBreakMode`` says.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - style: The font and paragraph properties.
    ///   - size: The box; its height limits the lines only when finite.
    /// - Returns: The lines and their positions, line heights including the font's leading.
    /// - Complexity: O(*n*) in the length of the text; a cache hit is O(1) besides hashing
    ///   the text.
    public func layout(_ text: String, style: TextStyle, in size: Size) -> TextLayout {
        layout(
            text, font: style.font, LayoutRequest(style: style, size: size, includesLeading: true))
    }

    /// Lays UTF-8 text out in a box; ill-formed UTF-8 is replaced with U+FFFD first.
    ///
    /// - Parameters:
    ///   - utf8: The text as UTF-8 bytes.
    ///   - style: The font and paragraph properties.
    ///   - size: The box.
    /// - Returns: The lines and their positions; offsets refer to the repaired text.
    /// - Complexity: O(*n*) in the number of bytes.
    public func layout(utf8: [UInt8], style: TextStyle, in size: Size) -> TextLayout {
        layout(String(decoding: utf8, as: UTF8.self), style: style, in: size)
    }

    /// Returns the rectangle text occupies, as `NSString.boundingRect(with:options:attributes:
    /// context:)` does.
    ///
    /// With ``DrawingOptions/usesLineFragmentOrigin`` the text wraps at `size.width` in lines
    /// from the top-left corner, and the rectangle starts at the origin. Without it the text
    /// is measured as a single line (its first paragraph, unwrapped) from its baseline origin,
    /// so the rectangle's y is minus the ascender. Line heights include the font's leading only
    /// with ``DrawingOptions/usesFontLeading``; `size.height` limits the lines only with
    /// ``DrawingOptions/truncatesLastVisibleLine``, which also ends the last line with an
    /// ellipsis. The style's line limit and break mode apply as given (`NSParagraphStyle`'s
    /// default is word wrapping).
    ///
    /// The result is fractional: round it up with `ceil` before sizing a view, as UIKit code
    /// does.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - size: The box to wrap in.
    ///   - options: Drawing options.
    ///   - style: The font and paragraph properties.
    /// - Returns: The bounding rectangle.
    /// - Complexity: O(*n*) in the length of the text; a cache hit costs a lookup.
    public func boundingRect(
        of text: String, with size: Size, options: DrawingOptions, style: TextStyle
    ) -> Rect {
        var style = style
        var box = size
        let leading = options.contains(.usesFontLeading)
        if !options.contains(.usesLineFragmentOrigin) {
            style.numberOfLines = 1
            style.lineBreakMode = .byClipping
            box = Size(width: .infinity, height: .infinity)
        } else if !options.contains(.truncatesLastVisibleLine) {
            box.height = .infinity
        } else if !style.lineBreakMode.truncates {
            style.lineBreakMode = .byTruncatingTail
        }
        let laidOut = layout(
            text, font: style.font, LayoutRequest(style: style, size: box, includesLeading: leading)
        )
        if options.contains(.usesLineFragmentOrigin) {
            return Rect(origin: .zero, size: laidOut.size)
        }
        guard !laidOut.lines.isEmpty else { return .zero }
        let ascender = laidOut.firstBaseline
        return Rect(x: 0, y: -ascender, width: laidOut.size.width, height: laidOut.size.height)
    }

    /// Returns the rectangle UTF-8 text occupies, as ``boundingRect(of:with:options:style:)``
    /// does; ill-formed UTF-8 is replaced with U+FFFD first.
    ///
    /// Each maximal ill-formed subsequence becomes one U+FFFD, as `String(decoding:as:)` and
    /// the Unicode standard's recommended practice do, so that bytes from a file or a socket
    /// measure without a crash or a validation step:
    ///
    /// ```swift
    /// let rect = measurer.boundingRect(
    ///     utf8: [0x4F, 0x4B, 0xFF], with: box, options: .usesLineFragmentOrigin, style: style)
    /// // measures "OK\u{FFFD}"
    /// ```
    ///
    /// - Parameters:
    ///   - utf8: The text as UTF-8 bytes.
    ///   - size: The box to wrap in.
    ///   - options: Drawing options.
    ///   - style: The font and paragraph properties.
    /// - Returns: The bounding rectangle of the repaired text.
    /// - Complexity: O(*n*) in the number of bytes.
    public func boundingRect(
        utf8: [UInt8], with size: Size, options: DrawingOptions, style: TextStyle
    ) -> Rect {
        boundingRect(
            of: String(decoding: utf8, as: UTF8.self), with: size, options: options, style: style)
    }

    /// Returns the size a label showing text needs within a box, as `UILabel.sizeThatFits(_:)`.
    ///
    /// - Parameters:
    ///   - size: The box: its width wraps the text and its height limits the lines; a
    ///     dimension that is zero or not finite sets no limit.
    ///   - text: The label's text.
    ///   - style: The label's font, line limit, break mode and paragraph properties.
    /// - Returns: The size of the laid-out lines, fractional (round up with `ceil`).
    /// - Complexity: O(*n*) in the length of the text; an unchanged label costs a cache lookup.
    public func sizeThatFits(_ size: Size, text: String, style: TextStyle) -> Size {
        let request = LayoutRequest(style: style, size: size, includesLeading: true)
        let text = visibleExcerpt(of: text, font: style.font, request: request) ?? text
        let hash = MeasurementCache.Key.hash(text: text, font: style.font)
        let cached = cache.withLock {
            $0.size(text: text, font: style.font, hash: hash, request: request)
        }
        if let cached { return cached }
        return layout(MeasurementCache.Key(text: text, font: style.font), request).size
    }

    /// Returns the size a label showing UTF-8 text needs within a box, as
    /// ``sizeThatFits(_:text:style:)`` does; ill-formed UTF-8 is replaced with U+FFFD first.
    ///
    /// Each maximal ill-formed subsequence becomes one U+FFFD, as `String(decoding:as:)` does.
    /// The repaired text is cached like any other, so measuring the same bytes again is a
    /// cache lookup after the decoding.
    ///
    /// - Parameters:
    ///   - size: The box: its width wraps the text and its height limits the lines; a
    ///     dimension that is zero or not finite sets no limit.
    ///   - utf8: The label's text as UTF-8 bytes.
    ///   - style: The label's font, line limit, break mode and paragraph properties.
    /// - Returns: The size of the laid-out lines of the repaired text, fractional (round up
    ///   with `ceil`).
    /// - Complexity: O(*n*) in the number of bytes.
    public func sizeThatFits(_ size: Size, utf8: [UInt8], style: TextStyle) -> Size {
        sizeThatFits(size, text: String(decoding: utf8, as: UTF8.self), style: style)
    }

    /// Returns the lines of text wrapped at a width, as the `trellis text break` command prints
    /// them.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - width: The width to wrap at; not positive or not finite for no wrapping.
    ///   - font: The font.
    /// - Returns: Each line's text (without trailing spaces and line break) and natural width.
    /// - Complexity: O(*n*) in the length of the text.
    public func lines(of text: String, width: Double, font: Font) -> [(text: String, width: Double)]
    {
        layout(text, style: TextStyle(font: font), in: Size(width: width, height: 0)).lines.map {
            ($0.text, $0.width)
        }
    }

    /// The number of cache lookups that found a prepared text or a layout, and those that
    /// found nothing and measured the text.
    public var cacheStatistics: (hits: Int, misses: Int, entries: Int) {
        cache.withLock { ($0.hits, $0.misses, $0.count) }
    }

    /// Forgets every cached measurement, as after a change of fonts.
    public func removeAllCachedMeasurements() {
        cache.withLock { $0.removeAll() }
    }

    private func layout(_ text: String, font: Font, _ request: LayoutRequest) -> TextLayout {
        let text = visibleExcerpt(of: text, font: font, request: request) ?? text
        return layout(MeasurementCache.Key(text: text, font: font), request)
    }

    private func layout(_ key: MeasurementCache.Key, _ request: LayoutRequest) -> TextLayout {
        let cached = cache.withLock { cache -> (TextLayout?, PreparedText?) in
            if let layout = cache.layout(for: key, request: request) { return (layout, nil) }
            return (nil, cache.prepared(for: key))
        }
        if let layout = cached.0 { return layout }
        let prepared =
            cached.1
            ?? PreparedText(
                text: key.text, font: key.font, metrics: metrics, scalarMetrics: scalarMetrics)
        let result = prepared.layout(request)
        cache.withLock { $0.store(result, for: request, key: key, prepared: prepared) }
        return result
    }
}
