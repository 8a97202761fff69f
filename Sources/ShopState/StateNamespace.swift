import ShopPluginAPI
import ShopValues

/// Keys the core makes up as it goes, under one prefix — `commands.NAME` for each `def` —
/// with the check a value must pass when a state file loads it.
///
/// ```swift
/// store.register(StateNamespace(prefix: "commands", about: "a user command") { key, value throws(StateError) in
///     guard case .record = value else { throw .invalidValue(key: key, reason: "expected a record") }
/// })
/// try store.setNamespaced("commands.greet", to: definition)
/// ```
public struct StateNamespace: Sendable {
    /// The first segment of its keys (`commands`).
    public let prefix: String
    /// What one of its keys holds, for `state keys`.
    public let about: String
    /// Throws when `value` cannot be loaded under `key`.
    public let check: @Sendable (_ key: String, _ value: Value) throws(StateError) -> Void

    public init(
        prefix: String, about: String, check: @escaping @Sendable (String, Value) throws(StateError) -> Void
    ) {
        self.prefix = prefix
        self.about = about
        self.check = check
    }
}
