extension FlexAlgorithm {
    /// Resolves the flexible lengths of the items of one line (§9.7), setting their target main
    /// sizes.
    mutating func resolveFlexibleLengths(_ lineIndex: Int) {
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
            var item = items[index]
            let target = item.hypotheticalInnerSize.main(isRow)
            item.targetSize.setMain(isRow, target)
            item.frozen = false
            if exactlySized || (item.flexGrow == 0 && item.flexShrink == 0)
                || (growing && item.flexBasis > target) || (shrinking && item.flexBasis < target)
            {
                item.frozen = true
                item.outerTargetSize.setMain(isRow, target + item.margin.mainSum(isRow))
            }
            items[index] = item
        }
        if exactlySized { return }

        func usedSpace(_ items: [FlexItem]) -> Double {
            var used = totalGap
            for index in range {
                let item = items[index]
                used +=
                    item.frozen
                    ? item.outerTargetSize.main(isRow) : item.flexBasis + item.margin.mainSum(isRow)
            }
            return used
        }
        let initialFreeSpace = innerMain.map { $0 - usedSpace(items) } ?? 0

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
            let used = usedSpace(items)
            let remaining = innerMain.map { $0 - used }
            let freeSpace: Double
            if growing && sumGrow < 1 {
                freeSpace = (initialFreeSpace * sumGrow - totalGap).atMost(remaining)
            } else if shrinking && sumShrink < 1 {
                freeSpace = (initialFreeSpace * sumShrink - totalGap).atLeast(remaining)
            } else {
                freeSpace = remaining ?? (usedFlexFactor - used)
            }

            if freeSpace.isNormal {
                if growing && sumGrow > 0 {
                    for index in range where !items[index].frozen {
                        let item = items[index]
                        items[index].targetSize.setMain(isRow, item.flexBasis + freeSpace * (item.flexGrow / sumGrow))
                    }
                } else if shrinking && sumShrink > 0 {
                    var sumScaled = 0.0
                    for index in range where !items[index].frozen {
                        sumScaled += items[index].innerFlexBasis * items[index].flexShrink
                    }
                    if sumScaled > 0 {
                        for index in range where !items[index].frozen {
                            let item = items[index]
                            let scaled = item.innerFlexBasis * item.flexShrink
                            items[index].targetSize.setMain(isRow, item.flexBasis + freeSpace * (scaled / sumScaled))
                        }
                    }
                }
            }

            var totalViolation = 0.0
            for index in range where !items[index].frozen {
                if items[index].minimumIsDeferred && items[index].targetSize.main(isRow) < items[index].flexBasis {
                    resolveDeferredMinimum(index)
                }
                var item = items[index]
                let target = item.targetSize.main(isRow)
                let clamped = max(
                    target.clamped(min: item.resolvedMinimumMainSize, max: item.maxSize.main(isRow)), 0)
                item.violation = clamped - target
                item.targetSize.setMain(isRow, clamped)
                item.outerTargetSize.setMain(isRow, clamped + item.margin.mainSum(isRow))
                totalViolation += item.violation
                items[index] = item
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
