/// A state key a plugin owns: its name, what it holds, its initial value and what it accepts.
///
/// The initial value is built on first read, so embedded data costs nothing at start-up.
public struct StateKeyDeclaration: Sendable {
    /// The full dotted key, such as `services.selected`.
    public var key: String
    /// What the key holds, for `state keys` and `help`.
    public var abstract: String
    /// Builds the value the key has before any command changed it.
    public var initialValue: @Sendable () -> Value
    /// Checks a value loaded from a state file; throws a reason when it is not acceptable.
    public var validate: @Sendable (Value) throws(StateError) -> Void

    public init(
        key: String, abstract: String,
        initialValue: @escaping @Sendable () -> Value,
        validate: @escaping @Sendable (Value) throws(StateError) -> Void = { _ throws(StateError) in }
    ) {
        self.key = key
        self.abstract = abstract
        self.initialValue = initialValue
        self.validate = validate
    }
}
