/// An error from a collection view: an update that does not match the data source, or a data
/// source that answered something the view cannot use.
///
/// The description says what was wrong, where, and how to fix it:
///
/// ```swift
/// do {
///     try collectionView.insertItems(at: [IndexPath(item: 12, section: 0)])
/// } catch {
///     // invalid update: section 0 has 12 items after the update, but it had 12 and the
///     // update adds 1 and removes 0: it should have 13. Tell the collection view ...
///     print(error)
/// }
/// ```
public struct CollectionViewError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// An update whose index paths or item counts do not match the data source.
        public static let invalidUpdate = Code("invalid update")
        /// The data source or a registration produced something unusable: an unregistered reuse
        /// identifier, a negative or absurd count, a cell shown twice.
        public static let invalidDataSource = Code("invalid data source")

        /// The code's name.
        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// What was wrong, where, and how to fix it.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The code and the message, such as `invalid update: section 0 has ...`.
    public var description: String { "\(code): \(message)" }
}
