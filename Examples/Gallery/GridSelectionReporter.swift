import Trellis

/// The delegate of the gallery's app grid: it reports the app that a touch selects in the
/// gallery's status label, as the controls report their events.
@MainActor
final class GridSelectionReporter: CollectionViewDelegate {
    private let source: ModelDataSource<SeedComponents.AppCell>
    private let status: Label

    /// Creates a reporter that names the apps of a data source in a label.
    init(source: ModelDataSource<SeedComponents.AppCell>, status: Label) {
        self.source = source
        self.status = status
    }

    /// Writes "selected App N" into the status label.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let app = source.model(at: indexPath) else { return }
        status.text = "selected \(app.name)"
    }
}
