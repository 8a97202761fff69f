import ShopValues

/// The state as a command sees it: read anything, write the keys its plugin owns (or, for
/// the core, user variables).
///
/// ```swift
/// let selected = try invocation.state[ServicesKeys.selected]     // the key's model
/// try invocation.state.set(ServicesKeys.selected, to: selected + ["s2"])
/// ```
public struct StateAccess {
    let backend: any StateBackend
    /// The plugin whose keys may be written, or nil for the core.
    public let owner: String?

    public init(backend: any StateBackend, owner: String?) {
        self.backend = backend
        self.owner = owner
    }

    /// The value of a variable or key.
    public func value(_ name: String) throws(StateError) -> Value {
        try backend.value(name)
    }

    /// A number that grows whenever the key changes (0 before the first write): a cache key.
    public func revision(of key: String) -> UInt64 {
        backend.revision(of: key)
    }

    /// The model of a typed key.
    public subscript<Model>(_ key: StateKey<Model>) -> Model {
        get throws(StateError) { try backend.model(key) }
    }

    /// Writes one of the owner's typed keys.
    public func set<Model>(_ key: StateKey<Model>, to model: Model) throws(StateError) {
        guard let owner else { throw .undeclaredKey(key.name, plugin: "core") }
        try backend.set(key, to: model, by: owner)
    }

    /// Writes one of the owner's keys by value (or, for the core, a user variable).
    public func set(_ key: String, to value: Value) throws(StateError) {
        if let owner {
            try backend.set(key, to: value, by: owner)
        } else {
            try backend.setVariable(key, to: value)
        }
    }
}
