public import TrellisGeometry
public import TrellisViews

/// A view that fills its subviews from a model object, as seed 003's `MJAppView` does in its
/// `setApp:`.
///
/// ``ModelDataSource`` configures any cell that adopts it.
@MainActor
public protocol ModelConfigurable: AnyObject {
    /// The model the view shows.
    associatedtype Model

    /// Fills the view's subviews from a model.
    func configure(with model: Model)
}

/// A cell bound to a model object: setting ``model`` calls ``modelDidChange()``, where a
/// subclass fills its subviews, as seed 003's `MJAppView` fills its icon and name from its app.
///
/// ```swift
/// struct App { var name: String; var icon: Image }
///
/// final class AppCell: ModelCell<App> {
///     let iconView = ImageView()
///     let nameLabel = Label()
///
///     required init(frame: Rect) {
///         super.init(frame: frame)
///         contentView.addSubview(iconView)
///         contentView.addSubview(nameLabel)
///     }
///
///     override func modelDidChange() {
///         iconView.image = model?.icon
///         nameLabel.text = model?.name
///     }
///
///     override func layoutSubviews() {
///         super.layoutSubviews()
///         iconView.frame = Rect(x: 12.5, y: 0, width: 60, height: 60)
///         nameLabel.frame = Rect(x: 0, y: 65, width: bounds.width, height: 20)
///     }
/// }
/// ```
@MainActor
open class ModelCell<Model>: CollectionViewCell, ModelConfigurable {
    /// The model the cell shows; setting it calls ``modelDidChange()``.
    public var model: Model? {
        didSet { modelDidChange() }
    }

    /// Creates a cell without a model.
    public required init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Sets ``model``.
    public func configure(with model: Model) {
        self.model = model
    }

    /// Called after ``model`` changed; fill the subviews from the model here. The default does
    /// nothing.
    open func modelDidChange() {}
}

/// A cell that shows a given view, filling its content view: the cell for a collection whose
/// items are views (a scene's `items` given as view templates).
///
/// A view has one superview, so the view moves into the cell that shows it.
@MainActor
public final class HostingCell: ModelCell<View> {
    private weak var hosted: View?

    /// Replaces the hosted view with the model.
    public override func modelDidChange() {
        if let hosted, hosted !== model, hosted.superview === contentView {
            hosted.removeFromSuperview()
        }
        hosted = model
        if let model {
            model.frame = contentView.bounds
            contentView.addSubview(model)
        }
    }

    /// Makes the hosted view fill the content view.
    public override func layoutSubviews() {
        super.layoutSubviews()
        if let hosted, hosted.superview === contentView { hosted.frame = contentView.bounds }
    }
}
