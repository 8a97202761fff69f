import ShopValues

/// What a key's decode may read: the other keys of the state it belongs to — the store's
/// now, or, at `state load`, the state being loaded.
public struct StateReader {
    /// Reads a value by name.
    let valueOf: (String) throws(StateError) -> Value
    /// Reads a key's model, decoding it when needed.
    let modelOf: (String) throws(StateError) -> any Sendable

    /// A reader of the values `valueOf` reads and the models `modelOf` reads.
    package init(
        valueOf: @escaping (String) throws(StateError) -> Value,
        modelOf: @escaping (String) throws(StateError) -> any Sendable
    ) {
        self.valueOf = valueOf
        self.modelOf = modelOf
    }

    /// The value of a key or variable.
    public func value(_ name: String) throws(StateError) -> Value {
        try valueOf(name)
    }

    /// The model of another typed key.
    public func model<Model>(_ key: StateKey<Model>) throws(StateError) -> Model {
        guard let model = try modelOf(key.name) as? Model else {
            throw .invalidValue(key: key.name, reason: "declared with another model type")
        }
        return model
    }
}
