import Testing
import TrellisGeometry
import TrellisLayout

/// The seed components' constraint layouts, rebuilt with layout items.
@Suite struct SeedLayoutTests {
    enum Horizontal: CaseIterable { case left, center, right, fill }
    enum Vertical: CaseIterable { case top, center, bottom }

    /// RjxImageTitleView (seed 000): a content view holding an image above a title, placed in
    /// the control by one of six alignment constraints that are deactivated and activated as
    /// the content alignment changes.
    final class ImageTitleView {
        let control = LayoutItem(identifier: "control")
        let content = LayoutItem(identifier: "content")
        let image = LayoutItem(identifier: "image")
        let title = LayoutItem(identifier: "title")
        var horizontal: [Horizontal: [LayoutConstraint]] = [:]
        var vertical: [Vertical: [LayoutConstraint]] = [:]
        let titleTop: LayoutConstraint

        init() throws {
            control.frame = Rect(x: 0, y: 0, width: 200, height: 100)
            for item in [content, image, title] { item.translatesFrameIntoConstraints = false }
            control.addChild(content)
            content.addChild(image)
            content.addChild(title)
            image.intrinsicContentSize = Size(width: 40, height: 40)
            title.intrinsicContentSize = Size(width: 60, height: 20)
            try control.addConstraints([
                content.topAnchor.constraint(greaterThanOrEqualTo: control.topAnchor),
                content.leftAnchor.constraint(greaterThanOrEqualTo: control.leftAnchor),
                content.bottomAnchor.constraint(lessThanOrEqualTo: control.bottomAnchor),
                content.rightAnchor.constraint(lessThanOrEqualTo: control.rightAnchor),
            ])
            // The content view shrink-wraps its children.
            let shrinkWidth = content.widthAnchor.constraint(equalToConstant: 0)
            shrinkWidth.priority = .fittingSizeLevel
            let centerX = content.centerXAnchor.constraint(equalTo: control.centerXAnchor)
            let centerY = content.centerYAnchor.constraint(equalTo: control.centerYAnchor)
            let left = content.leftAnchor.constraint(equalTo: control.leftAnchor)
            let right = content.rightAnchor.constraint(equalTo: control.rightAnchor)
            let top = content.topAnchor.constraint(equalTo: control.topAnchor)
            let bottom = content.bottomAnchor.constraint(equalTo: control.bottomAnchor)
            horizontal = [
                .left: [left], .center: [centerX], .right: [right], .fill: [left, right],
            ]
            vertical = [.top: [top], .center: [centerY], .bottom: [bottom]]
            titleTop = title.topAnchor.constraint(equalTo: image.bottomAnchor, constant: 2)
            try LayoutConstraint.activate([
                shrinkWidth,
                image.topAnchor.constraint(equalTo: content.topAnchor),
                image.centerXAnchor.constraint(equalTo: content.centerXAnchor),
                image.leftAnchor.constraint(greaterThanOrEqualTo: content.leftAnchor),
                image.rightAnchor.constraint(lessThanOrEqualTo: content.rightAnchor),
                title.bottomAnchor.constraint(equalTo: content.bottomAnchor),
                title.centerXAnchor.constraint(equalTo: content.centerXAnchor),
                title.leftAnchor.constraint(greaterThanOrEqualTo: content.leftAnchor),
                title.rightAnchor.constraint(lessThanOrEqualTo: content.rightAnchor),
                titleTop,
            ])
        }

        func align(_ h: Horizontal, _ v: Vertical) throws {
            LayoutConstraint.deactivate(horizontal.values.flatMap { $0 })
            try LayoutConstraint.activate(horizontal[h] ?? [])
            LayoutConstraint.deactivate(vertical.values.flatMap { $0 })
            try LayoutConstraint.activate(vertical[v] ?? [])
            control.layoutIfNeeded()
        }
    }

    @Test(arguments: Horizontal.allCases, Vertical.allCases)
    func imageTitleViewTakesEachAlignment(h: Horizontal, v: Vertical) throws {
        let view = try ImageTitleView()
        // Start from another alignment, as the seed toggles them.
        try view.align(.right, .bottom)
        try view.align(h, v)
        let x: Double = [.left: 0, .center: 70, .right: 140, .fill: 0][h] ?? -1
        let width: Double = h == .fill ? 200 : 60
        let y: Double = [.top: 0, .center: 19, .bottom: 38][v] ?? -1
        #expect(isClose(view.content.frame, Rect(x: x, y: y, width: width, height: 62)))
        #expect(isClose(view.image.frame, Rect(x: (width - 40) / 2, y: 0, width: 40, height: 40)))
        #expect(isClose(view.title.frame, Rect(x: (width - 60) / 2, y: 42, width: 60, height: 20)))
        #expect(!view.content.hasAmbiguousLayout)
    }

    @Test func imageTitleSpacingChangesThroughTheConstant() throws {
        let view = try ImageTitleView()
        try view.align(.center, .top)
        view.titleTop.constant = 10
        view.control.layoutIfNeeded()
        #expect(isClose(view.title.frame, Rect(x: 0, y: 50, width: 60, height: 20)))
        #expect(view.content.frame.size.height == 70)
    }

    /// MyButton (seed 002): the image is centred with an offset computed from the title's width
    /// and the title follows it; when the title changes, every constraint is removed and built
    /// again.
    @Test func myButtonRebuildsItsConstraintsWhenTheTitleChanges() throws {
        let button = LayoutItem(identifier: "button")
        button.frame = Rect(x: 20, y: 100, width: 120, height: 40)
        let image = LayoutItem(identifier: "image")
        let title = LayoutItem(identifier: "title")
        for item in [image, title] {
            item.translatesFrameIntoConstraints = false
            button.addChild(item)
        }
        image.intrinsicContentSize = Size(width: 16, height: 16)
        let margin = 10.0
        func layOut(titleWidth: Double) throws {
            title.intrinsicContentSize = Size(width: titleWidth, height: 17)
            button.removeConstraints(button.constraints)
            let offset = 16.0 / 2 - (16 + titleWidth + margin) / 2
            try button.addConstraints([
                try LayoutConstraint(
                    item: image, attribute: .centerY, relatedBy: .equal, toItem: button,
                    attribute: .centerY),
                try LayoutConstraint(
                    item: image, attribute: .centerX, relatedBy: .equal, toItem: button,
                    attribute: .centerX, multiplier: 1, constant: offset),
                try LayoutConstraint(
                    item: title, attribute: .centerY, relatedBy: .equal, toItem: button,
                    attribute: .centerY),
                try LayoutConstraint(
                    item: title, attribute: .left, relatedBy: .equal, toItem: image,
                    attribute: .right, multiplier: 1, constant: margin),
            ])
            button.layoutIfNeeded()
        }
        try layOut(titleWidth: 60)
        #expect(isClose(image.frame, Rect(x: 17, y: 12, width: 16, height: 16)))
        #expect(isClose(title.frame, Rect(x: 43, y: 11.5, width: 60, height: 17)))
        try layOut(titleWidth: 30)
        #expect(button.constraints.count == 4)
        #expect(isClose(image.frame, Rect(x: 32, y: 12, width: 16, height: 16)))
        #expect(isClose(title.frame, Rect(x: 58, y: 11.5, width: 30, height: 17)))
        #expect(isClose(title.frameInRoot, Rect(x: 58, y: 11.5, width: 30, height: 17)))
    }
}
