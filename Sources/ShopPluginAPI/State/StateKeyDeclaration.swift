import ShopValues

/// A state key a plugin owns, as the store holds it: name, what it holds, its type, its
/// lazily built initial value, and the decode that turns a stored value into the key's
/// model (which is also what `state load` checks).
///
/// Swift plugins declare keys with ``StateKey`` and use ``StateKey/declaration``; a key
/// declared by value alone (an outside plugin's manifest, a test) keeps the value itself as
/// its model.
public struct StateKeyDeclaration: Sendable {
    /// The full dotted key, such as `services.selected`.
    public var key: String
    /// What the key holds, for `state keys` and `help`.
    public var abstract: String
    /// The values the key accepts (a typed key's decode checks them in its own words).
    public var type: ValueType
    /// Builds the key's first value and its model, on first read.
    package let makeInitial: @Sendable () -> (value: Value, model: any Sendable)
    /// Turns a stored value into the model, or says why the value is not acceptable; may
    /// read other keys through the reader (of the state being loaded, at `state load`).
    package let decode: @Sendable (Value, StateReader) throws(StateError) -> any Sendable

    /// A key whose model is its value: `validate` says why a loaded value is refused.
    public init(
        key: String, abstract: String, type: ValueType = .any,
        initialValue: @escaping @Sendable () -> Value,
        validate: @escaping @Sendable (Value) throws(StateError) -> Void = { _ throws(StateError) in }
    ) {
        self.key = key
        self.abstract = abstract
        self.type = type
        makeInitial = {
            let value = initialValue()
            return (value, value)
        }
        decode = { value, _ throws(StateError) in
            guard type.accepts(value) else {
                throw .invalidValue(key: key, reason: "expected \(type.expected), got \(value.typeName)")
            }
            try validate(value)
            return value
        }
    }

    init(
        key: String, abstract: String, type: ValueType,
        makeInitial: @escaping @Sendable () -> (value: Value, model: any Sendable),
        decode: @escaping @Sendable (Value, StateReader) throws(StateError) -> any Sendable
    ) {
        self.key = key
        self.abstract = abstract
        self.type = type
        self.makeInitial = makeInitial
        self.decode = decode
    }

    /// The key's first value.
    public func initialValue() -> Value {
        makeInitial().value
    }

    /// The model of `value`, or why the key does not accept it.
    package func checkedModel(of value: Value, reader: StateReader) throws(StateError) -> any Sendable {
        try decode(value, reader)
    }
}
