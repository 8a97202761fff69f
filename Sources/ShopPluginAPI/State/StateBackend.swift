import ShopValues

/// The state a command reads and writes through ``StateAccess``: the session's
/// ``StateStore`` in process; for a plugin served out of process, a snapshot of its own keys
/// and its `reads` that collects the writes as proposed changes.
public protocol StateBackend: AnyObject {
    /// The value of a variable or key.
    func value(_ name: String) throws(StateError) -> Value
    /// The model of a typed key.
    func model<Model>(_ key: StateKey<Model>) throws(StateError) -> Model
    /// Writes a typed key of `plugin`.
    func set<Model>(_ key: StateKey<Model>, to model: Model, by plugin: String) throws(StateError)
    /// Writes a key of `plugin` by value (checked and decoded).
    func set(_ key: String, to value: Value, by plugin: String) throws(StateError)
    /// Writes a user variable.
    func setVariable(_ name: String, to value: Value) throws(StateError)
    /// A number that grows whenever the key changes (0 before the first write).
    func revision(of key: String) -> UInt64
}
