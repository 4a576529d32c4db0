/// A pending snapshot could not be found, read, accepted or rejected.
public struct SnapshotReviewError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in one line.
    public let description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
