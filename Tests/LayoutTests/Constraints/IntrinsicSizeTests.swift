import Testing
import TrellisGeometry
import TrellisLayout

@Suite struct IntrinsicSizeTests {
    @Test func namedPrioritiesHaveUIKitsValues() {
        #expect(LayoutPriority.required.rawValue == 1000)
        #expect(LayoutPriority.defaultHigh.rawValue == 750)
        #expect(LayoutPriority.defaultLow.rawValue == 250)
        #expect(LayoutPriority.fittingSizeLevel.rawValue == 50)
    }

    @Test func newItemsHugAt250AndResistCompressionAt750OnBothAxes() {
        let item = LayoutItem(identifier: "label")
        for axis in LayoutAxis.allCases {
            #expect(item.contentHuggingPriority(for: axis).rawValue == 250)
            #expect(item.contentCompressionResistancePriority(for: axis).rawValue == 750)
        }
    }

    @Test func intrinsicSizeDeterminesTheSize() throws {
        let (root, items) = makeTree(children: ["label"])
        let label = items[0]
        label.intrinsicContentSize = Size(width: 100, height: 20)
        try LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
        ])
        root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 8, y: 8, width: 100, height: 20))
        #expect(!label.hasAmbiguousLayout)
        label.intrinsicContentSize = Size(width: 50, height: 25)
        root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 8, y: 8, width: 50, height: 25))
        label.intrinsicContentSize = Size(width: LayoutItem.noIntrinsicMetric, height: 25)
        #expect(label.hasAmbiguousLayout)
    }

    /// Two labels that do not fit: the one with the lower compression resistance shrinks.
    @Test(arguments: [true, false])
    func lowerCompressionResistanceShrinksFirst(firstResistsMore: Bool) throws {
        let (root, items) = makeTree(width: 150, height: 50, children: ["a", "b"])
        let (a, b) = (items[0], items[1])
        for label in [a, b] { label.intrinsicContentSize = Size(width: 100, height: 20) }
        (firstResistsMore ? a : b).setContentCompressionResistancePriority(751, for: .horizontal)
        #expect(
            (firstResistsMore ? a : b).contentCompressionResistancePriority(for: .horizontal) == 751
        )
        try LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 10),
            b.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.size.width == (firstResistsMore ? 100 : 40))
        #expect(b.frame.size.width == (firstResistsMore ? 40 : 100))
    }

    /// Two labels stretched across a container: the one with the lower hugging grows.
    @Test func lowerHuggingGrowsFirst() throws {
        let (root, items) = makeTree(width: 300, height: 50, children: ["a", "b"])
        let (a, b) = (items[0], items[1])
        for label in [a, b] { label.intrinsicContentSize = Size(width: 100, height: 20) }
        a.setContentHuggingPriority(251, for: .horizontal)
        #expect(b.contentHuggingPriority(for: .horizontal) == .defaultLow)
        try LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.size.width == 100)
        #expect(b.frame.size.width == 200)
        // Hugging at 250 against a required minimum gives way.
        try LayoutConstraint.activate([a.widthAnchor.constraint(greaterThanOrEqualToConstant: 150)])
        root.layoutIfNeeded()
        #expect(a.frame.size.width == 150 && b.frame.size.width == 150)
    }

    @Test func invalidPriorityIsNotApplied() {
        let item = LayoutItem(identifier: "item")
        item.setContentHuggingPriority(1001, for: .vertical)
        #expect(item.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(item.lastError?.code == .invalidPriority)
        item.intrinsicContentSize = Size(width: .nan, height: -5)
        #expect(item.intrinsicContentSize.width == LayoutItem.noIntrinsicMetric)
        #expect(item.intrinsicContentSize.height == LayoutItem.noIntrinsicMetric)
    }

    @Test func fittingSizeShrinkWrapsTheContent() throws {
        let cell = LayoutItem(identifier: "cell")
        let title = LayoutItem(identifier: "title")
        let subtitle = LayoutItem(identifier: "subtitle")
        for item in [title, subtitle] {
            item.translatesFrameIntoConstraints = false
            cell.addChild(item)
        }
        title.intrinsicContentSize = Size(width: 120, height: 20)
        subtitle.intrinsicContentSize = Size(width: 80, height: 16)
        try LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 8),
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 12),
            subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            cell.bottomAnchor.constraint(equalTo: subtitle.bottomAnchor, constant: 8),
            cell.trailingAnchor.constraint(
                greaterThanOrEqualTo: title.trailingAnchor, constant: 12),
            cell.trailingAnchor.constraint(
                greaterThanOrEqualTo: subtitle.trailingAnchor, constant: 12),
        ])
        let compressed = try cell.systemLayoutSizeFitting(LayoutItem.layoutFittingCompressedSize)
        #expect(compressed == Size(width: 144, height: 56))
        let narrow = try cell.systemLayoutSizeFitting(
            Size(width: 100, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(narrow == Size(width: 100, height: 56))
        let expanded = try cell.systemLayoutSizeFitting(Size(width: 400, height: 0))
        #expect(expanded == Size(width: 400, height: 56))
    }
}
