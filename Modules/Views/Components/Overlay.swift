import TrellisEvents
public import TrellisGeometry

/// A view presented over another with a dimmed backdrop that dismisses it when tapped, as seed
/// 001's `ShadowView` builds by hand with a `UIControl` backdrop.
///
/// ```swift
/// let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 190))
/// card.cornerRadius = 10
/// card.clipsToBounds = true
/// let overlay = Overlay(content: card)
/// overlay.present(in: window)          // centred over a half-black backdrop
/// // a tap on the backdrop (outside the card) dismisses it
/// ```
///
/// While it is presented, the content is modal for assistive technologies
/// (``View/accessibilityViewIsModal``): the views behind it, the backdrop among them, are not
/// read.
@MainActor
public final class Overlay {
    /// The presented view.
    public let content: View
    /// The full-size control behind the content; tapping it dismisses the overlay.
    public let backdrop: Control
    /// Whether a tap on the backdrop dismisses the overlay.
    public var dismissesOnBackdropTap = true
    /// Called after the overlay is dismissed.
    public var onDismiss: (() -> Void)?
    /// Whether presenting and dismissing fade the backdrop and the content in and out over a
    /// quarter of a second on the window's clock, as seed 001's overlay does; no by default.
    public var animatesTransitions = false
    /// Whether a fading dismissal is under way.
    private var isDismissing = false

    /// Creates an overlay for a content view.
    public init(content: View, backdropColor: Color = Color(white: 0, alpha: 0.5)) {
        self.content = content
        backdrop = Control()
        backdrop.backgroundColor = backdropColor
        backdrop.accessibilityIdentifier = "overlay-backdrop"
        backdrop.addAction(
            ControlAction(identifier: "dismiss") { [weak self] _ in
                guard let self, self.dismissesOnBackdropTap else { return }
                self.dismiss(animated: self.animatesTransitions)
            }, for: .touchUpInside)
    }

    /// Whether the overlay is on screen.
    public var isPresented: Bool { content.superview != nil }

    /// Shows the content centred over a container, above a backdrop that covers the container.
    /// The content keeps its size; presenting again moves it to the new container.
    ///
    /// - Parameters:
    ///   - container: The view to cover.
    ///   - animated: Whether the backdrop and the content fade in; ``animatesTransitions`` by
    ///     default.
    public func present(in container: View, animated: Bool? = nil) {
        isDismissing = false
        backdrop.frame = container.bounds
        container.addSubview(backdrop)
        let size = content.bounds.size
        content.frame = Rect(
            x: container.bounds.midX - size.width / 2, y: container.bounds.midY - size.height / 2,
            width: size.width, height: size.height)
        container.addSubview(content)
        // As VoiceOver's modal views: what is behind the overlay is not read while it shows.
        content.accessibilityViewIsModal = true
        guard animated ?? animatesTransitions else {
            backdrop.alpha = 1
            content.alpha = 1
            return
        }
        backdrop.alpha = 0
        content.alpha = 0
        View.animate(withDuration: 0.25, options: .curveEaseOut) {
            backdrop.alpha = 1
            content.alpha = 1
        }
    }

    /// Removes the content and the backdrop; animated, they fade out first and are removed
    /// when the fade ends (``isPresented`` stays true until then).
    ///
    /// - Parameter animated: Whether they fade out; ``animatesTransitions`` by default.
    public func dismiss(animated: Bool? = nil) {
        guard isPresented, !isDismissing else { return }
        guard animated ?? animatesTransitions, content.window != nil else {
            remove()
            return
        }
        isDismissing = true
        View.animate(withDuration: 0.25, options: .curveEaseIn) {
            backdrop.alpha = 0
            content.alpha = 0
        } completion: { [weak self] _ in
            guard let self, self.isDismissing else { return }
            self.remove()
        }
    }

    private func remove() {
        isDismissing = false
        content.removeFromSuperview()
        content.accessibilityViewIsModal = false
        backdrop.removeFromSuperview()
        backdrop.alpha = 1
        content.alpha = 1
        onDismiss?()
    }
}
