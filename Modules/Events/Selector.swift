/// Names an action method registered with a target, as an Objective-C selector does.
///
/// Two registrations with the same target and the same selector are the same registration:
/// adding it again only adds events, and removing it by selector removes exactly it. Swift
/// cannot compare two method references, so the selector is what identifies the method:
///
/// ```swift
/// control.addTarget(self, action: Self.save, for: .touchUpInside, selector: "save")
/// control.removeTarget(self, action: "save", for: .touchUpInside)
/// ```
///
/// When no selector is given, the call site of the registration identifies it, so running the
/// same `addTarget` line twice still registers once.
public struct Selector: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The selector's name.
    public let name: String

    /// Creates a selector with a name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a selector from a string literal.
    public init(stringLiteral value: String) {
        self.name = value
    }

    /// Creates the selector that identifies an unnamed registration by its call site.
    public init(callSite fileID: String, line: Int, column: Int) {
        self.name = "\(fileID):\(line):\(column)"
    }

    /// The selector's name.
    public var description: String { name }
}
