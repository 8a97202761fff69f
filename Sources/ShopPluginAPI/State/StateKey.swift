import ShopValues

/// A typed state key: one declaration of the key's name, abstract, type, initial model,
/// decode and encode.
///
/// The store keeps the canonical ``Value`` (for `${key}`, pipelines, `state save`) with the
/// decoded model beside it, so a model is decoded at most once per change, and `undo`
/// brings the model back with the value. `decode` is also the `state load` check, and may
/// read the other keys of the state being loaded (to refuse dangling references).
///
/// ```swift
/// static let open = StateKey<Int?>(
///     "feed.open", abstract: "the open card's number, or null", type: .optional(.int),
///     initial: nil,
///     decode: { value, state throws(StateError) in
///         guard let number = value.intValue else { return nil }
///         let count = try state.model(FeedKeys.cards).count
///         guard (1...count).contains(number) else {
///             throw .invalidValue(key: "feed.open", reason: "no card \(number) (1–\(count))")
///         }
///         return number
///     },
///     encode: { Value($0) })
/// let number = try invocation.state[Self.open]           // an Int?
/// try invocation.state.set(Self.open, to: 3)
/// ```
public struct StateKey<Model: Sendable>: Sendable {
    /// The full dotted key.
    public let name: String
    /// What the key holds.
    public let abstract: String
    /// The values it accepts.
    public let type: ValueType
    package let initial: @Sendable () -> Model
    package let decode: @Sendable (Value, StateReader) throws(StateError) -> Model
    package let encode: @Sendable (Model) -> Value

    /// `initial` is built on first read; `encode(decode(v)) == v` must hold for every
    /// accepted `v`.
    public init(
        _ name: String, abstract: String, type: ValueType,
        initial: @escaping @autoclosure @Sendable () -> Model,
        decode: @escaping @Sendable (Value, StateReader) throws(StateError) -> Model,
        encode: @escaping @Sendable (Model) -> Value
    ) {
        self.name = name
        self.abstract = abstract
        self.type = type
        self.initial = initial
        self.decode = decode
        self.encode = encode
    }

    /// The key as the store and the registry hold it.
    public var declaration: StateKeyDeclaration {
        let (initial, decode, encode) = (initial, decode, encode)
        return StateKeyDeclaration(
            key: name, abstract: abstract, type: type,
            makeInitial: {
                let model = initial()
                return (encode(model), model)
            },
            decode: { value, reader throws(StateError) in try decode(value, reader) })
    }

    /// The encoded value of `model`.
    public func value(of model: Model) -> Value {
        encode(model)
    }
}
