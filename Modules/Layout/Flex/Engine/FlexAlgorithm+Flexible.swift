extension FlexAlgorithm {
    /// Resolves the flexible lengths of the items of one line (§9.7), setting their target main
    /// sizes.
    func resolveFlexibleLengths(_ lineIndex: Int) {
        let isRow = c.isRow
        let line = lines[lineIndex]
        let range = line.start..<line.end
        let totalGap = sumOfGaps(c.gap.main(isRow), count: line.count)
        let innerMain = c.nodeInnerSize.main(isRow)

        var hypotheticalSum = 0.0
        for index in range { hypotheticalSum += items[index].hypotheticalOuterSize.main(isRow) }
        let usedFlexFactor = totalGap + hypotheticalSum
        let growing = usedFlexFactor < (innerMain ?? 0)
        let shrinking = usedFlexFactor > (innerMain ?? 0)
        let exactlySized = !growing && !shrinking

        for index in range {
            let target = items[index].hypotheticalInnerSize.main(isRow)
            items[index].targetSize.setMain(isRow, target)
            items[index].frozen = false
            let flexBasis = items[index].flexBasis
            // §9.7 step 2: an item whose flex factor (the grow factor when growing, the shrink
            // factor when shrinking) is zero is inflexible, and frozen at its hypothetical size
            // before the initial free space is computed.
            if exactlySized || (growing && items[index].flexGrow == 0)
                || (shrinking && items[index].flexShrink == 0)
                || (growing && flexBasis > target) || (shrinking && flexBasis < target)
            {
                items[index].frozen = true
                items[index].outerTargetSize.setMain(
                    isRow, target + items[index].margin.mainSum(isRow))
            }
        }
        if exactlySized { return }

        func usedSpace() -> Double {
            var used = totalGap
            for index in range {
                used +=
                    items[index].frozen
                    ? items[index].outerTargetSize.main(isRow)
                    : items[index].flexBasis + items[index].margin.mainSum(isRow)
            }
            return used
        }
        let initialFreeSpace = innerMain.map { $0 - usedSpace() } ?? 0

        // Each round freezes at least one item; the bound also stops a round that cannot freeze
        // anything because of non-finite arithmetic.
        var rounds = 0
        while rounds <= line.count {
            rounds += 1
            var sumGrow = 0.0
            var sumShrink = 0.0
            var anyUnfrozen = false
            for index in range where !items[index].frozen {
                anyUnfrozen = true
                sumGrow += items[index].flexGrow
                sumShrink += items[index].flexShrink
            }
            if !anyUnfrozen { break }
            let used = usedSpace()
            let remaining = innerMain.map { $0 - used }
            let freeSpace: Double
            // §9.7 step 4 b: with flex factors summing to less than 1, the free space is that
            // fraction of the initial free space (which already excludes the gaps).
            if growing && sumGrow < 1 {
                freeSpace = (initialFreeSpace * sumGrow).atMost(remaining)
            } else if shrinking && sumShrink < 1 {
                freeSpace = (initialFreeSpace * sumShrink).atLeast(remaining)
            } else {
                freeSpace = remaining ?? (usedFlexFactor - used)
            }

            if freeSpace.isNormal {
                if growing && sumGrow > 0 {
                    for index in range where !items[index].frozen {
                        let grown =
                            items[index].flexBasis + freeSpace * (items[index].flexGrow / sumGrow)
                        items[index].targetSize.setMain(isRow, grown)
                    }
                } else if shrinking && sumShrink > 0 {
                    var sumScaled = 0.0
                    for index in range where !items[index].frozen {
                        sumScaled += items[index].innerFlexBasis * items[index].flexShrink
                    }
                    if sumScaled > 0 {
                        for index in range where !items[index].frozen {
                            let scaled = items[index].innerFlexBasis * items[index].flexShrink
                            let shrunk = items[index].flexBasis + freeSpace * (scaled / sumScaled)
                            items[index].targetSize.setMain(isRow, shrunk)
                        }
                    }
                }
            }

            var totalViolation = 0.0
            for index in range where !items[index].frozen {
                if items[index].minimumIsDeferred
                    && items[index].targetSize.main(isRow) < items[index].flexBasis
                {
                    resolveDeferredMinimum(index)
                }
                let target = items[index].targetSize.main(isRow)
                // A box is never smaller than its padding and border.
                let clamped = max(
                    target.clamped(
                        min: items[index].resolvedMinimumMainSize,
                        max: items[index].maxSize.main(isRow)),
                    items[index].paddingBorder.mainSum(isRow))
                items[index].violation = clamped - target
                items[index].targetSize.setMain(isRow, clamped)
                items[index].outerTargetSize.setMain(
                    isRow, clamped + items[index].margin.mainSum(isRow))
                totalViolation += clamped - target
            }
            for index in range where !items[index].frozen {
                let violation = items[index].violation
                if totalViolation > 0 {
                    items[index].frozen = violation > 0
                } else if totalViolation < 0 {
                    items[index].frozen = violation < 0
                } else {
                    items[index].frozen = true
                }
            }
        }
    }
}
