import Synchronization
public import TrellisRender
public import TrellisText

/// Font metrics answered by a backend that measures text (a raster or terminal plugin), so that
/// layout uses the same fonts and shaping as the pixels.
///
/// Measurements are cached per font and run of text: each run is sent to the backend as one
/// piece, its clusters in order, so that the backend shapes it as the renderer draws it (with
/// kerning and ligatures between its own neighbours), and the advances of its clusters come
/// back in that context. ``measure(runs:)`` sends every run it has not seen in one call, so a
/// window that measures all of a layout pass's text up front (the runs
/// `TextMeasurer.runsToMeasure(_:style:)` and `AttributedTextLayout.runsToMeasure(_:in:)`
/// name) crosses the plugin boundary once per pass, and an unchanged relayout not at all.
///
/// The cache holds the advances of at most ``clusterLimit`` clusters, or of the largest batch
/// of several runs measured at once if that is more (a window's layout pass measures its text
/// in one batch, and a cache smaller than the batch would forget it before the pass lays the
/// text out, measuring each run again): when it would hold more, the runs used least recently
/// are forgotten first, so that an app that shows ever new text (a text field being typed in)
/// keeps a bounded cache. A single run longer than the limit is measured but not kept. Each
/// font's line metrics are kept for good.
public final class BackendFontMetrics: FontMetrics, @unchecked Sendable {
    /// A run of text in a font.
    private struct RunKey: Hashable {
        var font: FontDescriptor
        var text: String
    }

    /// The advances of a run's clusters, and when they were last used.
    private struct Entry {
        var advances: [Double]
        var stamp: Int
    }

    private struct State {
        var lineMetrics: [FontDescriptor: FontLineMetrics] = [:]
        var runs: [RunKey: Entry] = [:]
        /// Runs in the order they were last used, oldest first, from `head` on; an element
        /// whose stamp is not its entry's current one is stale and skipped.
        var order: [(key: RunKey, stamp: Int)] = []
        var head = 0
        var clock = 0
        var clusters = 0
        var calls = 0
        /// The bound in force: the cluster limit, or the largest batch of several runs.
        var limit = 0

        /// The clusters a run counts for in the bound (an empty run is never stored).
        static func cost(_ advances: [Double]) -> Int { max(advances.count, 1) }

        /// Marks a run as used now.
        mutating func touch(_ key: RunKey) {
            clock += 1
            runs[key]?.stamp = clock
            order.append((key, clock))
            compactIfNeeded()
        }

        /// Keeps a run's advances, forgetting the least recently used runs beyond `limit`.
        mutating func store(_ advances: [Double], for key: RunKey, limit: Int) {
            let cost = Self.cost(advances)
            guard cost <= limit else { return }
            if let old = runs[key] { clusters -= Self.cost(old.advances) }
            clock += 1
            runs[key] = Entry(advances: advances, stamp: clock)
            order.append((key, clock))
            clusters += cost
            while clusters > limit && head < order.count {
                let oldest = order[head]
                head += 1
                if let entry = runs[oldest.key], entry.stamp == oldest.stamp {
                    runs[oldest.key] = nil
                    clusters -= Self.cost(entry.advances)
                }
            }
            compactIfNeeded()
        }

        /// Drops consumed and stale elements of `order` once they outnumber the live ones, so
        /// that its length stays within a constant factor of the cache's.
        private mutating func compactIfNeeded() {
            guard order.count - head > 2 * runs.count + 64 || head > order.count / 2 + 64
            else { return }
            order = order[head...].filter { runs[$0.key]?.stamp == $0.stamp }
            head = 0
        }
    }

    private let backend: any Backend
    private let fallback: any FontMetrics
    private let state = Mutex(State())

    /// The fewest clusters whose advances the cache keeps: it keeps more for a batch of
    /// several runs measured at once that holds more.
    public let clusterLimit: Int

    /// Creates metrics answered by a backend; when the backend fails, `fallback` answers.
    ///
    /// - Parameters:
    ///   - backend: The backend that measures.
    ///   - fallback: The metrics used for runs the backend does not answer.
    ///   - clusterLimit: The most clusters whose advances are cached, 65,536 by default (a
    ///     few megabytes with the texts); 0 or less keeps none.
    public init(
        backend: any Backend, fallback: any FontMetrics = ProportionalMetrics(),
        clusterLimit: Int = 65_536
    ) {
        self.backend = backend
        self.fallback = fallback
        self.clusterLimit = max(clusterLimit, 0)
        state.withLock { $0.limit = max(clusterLimit, 0) }
    }

    /// The number of measurement calls made into the backend so far.
    public var backendCalls: Int { state.withLock { $0.calls } }

    /// The number of clusters whose advances the cache holds now: at most ``clusterLimit``,
    /// or the largest batch of several runs measured at once.
    public var cachedClusters: Int { state.withLock { $0.clusters } }

    /// The font's vertical metrics, measured once per font.
    public func lineMetrics(for font: Font) -> FontLineMetrics {
        let key = font.descriptor
        if let known = state.withLock({ $0.lineMetrics[key] }) { return known }
        _ = fetch([RunKey(font: key, text: "")])
        return state.withLock { $0.lineMetrics[key] } ?? fallback.lineMetrics(for: font)
    }

    /// `true`: the metrics keep what they measured, and each call crosses to the backend.
    public var measuresAhead: Bool { true }

    /// The advances of one run's clusters, shaped as one piece.
    public func advances(of run: TextRun) -> [Double] {
        measure(runs: [run])[0]
    }

    /// The advances of several runs' clusters, each run shaped as one piece, with every run
    /// not in the cache measured in one call.
    ///
    /// - Complexity: O(*n*) in the total length of the runs, plus the backend's work for the
    ///   runs it measures.
    public func measure(runs: [TextRun]) -> [[Double]] {
        let keys = runs.map { RunKey(font: $0.font.descriptor, text: String($0.text)) }
        var results: [[Double]?] = Array(repeating: nil, count: runs.count)
        var missing: [RunKey] = []
        let batch = keys.count > 1 ? keys.reduce(0) { $0 + $1.text.count } : 0
        state.withLock { state in
            state.limit = max(state.limit, batch)
            var requested = Set<RunKey>()
            var fontsAsked = Set<FontDescriptor>()
            for (index, key) in keys.enumerated() {
                if key.text.isEmpty {
                    results[index] = []
                } else if let entry = state.runs[key] {
                    results[index] = entry.advances
                    state.touch(key)
                } else if requested.insert(key).inserted {
                    missing.append(key)
                    fontsAsked.insert(key.font)
                }
            }
            // A font whose line metrics are unknown is asked for them with an empty run.
            for key in keys where state.lineMetrics[key.font] == nil {
                if fontsAsked.insert(key.font).inserted {
                    missing.append(RunKey(font: key.font, text: ""))
                }
            }
        }
        let measured = missing.isEmpty ? [:] : fetch(missing)
        return runs.indices.map { index in
            results[index] ?? measured[keys[index]] ?? fallback.advances(of: runs[index])
        }
    }

    /// Measures runs in one backend call, keeps what comes back and returns it by run.
    private func fetch(_ keys: [RunKey]) -> [RunKey: [Double]] {
        let runs = keys.map { MeasureRun(font: $0.font, clusters: $0.text.map { String($0) }) }
        let request = TextMeasurementCodec.encode(request: runs)
        state.withLock { $0.calls += 1 }
        guard let bytes = try? backend.measure(encoded: request) else { return [:] }
        let decoded = bytes.withUnsafeBytes { buffer in
            try? TextMeasurementCodec.decodeResponse(buffer)
        }
        guard let measured = decoded, measured.count == runs.count else { return [:] }
        var answered: [RunKey: [Double]] = [:]
        state.withLock { state in
            let limit = state.limit
            for (key, (run, result)) in zip(keys, zip(runs, measured))
            where result.advances.count == run.clusters.count {
                state.lineMetrics[run.font] = FontLineMetrics(
                    ascender: result.ascender, descender: -abs(result.descender),
                    leading: result.lineGap,
                    capHeight: result.capHeight, xHeight: result.xHeight)
                answered[key] = result.advances
                if !key.text.isEmpty { state.store(result.advances, for: key, limit: limit) }
            }
        }
        return answered
    }
}
