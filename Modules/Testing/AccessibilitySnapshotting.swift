import Trellis

extension Snapshotting {
    /// What assistive technologies read in the view, as `View.accessibilityTree()` gives
    /// it: one element per line in reading order, groups' elements indented under them, with
    /// role, label, value, hint, traits, identifier and frame in window coordinates; the same
    /// text `trellis a11y SCENE.json` prints.
    ///
    /// ```swift
    /// try expectSnapshot(of: window, as: .accessibility, named: "settings")
    /// // - toggleButton "Wi-Fi" value="1" traits=[button, toggleButton] id=wifi frame=(…)
    /// ```
    ///
    /// The view is laid out first; text is measured with Trellis's deterministic metrics
    /// unless its window has a backend, so the snapshot is the same on every machine. A
    /// mismatch fails with a unified diff.
    public static let accessibility = Snapshotting(
        fileExtension: "accessibility.txt",
        snapshot: { view in
            SnapshotHost.prepare(view)
            return Array(view.accessibilityTree().description.utf8)
        },
        compare: textComparison)
}
