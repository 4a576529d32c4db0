import Synchronization
public import TrellisRender
public import TrellisText

/// Font metrics answered by a backend that measures text (a raster or terminal plugin), so that
/// layout uses the same fonts and shaping as the pixels.
///
/// Measurements are cached per font and grapheme cluster. ``measure(runs:)`` sends every
/// cluster it has not seen to the backend in one call, so a window that measures all of a
/// layout pass's text up front crosses the plugin boundary once per pass, and an unchanged
/// relayout not at all.
public final class BackendFontMetrics: FontMetrics, @unchecked Sendable {
    private struct State {
        var lineMetrics: [FontDescriptor: FontLineMetrics] = [:]
        var advances: [FontDescriptor: [String: Double]] = [:]
        var calls = 0
    }

    private let backend: any Backend
    private let fallback: any FontMetrics
    private let state = Mutex(State())

    /// Creates metrics answered by a backend; when the backend fails, `fallback` answers.
    public init(backend: any Backend, fallback: any FontMetrics = ProportionalMetrics()) {
        self.backend = backend
        self.fallback = fallback
    }

    /// The number of measurement calls made into the backend so far.
    public var backendCalls: Int { state.withLock { $0.calls } }

    /// The font's vertical metrics, measured once per font.
    public func lineMetrics(for font: Font) -> FontLineMetrics {
        let key = font.descriptor
        if let known = state.withLock({ $0.lineMetrics[key] }) { return known }
        fetch([(key, [])])
        return state.withLock { $0.lineMetrics[key] } ?? fallback.lineMetrics(for: font)
    }

    /// The advances of one run's clusters.
    public func advances(of run: TextRun) -> [Double] {
        measure(runs: [run])[0]
    }

    /// The advances of several runs' clusters, with every unknown cluster measured in one call.
    public func measure(runs: [TextRun]) -> [[Double]] {
        let keyed = runs.map { run in (run.font.descriptor, run.text.map { String($0) }) }
        var missing: [FontDescriptor: Set<String>] = [:]
        state.withLock { state in
            for (font, clusters) in keyed {
                let known = state.advances[font] ?? [:]
                let unknown = clusters.filter { known[$0] == nil }
                let needsMetrics = state.lineMetrics[font] == nil
                if !unknown.isEmpty || needsMetrics {
                    missing[font, default: []].formUnion(unknown)
                }
            }
        }
        if !missing.isEmpty {
            fetch(missing.sorted { "\($0.key)" < "\($1.key)" }.map { ($0.key, $0.value.sorted()) })
        }
        return zip(runs, keyed).map { run, entry in
            let table = state.withLock { $0.advances[entry.0] } ?? [:]
            if entry.1.allSatisfy({ table[$0] != nil }) { return entry.1.map { table[$0] ?? 0 } }
            return fallback.advances(of: run)
        }
    }

    private func fetch(_ requests: [(FontDescriptor, [String])]) {
        let runs = requests.map { MeasureRun(font: $0.0, clusters: $0.1) }
        let request = TextMeasurementCodec.encode(request: runs)
        state.withLock { $0.calls += 1 }
        guard let bytes = try? backend.measure(encoded: request) else { return }
        let decoded = bytes.withUnsafeBytes { buffer in
            try? TextMeasurementCodec.decodeResponse(buffer)
        }
        guard let measured = decoded, measured.count == runs.count else { return }
        state.withLock { state in
            for (run, result) in zip(runs, measured)
            where result.advances.count == run.clusters.count {
                state.lineMetrics[run.font] = FontLineMetrics(
                    ascender: result.ascender, descender: -abs(result.descender),
                    leading: result.lineGap,
                    capHeight: result.capHeight, xHeight: result.xHeight)
                for (cluster, advance) in zip(run.clusters, result.advances) {
                    state.advances[run.font, default: [:]][cluster] = advance
                }
            }
        }
    }
}
