/// A value kept out of line, for the fields that most of the many objects holding them leave
/// unset (an error, an identifier, baselines, a root's last request): an optional reference
/// takes 8 bytes of each object, where the value would take all of its own.
///
/// The value never changes: a field is set by making a new box, so that a value type holding
/// one (a solver slot) keeps value semantics when it is copied.
final class OutOfLine<Value> {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
