import Foundation
import Testing
import TrellisCore
import TrellisEvents
import TrellisGeometry
import TrellisViews
import _TrellisTestSupport

/// The exact progress of a cubic Bézier timing curve at a time, by Cardano's formula for the
/// parameter whose x is the time: an independent check of the curve's numeric solution.
private func exactProgress(_ curve: TimingCurve, _ time: Double) -> Double {
    if time <= 0 { return 0 }
    if time >= 1 { return 1 }
    let x1 = curve.controlPoint1.x
    let x2 = curve.controlPoint2.x
    // x(s) = a s³ + b s² + c s, solved for x(s) = time.
    let c = 3 * x1
    let b = 3 * (x2 - x1) - c
    let a = 1 - c - b
    var roots: [Double] = []
    if abs(a) < 1e-12 {
        if abs(b) < 1e-12 {
            roots = [time / c]
        } else {
            let discriminant = c * c + 4 * b * time
            let root = discriminant.squareRoot()
            roots = [(-c + root) / (2 * b), (-c - root) / (2 * b)]
        }
    } else {
        // Depressed cubic t³ + p t + q = 0 with s = t − b/(3a).
        let p = (3 * a * c - b * b) / (3 * a * a)
        let q = (2 * b * b * b - 9 * a * b * c - 27 * a * a * time) / (27 * a * a * a)
        let shift = -b / (3 * a)
        let discriminant = q * q / 4 + p * p * p / 27
        if discriminant > 0 {
            let root = discriminant.squareRoot()
            roots = [cbrt(-q / 2 + root) + cbrt(-q / 2 - root) + shift]
        } else {
            let r = (-p * p * p / 27).squareRoot()
            let phi = acos(max(-1, min(1, -q / (2 * r))))
            let m = 2 * cbrt(r)
            roots = (0..<3).map { k in m * cos((phi + 2 * Double.pi * Double(k)) / 3) + shift }
        }
    }
    let s =
        roots.filter { $0 >= -1e-9 && $0 <= 1 + 1e-9 }.min { abs($0 - 0.5) < abs($1 - 0.5) }
        ?? 0
    let y1 = curve.controlPoint1.y
    let y2 = curve.controlPoint2.y
    let cy = 3 * y1
    let by = 3 * (y2 - y1) - cy
    let ay = 1 - cy - by
    return ((ay * s + by) * s + cy) * s
}

@Suite struct TimingCurveTests {
    @Test(arguments: [
        TimingCurve.linear, .easeIn, .easeOut, .easeInEaseOut, .default,
    ])
    func namedCurvesMatchTheExactSolution(curve: TimingCurve) {
        var worst = 0.0
        for index in 0...10_000 {
            let time = Double(index) / 10_000
            worst = max(worst, abs(curve.progress(at: time) - exactProgress(curve, time)))
        }
        #expect(worst < 1e-6, "largest error \(worst)")
    }

    @Test func randomCustomCurvesMatchTheExactSolution() {
        var generator = SeededGenerator(seed: 21)
        for _ in 0..<40 {
            let curve = TimingCurve(
                Double.random(in: 0...1, using: &generator),
                Double.random(in: -1...2, using: &generator),
                Double.random(in: 0...1, using: &generator),
                Double.random(in: -1...2, using: &generator))
            var worst = 0.0
            for index in 0...10_000 {
                let time = Double(index) / 10_000
                worst = max(worst, abs(curve.progress(at: time) - exactProgress(curve, time)))
            }
            #expect(worst < 1e-6, "\(curve): largest error \(worst)")
        }
    }

    @Test func controlPointsAreCAMediaTimingFunctions() {
        #expect(TimingCurve.easeInEaseOut == TimingCurve(0.42, 0, 0.58, 1))
        #expect(TimingCurve.easeIn == TimingCurve(0.42, 0, 1, 1))
        #expect(TimingCurve.easeOut == TimingCurve(0, 0, 0.58, 1))
        #expect(TimingCurve.default == TimingCurve(0.25, 0.1, 0.25, 1))
        #expect(AnimationOptions.curveLinear.curve == .linear)
        #expect(AnimationOptions().curve == .easeInEaseOut)
        #expect(TimingCurve(.nan, 0, 2, 1).controlPoint2.x == 1)
    }
}

@Suite struct SpringTimingTests {
    /// The oscillator integrated numerically (fourth-order Runge–Kutta), independent of the
    /// closed form.
    private func integrated(_ spring: SpringTiming, until time: Double) -> Double {
        let omega = spring.naturalFrequency
        let zeta = spring.dampingRatio
        var x = 1.0
        var v = -spring.initialVelocity
        let steps = 200_000
        let h = time / Double(steps)
        func acceleration(_ x: Double, _ v: Double) -> Double {
            -2 * zeta * omega * v - omega * omega * x
        }
        for _ in 0..<steps {
            let k1x = v
            let k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return 1 - x
    }

    @Test(arguments: [(0.3, 0.0), (0.7, 2.0), (1.0, 0.0), (1.0, -1.0), (1.8, 0.5)])
    func theClosedFormIsTheOscillator(damping: Double, velocity: Double) {
        let spring = SpringTiming(dampingRatio: damping, initialVelocity: velocity, duration: 0.8)
        for time in [0.05, 0.13, 0.3, 0.55, 0.79] {
            let expected = integrated(spring, until: time)
            #expect(
                abs(spring.progress(atSeconds: time) - expected) < 1e-6,
                "ζ \(damping), t \(time): \(spring.progress(atSeconds: time)) vs \(expected)")
        }
    }

    @Test func aSpringSettlesByItsDurationAndLightDampingOvershoots() {
        let light = SpringTiming(dampingRatio: 0.3, duration: 1)
        let samples = (0...1000).map { light.progress(atSeconds: Double($0) / 1000) }
        #expect(samples.max() ?? 0 > 1.2)
        #expect(abs(light.progress(atSeconds: 0.999) - 1) < 0.002)
        #expect(light.progress(atSeconds: 1) == 1)
        let critical = SpringTiming(dampingRatio: 1, duration: 1)
        #expect((0...1000).allSatisfy { critical.progress(atSeconds: Double($0) / 1000) <= 1 })
    }
}

@MainActor
@Suite struct ViewAnimationTests {
    private func scene() -> (Window, View) {
        let window = Window(size: Size(width: 200, height: 100))
        let box = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        box.backgroundColor = .red
        window.addSubview(box)
        return (window, box)
    }

    @Test func theModelChangesAtOnceAndThePresentationFollowsTheClock() {
        let (window, box) = scene()
        var finished: [Bool] = []
        View.animate(withDuration: 0.4, options: .curveLinear) {
            box.alpha = 0
            box.frame.origin.x = 100
        } completion: {
            finished.append($0)
        }
        #expect(box.alpha == 0)
        #expect(box.frame.origin.x == 100)
        #expect(box.presentationAlpha == 1)
        #expect(window.hasRunningAnimations)
        window.advance(by: 0.1)
        #expect(abs(box.presentationAlpha - 0.75) < 1e-12)
        #expect(abs(box.presentationFrame.origin.x - 25) < 1e-9)
        window.advance(by: 0.1)
        #expect(abs(box.presentationFrame.origin.x - 50) < 1e-9)
        #expect(finished.isEmpty)
        window.advance(by: 0.2)
        #expect(finished == [true])
        #expect(box.presentationFrame.origin.x == 100)
        #expect(!window.hasRunningAnimations)
    }

    @Test func whatIsDrawnIsThePresentation() throws {
        let (window, box) = scene()
        View.animate(withDuration: 1, options: .curveLinear) {
            box.alpha = 0.2
            box.backgroundColor = .blue
        }
        window.advance(by: 0.5)
        let middle = try renderText(window)
        #expect(middle.contains("begin-layer 0.6"), "\(middle)")
        // Half-way from red to blue.
        #expect(middle.contains("fill-rect 0 0 20 20 #800080"), "\(middle)")
        window.advance(by: 1)
        let end = try renderText(window)
        #expect(end.contains("begin-layer 0.2"))
        #expect(end.contains("#0000FF"))
    }

    @Test func beginningFromTheCurrentStateContinuesFromWhatIsShown() {
        let (window, box) = scene()
        var first: [Bool] = []
        View.animate(withDuration: 1, options: .curveLinear) {
            box.center.x = 110
        } completion: {
            first.append($0)
        }
        window.advance(by: 0.5)
        #expect(abs(box.presentationFrame.midX - 60) < 1e-9)
        View.animate(withDuration: 1, options: [.curveLinear, .beginFromCurrentState]) {
            box.center.x = 10
        }
        window.advance(by: 0)
        #expect(first == [false])
        #expect(abs(box.presentationFrame.midX - 60) < 1e-9)
        window.advance(by: 0.5)
        #expect(abs(box.presentationFrame.midX - 35) < 1e-9)

        // Without the option, the new animation starts from the model value it replaced.
        View.animate(withDuration: 1, options: .curveLinear) { box.center.x = 210 }
        #expect(abs(box.presentationFrame.midX - 10) < 1e-9)
    }

    @Test func repeatingAndAutoreversing() {
        let (window, box) = scene()
        View.animate(withDuration: 1, options: [.curveLinear, .autoreverse]) { box.alpha = 0 }
        window.advance(by: 0.5)
        #expect(abs(box.presentationAlpha - 0.5) < 1e-12)
        window.advance(by: 1)
        #expect(abs(box.presentationAlpha - 0.5) < 1e-12)
        window.advance(by: 0.6)
        // Once it ends, the model value is shown, as in UIKit.
        #expect(box.presentationAlpha == 0)
        #expect(!window.hasRunningAnimations)

        View.animate(withDuration: 1, options: [.curveLinear, .repeat, .autoreverse]) {
            box.alpha = 1
        }
        window.advance(by: 10.25)
        #expect(abs(box.presentationAlpha - 0.25) < 1e-9)
        window.advance(by: 1)
        #expect(abs(box.presentationAlpha - 0.75) < 1e-9)
        #expect(window.hasRunningAnimations)
    }

    @Test func aDelayShowsTheStartValueUntilItEnds() {
        let (window, box) = scene()
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear) { box.alpha = 0 }
        window.advance(by: 0.4)
        #expect(box.presentationAlpha == 1)
        window.advance(by: 0.6)
        #expect(abs(box.presentationAlpha - 0.5) < 1e-12)
    }

    @Test func layoutInsideTheBlockAnimatesToTheNewFrames() {
        final class Row: View {
            let child = View()
            override init(frame: Rect = .zero) {
                super.init(frame: frame)
                addSubview(child)
            }
            override func layoutSubviews() {
                child.frame = Rect(x: bounds.width - 20, y: 0, width: 20, height: 20)
            }
        }
        let window = Window(size: Size(width: 300, height: 100))
        let row = Row(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        window.addSubview(row)
        window.layoutIfNeeded()
        #expect(row.child.frame.minX == 80)
        View.animate(withDuration: 1, options: .curveLinear) {
            row.frame.size.width = 200
            row.layoutIfNeeded()
        }
        #expect(row.child.frame.minX == 180)
        window.advance(by: 0.5)
        #expect(abs(row.child.presentationFrame.minX - 130) < 1e-9)
    }

    @Test func animatingViewsTakeNoTouchesUnlessInteractionIsAllowed() {
        let (window, box) = scene()
        let button = Button(frame: Rect(x: 50, y: 50, width: 40, height: 20))
        window.addSubview(button)
        View.animate(withDuration: 1) { button.alpha = 0.5 }
        #expect(window.hitTest(Point(x: 60, y: 60)) !== button)
        window.advance(by: 2)
        #expect(window.hitTest(Point(x: 60, y: 60)) === button)
        View.animate(withDuration: 1, options: .allowUserInteraction) { button.alpha = 0.8 }
        #expect(window.hitTest(Point(x: 60, y: 60)) === button)
        // Hit-testing uses the model frame, not where the view is drawn.
        View.animate(withDuration: 1, options: .allowUserInteraction) {
            box.frame.origin = Point(x: 150, y: 70)
        }
        window.advance(by: 0.01)
        #expect(window.hitTest(Point(x: 160, y: 80)) === box)
    }

    @Test func aBlockThatAnimatesNothingCompletes() {
        let (window, box) = scene()
        var calls: [Bool] = []
        // A change with no duration completes on the window's next time step.
        View.animate(withDuration: 0) {
            box.alpha = 0.5
        } completion: {
            calls.append($0)
        }
        #expect(calls.isEmpty)
        #expect(box.presentationAlpha == 0.5)
        window.advance(by: 0)
        #expect(calls == [true])
        // A block that changes nothing has no window to wait for: it completes at once.
        View.animate(withDuration: 1) {
            box.alpha = 0.5
        } completion: {
            calls.append($0)
        }
        #expect(calls == [true, true])
        calls.removeAll()
        // A view in no window changes at once and completes at once.
        let loose = View()
        View.animate(withDuration: 1) {
            loose.alpha = 0.5
        } completion: {
            calls.append($0)
        }
        #expect(calls == [true])
        #expect(loose.presentationAlpha == 0.5)
    }

    @Test func theSameAnimationDrawsTheSameBytesEveryTime() throws {
        func frames() throws -> [String] {
            let (window, box) = scene()
            View.animate(
                withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.4,
                initialSpringVelocity: 1
            ) {
                box.frame = Rect(x: 120, y: 40, width: 40, height: 30)
                box.cornerRadius = 8
            }
            var result: [String] = []
            for _ in 0..<12 {
                window.advance(by: 1.0 / 24)
                result.append(try renderText(window))
            }
            return result
        }
        let first = try frames()
        #expect(first == (try frames()))
        #expect(Set(first).count > 8)
    }

    @Test func keyframesHoldBetweenTheirSharesOfTheDuration() {
        let (window, box) = scene()
        var done: [Bool] = []
        View.animateKeyframes(withDuration: 1) {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { box.alpha = 0 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                box.alpha = 0.8
                box.center.x = 110
            }
        } completion: {
            done.append($0)
        }
        #expect(box.alpha == 0.8)
        window.advance(by: 0.125)
        #expect(abs(box.presentationAlpha - 0.5) < 1e-12)
        window.advance(by: 0.25)
        #expect(box.presentationAlpha == 0)
        #expect(abs(box.presentationFrame.midX - 10) < 1e-9)
        window.advance(by: 0.375)
        #expect(abs(box.presentationAlpha - 0.4) < 1e-12)
        #expect(abs(box.presentationFrame.midX - 60) < 1e-9)
        window.advance(by: 0.5)
        #expect(done == [true])
        #expect(box.presentationAlpha == 0.8)
    }

    @Test func anAnimatorScrubsReversesAndEndsAtTheStart() {
        let (window, box) = scene()
        let animator = PropertyAnimator(duration: 1, curve: .linear) { box.center.x = 110 }
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive)
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        #expect(box.center.x == 110)
        animator.fractionComplete = 0.3
        #expect(abs(box.presentationFrame.midX - 40) < 1e-9)
        window.advance(by: 5)
        #expect(abs(box.presentationFrame.midX - 40) < 1e-9)
        animator.isReversed = true
        animator.startAnimation()
        window.advance(by: 0.1)
        #expect(abs(box.presentationFrame.midX - 30) < 1e-9)
        #expect(abs(animator.fractionComplete - 0.2) < 1e-9)
        window.advance(by: 0.3)
        #expect(positions == [.start])
        #expect(box.center.x == 10)
        #expect(box.presentationFrame.midX == 10)
        #expect(animator.state == .inactive)
    }

    @Test func anAnimatorRunsToTheEndOrStopsWhereItIs() {
        let (window, box) = scene()
        var positions: [PropertyAnimator.Position] = []
        let toEnd = PropertyAnimator(duration: 0.5, curve: .linear) { box.alpha = 0 }
        toEnd.addCompletion { positions.append($0) }
        toEnd.startAnimation()
        window.advance(by: 0.25)
        #expect(abs(box.presentationAlpha - 0.5) < 1e-12)
        window.advance(by: 0.5)
        #expect(positions == [.end])
        #expect(box.alpha == 0)

        let stopped = PropertyAnimator(duration: 1, curve: .linear) { box.alpha = 1 }
        stopped.addCompletion { positions.append($0) }
        stopped.startAnimation()
        window.advance(by: 0.25)
        stopped.stopAnimation(true)
        #expect(abs(box.alpha - 0.25) < 1e-12)
        #expect(abs(box.presentationAlpha - 0.25) < 1e-12)
        #expect(positions == [.end])
        #expect(stopped.state == .inactive)

        let finishing = PropertyAnimator(duration: 1, curve: .linear) { box.alpha = 1 }
        finishing.addCompletion { positions.append($0) }
        finishing.startAnimation()
        window.advance(by: 0.5)
        finishing.stopAnimation(false)
        #expect(finishing.state == .stopped)
        finishing.finishAnimation(at: .end)
        #expect(positions == [.end, .end])
        #expect(box.alpha == 1 && box.presentationAlpha == 1)
    }

    @Test func aSwitchSlidesItsThumbAndChangesItsTrackOverAQuarterSecond() throws {
        let window = Window(size: Size(width: 60, height: 40))
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
        window.addSubview(toggle)
        let off = try renderText(window)
        toggle.setOn(true, animated: false)
        let on = try renderText(window)
        toggle.setOn(false, animated: false)
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn)
        #expect(try renderText(window) == off)
        window.advance(by: 0.125)
        let middle = try renderText(window)
        #expect(middle != off && middle != on)
        window.advance(by: 0.2)
        #expect(try renderText(window) == on)
        // A tap animates too, and the switch still takes touches while it moves.
        tap(window, 25, 15)
        #expect(!toggle.isOn)
        #expect(try renderText(window) == on)
        tap(window, 25, 15)
        #expect(toggle.isOn)
    }

    @Test func aSegmentedControlSlidesItsSelectionToTheChosenSegment() throws {
        let window = Window(size: Size(width: 300, height: 40))
        let control = SegmentedControl(items: ["A", "B", "C"])
        control.frame = Rect(x: 0, y: 0, width: 300, height: 32)
        control.selectedSegmentIndex = 0
        window.addSubview(control)
        func selectionX() throws -> Double? {
            let lines = try renderText(window).split(separator: "\n")
            let fill = lines.first { $0.contains("fill-rounded-rect") && $0.contains("#FFFFFF") }
            return fill.flatMap {
                $0.split(separator: " ").dropFirst().first.flatMap { Double($0) }
            }
        }
        #expect(try selectionX() == 2)
        tap(window, 250, 16)
        #expect(control.selectedSegmentIndex == 2)
        #expect(try selectionX() == 2)
        window.advance(by: 0.125)
        let middle = try #require(try selectionX())
        #expect(middle > 2 && middle < 202)
        window.advance(by: 0.2)
        #expect(try selectionX() == 202)
    }

    @Test func aPageControlCrossFadesItsDots() throws {
        let window = Window(size: Size(width: 100, height: 40))
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        pages.numberOfPages = 3
        window.addSubview(pages)
        let first = try renderText(window)
        tap(window, 90, 20)
        #expect(pages.currentPage == 1)
        #expect(try renderText(window) == first)
        window.advance(by: 0.125)
        let middle = try renderText(window)
        #expect(middle != first)
        window.advance(by: 0.2)
        let end = try renderText(window)
        #expect(end != middle && end != first)
        pages.currentPage = 0
        pages.currentPage = 1
        #expect(try renderText(window) == end)
    }

    @Test func anOverlayFadesInAndOutOnTheClock() throws {
        let window = Window(size: Size(width: 200, height: 200))
        let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 60))
        card.backgroundColor = .white
        let overlay = Overlay(content: card)
        overlay.animatesTransitions = true
        var dismissed = 0
        overlay.onDismiss = { dismissed += 1 }
        overlay.present(in: window)
        #expect(card.presentationAlpha == 0 && overlay.backdrop.presentationAlpha == 0)
        window.advance(by: 0.3)
        #expect(card.presentationAlpha == 1)
        tap(window, 10, 10)
        #expect(overlay.isPresented)
        window.advance(by: 0.1)
        #expect(card.presentationAlpha > 0 && card.presentationAlpha < 1)
        window.advance(by: 0.2)
        #expect(!overlay.isPresented)
        #expect(dismissed == 1)
        #expect(card.alpha == 1)
        overlay.present(in: window, animated: false)
        #expect(card.presentationAlpha == 1)
        overlay.dismiss(animated: false)
        #expect(!overlay.isPresented && dismissed == 2)
    }
}
