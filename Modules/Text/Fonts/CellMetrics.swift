/// Terminal metrics: every grapheme cluster is as wide as its ``TerminalWidth`` in cells.
///
/// The font's size is ignored, as a terminal has one cell size. With the default cell of
/// 1 × 1, widths and heights are counted in cells and lines. Control clusters (including tabs)
/// are zero wide; a renderer replaces them.
///
/// Vertical metrics: the ascender is the cell height, the descender and leading zero, so that
/// one line is one cell high.
///
/// ```swift
/// let cells = CellMetrics()
/// cells.advances(of: TextRun("Go 世界 👍🏽", font: .system(size: 12)))
/// // [1, 1, 1, 2, 2, 1, 2]
/// ```
public struct CellMetrics: FontMetrics {
    /// The width of one cell, in the layout's units.
    public var cellWidth: Double
    /// The height of one cell, in the layout's units.
    public var cellHeight: Double

    /// Creates the provider; sizes that are not finite and positive become 1.
    ///
    /// - Parameters:
    ///   - cellWidth: The width of one cell.
    ///   - cellHeight: The height of one cell.
    public init(cellWidth: Double = 1, cellHeight: Double = 1) {
        self.cellWidth = cellWidth.isFinite && cellWidth > 0 ? cellWidth : 1
        self.cellHeight = cellHeight.isFinite && cellHeight > 0 ? cellHeight : 1
    }

    /// Returns one cell's height as the ascender, with no descender or leading.
    ///
    /// - Parameter font: Ignored.
    /// - Returns: The metrics of a cell.
    public func lineMetrics(for font: Font) -> FontLineMetrics {
        FontLineMetrics(
            ascender: cellHeight, descender: 0, capHeight: cellHeight, xHeight: cellHeight / 2)
    }

    /// Returns the width of each cluster in cells, times the cell width.
    ///
    /// - Parameter run: The text; its font is ignored.
    /// - Returns: One advance per cluster.
    /// - Complexity: O(*n*) in the length of the run.
    public func advances(of run: TextRun) -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(run.text.utf8.count)
        for cluster in run.text {
            result.append(advance(ascii: cluster.singleASCII, scalars: cluster.unicodeScalars))
        }
        return result
    }

    /// The advance of one cluster.
    private func advance(ascii: UInt8?, scalars: some Sequence<Unicode.Scalar>) -> Double {
        if let ascii { return ascii >= 0x20 && ascii < 0x7F ? cellWidth : 0 }
        return Double(TerminalWidth.measure(scalars).columns) * cellWidth
    }
}

extension CellMetrics: ScalarClusterMetrics {
    func clusterAdvance(ascii: UInt8?, scalars: UTF8Scalars, font: Font) -> Double {
        advance(ascii: ascii, scalars: scalars)
    }
}
