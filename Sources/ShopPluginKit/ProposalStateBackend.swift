import ShopKit

/// The state a command sees when its plugin is served out of process: the values the host
/// sent (kept across calls, so `state-cache` works) in a store of the plugin's own, and the
/// keys the command writes, collected as proposed changes.
///
/// Each call runs inside one change of that store that is rolled back afterwards: the host
/// applies the proposals (or refuses them) and sends the new values with new revisions.
final class ProposalStateBackend: StateBackend {
    private let store: StateStore
    /// The host's revision of each key it sent.
    private var revisions: [String: UInt64] = [:]
    /// Keys written during the call, in order.
    private var written: [String] = []

    /// A store with the plugin's own keys and, as `any`, the keys it reads.
    init(plugin: any Plugin) {
        let reads = plugin.reads.map { key in
            StateKeyDeclaration(key: key, abstract: "read from the host", type: .any, initialValue: { .null })
        }
        store = StateStore(declarations: plugin.stateKeys + reads)
    }

    /// Takes the `state` of a request: new values replace the kept ones; a key sent without
    /// a value keeps the value this process holds. Returns the keys it does not hold.
    func receive(_ state: Value) -> [String] {
        var missing: [String] = []
        var values: [(key: String, value: Value)] = []
        for (key, entry) in state.recordValue?.fields ?? [] {
            let revision = UInt64(entry.recordValue?["revision"]?.intValue ?? 0)
            if let value = entry.recordValue?["value"] {
                values.append((key, value))
                revisions[key] = revision
            } else if revisions[key] != revision {
                missing.append(key)
            }
        }
        if !values.isEmpty { try? store.load(values) }
        return missing
    }

    /// Stores values the host sent through `state/get`.
    func receive(values: [(key: String, value: Value)], revisions: [String: UInt64]) {
        try? store.load(values)
        self.revisions.merge(revisions) { $1 }
    }

    /// Runs `body` as one change that is rolled back; returns its result and the proposals.
    func collecting<Result>(_ body: () async throws -> Result) async throws -> (Result, [(key: String, value: Value)]) {
        written = []
        store.beginChange(label: "call")
        defer { store.rollBackChange() }
        let result = try await body()
        var seen: Set<String> = []
        let proposals = try written.reversed().filter { seen.insert($0).inserted }.reversed().map { key in
            (key: key, value: try store.value(key))
        }
        return (result, proposals)
    }

    /// The values held now, for completion sources.
    func snapshot() -> StateSnapshot { store.snapshot() }

    // MARK: StateBackend

    func value(_ name: String) throws(StateError) -> Value { try store.value(name) }

    func model<Model>(_ key: StateKey<Model>) throws(StateError) -> Model { try store.model(key) }

    func set<Model>(_ key: StateKey<Model>, to model: Model, by plugin: String) throws(StateError) {
        try store.set(key, to: model, by: plugin)
        written.append(key.name)
    }

    func set(_ key: String, to value: Value, by plugin: String) throws(StateError) {
        try store.set(key, to: value, by: plugin)
        written.append(key)
    }

    func setVariable(_ name: String, to value: Value) throws(StateError) {
        throw .readOnly(key: name, owner: "the host")
    }

    func revision(of key: String) -> UInt64 { revisions[key] ?? 0 }
}
