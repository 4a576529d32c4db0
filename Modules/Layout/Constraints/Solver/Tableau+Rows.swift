// Pooled rows and columns, and substitution of one row into another.

extension Tableau {
    // MARK: Rows

    /// Creates an empty row with a basic symbol and a constant.
    mutating func makeRow(basic: Int32, constant: Double, capacity: Int) -> Int32 {
        let cap = Int32(max(capacity, 2))
        let start = termBlock(cap)
        let header = RowHeader(
            span: Span(start: start, count: 0, capacity: cap), basic: basic, constant: constant,
            rank: 0)
        if !freeRowIDs.isEmpty, let reused = freeRowIDs.popLast() {
            rows[Int(reused)] = header
            return reused
        }
        rows.append(header)
        rowStamps.append(0)
        return Int32(rows.count - 1)
    }

    /// Releases a row: its terms stop counting as occurrences and its id is reused.
    mutating func freeRow(_ row: Int32) {
        let span = rows[Int(row)].span
        for i in Int(span.start)..<Int(span.start + span.count) {
            symbols[Int(terms[i].symbol)].occurrences -= 1
        }
        freeTermBlocks.give(span.start, span.capacity)
        rows[Int(row)] = RowHeader(span: Span(), basic: Tableau.freeRow, constant: 0, rank: 0)
        freeRowIDs.append(row)
    }

    /// Appends a term for a symbol the row does not hold yet.
    mutating func appendTerm(_ row: Int32, _ symbol: Int32, _ coefficient: Double) {
        var span = rows[Int(row)].span
        if span.count == span.capacity {
            let newCapacity = max(4, span.capacity * 2)
            let newStart = termBlock(newCapacity)
            for i in 0..<Int(span.count) {
                terms[Int(newStart) + i] = terms[Int(span.start) + i]
            }
            freeTermBlocks.give(span.start, span.capacity)
            span.start = newStart
            span.capacity = newCapacity
        }
        terms[Int(span.start + span.count)] = Term(symbol: symbol, coefficient: coefficient)
        span.count += 1
        rows[Int(row)].span = span
        symbols[Int(symbol)].occurrences += 1
        // Only slacks and errors (which enter the basis) and markers that were looked up keep
        // a column; see `SymbolInfo.hasColumn`.
        if symbols[Int(symbol)].hasColumn { appendToColumn(symbol, row) }
    }

    /// The start of a block of `capacity` term slots, reused or appended.
    @inline(__always)
    private mutating func termBlock(_ capacity: Int32) -> Int32 {
        if let start = freeTermBlocks.take(capacity) { return start }
        let start = Int32(terms.count)
        terms.append(repeating: Term(symbol: -1, coefficient: 0), count: Int(capacity))
        return start
    }

    /// Removes the term at `index` (absolute, in the pool) by moving the last term into it.
    mutating func removeTerm(_ row: Int32, at index: Int) {
        var span = rows[Int(row)].span
        symbols[Int(terms[index].symbol)].occurrences -= 1
        let last = Int(span.start + span.count) - 1
        if index != last { terms[index] = terms[last] }
        span.count -= 1
        rows[Int(row)].span = span
    }

    /// The absolute index of `symbol` in `row`, or `nil`.
    @inline(__always)
    func index(of symbol: Int32, inRow row: Int32) -> Int? {
        let span = rows[Int(row)].span
        var i = Int(span.start)
        let end = i + Int(span.count)
        while i < end {
            if terms[i].symbol == symbol { return i }
            i += 1
        }
        return nil
    }

    /// Multiplies a row's terms and constant by `factor`.
    mutating func scaleRow(_ row: Int32, by factor: Double) {
        let span = rows[Int(row)].span
        for i in Int(span.start)..<Int(span.start + span.count) {
            terms[i].coefficient *= factor
        }
        rows[Int(row)].constant *= factor
    }

    /// Replaces `symbol`, held by `target` at `index`, with the expression of row `source`.
    mutating func substitute(_ symbol: Int32, inRow target: Int32, at index: Int, by source: Int32)
    {
        let factor = terms[index].coefficient
        removeTerm(target, at: index)
        rows[Int(target)].constant += factor * rows[Int(source)].constant
        var span = rows[Int(target)].span
        for i in 0..<Int(span.count) {
            symbols[Int(terms[Int(span.start) + i].symbol)].position = Int32(i)
        }
        let sourceSpan = rows[Int(source)].span
        for j in Int(sourceSpan.start)..<Int(sourceSpan.start + sourceSpan.count) {
            let term = terms[j]
            let position = symbols[Int(term.symbol)].position
            if position >= 0 {
                terms[Int(rows[Int(target)].span.start) + Int(position)].coefficient +=
                    factor * term.coefficient
            } else {
                appendTerm(target, term.symbol, factor * term.coefficient)
                symbols[Int(term.symbol)].position = rows[Int(target)].span.count - 1
            }
        }
        span = rows[Int(target)].span
        var i = Int(span.start)
        var end = i + Int(span.count)
        while i < end {
            let term = terms[i]
            symbols[Int(term.symbol)].position = -1
            if isNearZero(term.coefficient) {
                removeTerm(target, at: i)
                end -= 1
            } else {
                i += 1
            }
        }
    }

    // MARK: Columns

    /// Records that `row` may hold `symbol`.
    mutating func appendToColumn(_ symbol: Int32, _ row: Int32) {
        var span = symbols[Int(symbol)].column
        if span.count == span.capacity {
            if span.count >= 8 && span.count > 2 * symbols[Int(symbol)].occurrences + 4 {
                compactColumn(symbol)
                span = symbols[Int(symbol)].column
            }
            if span.count == span.capacity {
                let newCapacity = max(4, span.capacity * 2)
                let newStart: Int32
                if let reused = freeColumnBlocks.take(newCapacity) {
                    newStart = reused
                } else {
                    newStart = Int32(columnPool.count)
                    columnPool.append(repeating: -1, count: Int(newCapacity))
                }
                for i in 0..<Int(span.count) {
                    columnPool[Int(newStart) + i] = columnPool[Int(span.start) + i]
                }
                freeColumnBlocks.give(span.start, span.capacity)
                span.start = newStart
                span.capacity = newCapacity
            }
        }
        columnPool[Int(span.start + span.count)] = row
        span.count += 1
        symbols[Int(symbol)].column = span
    }

    /// Drops stale and duplicate entries from a symbol's column.
    mutating func compactColumn(_ symbol: Int32) {
        stamp &+= 1
        if stamp == 0 {
            for i in 0..<rowStamps.count { rowStamps[i] = 0 }
            stamp = 1
        }
        var span = symbols[Int(symbol)].column
        var write = Int(span.start)
        for i in Int(span.start)..<Int(span.start + span.count) {
            let row = columnPool[i]
            guard rows[Int(row)].basic != Tableau.freeRow, rowStamps[Int(row)] != stamp,
                index(of: symbol, inRow: row) != nil
            else { continue }
            rowStamps[Int(row)] = stamp
            columnPool[write] = row
            write += 1
        }
        span.count = Int32(write) - span.start
        symbols[Int(symbol)].column = span
    }

    /// Starts maintaining the column of a symbol that has none, by scanning its partition.
    ///
    /// - Complexity: O(terms in the partition), once per symbol.
    mutating func ensureColumn(_ symbol: Int32) {
        guard !symbols[Int(symbol)].hasColumn else { return }
        symbols[Int(symbol)].hasColumn = true
        symbols[Int(symbol)].column = Span()
        guard symbols[Int(symbol)].occurrences > 0 else { return }
        var s = partitions[Int(symbols[Int(symbol)].partition)].firstMember
        while s >= 0 {
            let row = symbols[Int(s)].basicRow
            if row >= 0 && index(of: symbol, inRow: row) != nil { appendToColumn(symbol, row) }
            s = symbols[Int(s)].nextMember
        }
    }

    /// The rows that hold `symbol`, without duplicates.
    mutating func rowsHolding(_ symbol: Int32) -> [Int32] {
        ensureColumn(symbol)
        compactColumn(symbol)
        let span = symbols[Int(symbol)].column
        var result: [Int32] = []
        result.reserveCapacity(Int(span.count))
        for i in Int(span.start)..<Int(span.start + span.count) { result.append(columnPool[i]) }
        return result
    }

    /// Removes `symbol` from every row that holds it and from the objective.
    mutating func purge(_ symbol: Int32) {
        ensureColumn(symbol)
        let span = symbols[Int(symbol)].column
        for i in Int(span.start)..<Int(span.start + span.count) {
            let row = columnPool[i]
            if rows[Int(row)].basic == Tableau.freeRow { continue }
            if let at = index(of: symbol, inRow: row) { removeTerm(row, at: at) }
        }
        symbols[Int(symbol)].column.count = 0
        freeObjectiveSlot(of: symbol)
    }

    // MARK: Compaction

    /// Rewrites the term and column pools without garbage when garbage dominates them.
    mutating func compactPoolsIfNeeded() {
        let freeTerms = freeTermBlocks.freeElements
        if freeTerms > 65536 && freeTerms > terms.count * 3 / 4 { compactTerms() }
        let freeEntries = freeColumnBlocks.freeElements
        if freeEntries > 65536 && freeEntries > columnPool.count * 3 / 4 { compactColumns() }
    }

    mutating func compactTerms() {
        var pool = RawVector<Term>(kind: terms.kind)
        for r in 0..<rows.count where rows[r].basic != Tableau.freeRow {
            var span = rows[r].span
            let start = Int32(pool.count)
            for i in Int(span.start)..<Int(span.start + span.count) { pool.append(terms[i]) }
            let capacity = max(span.count + 2, 4)
            pool.append(
                repeating: Term(symbol: -1, coefficient: 0), count: Int(capacity - span.count))
            span.start = start
            span.capacity = capacity
            rows[r].span = span
        }
        terms.deallocate()
        terms = pool
        freeTermBlocks.removeAll()
    }

    mutating func compactColumns() {
        var pool = RawVector<Int32>(kind: columnPool.kind)
        for s in 0..<symbols.count where symbols[s].hasColumn {
            var span = symbols[s].column
            let start = Int32(pool.count)
            for i in Int(span.start)..<Int(span.start + span.count) { pool.append(columnPool[i]) }
            pool.append(repeating: -1, count: Int(span.capacity - span.count))
            span.start = start
            symbols[s].column = span
        }
        columnPool.deallocate()
        columnPool = pool
        freeColumnBlocks.removeAll()
    }
}
