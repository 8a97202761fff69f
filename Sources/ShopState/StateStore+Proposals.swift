import ShopPluginAPI
import ShopValues

extension StateStore {
    /// Runs `body` inside a change that is rolled back afterwards, and returns what it wrote
    /// to `keys`: each key whose value it replaced, with its value at the end, in the order of
    /// their last writes. Nothing stays changed.
    ///
    /// A plugin served out of process runs each command this way over a store holding what
    /// the host sent: the writes go back as proposed `stateChanges`, and the host applies them
    /// (or refuses them) and sends the new values with new revisions.
    ///
    /// ```swift
    /// let (result, changes) = try await store.proposals(for: plugin.stateKeys.map(\.key)) {
    ///     try await command.run(invocation)   // writes through an invocation over `store`
    /// }
    /// ```
    public func proposals<Result>(for keys: [String], _ body: () async throws -> Result) async throws -> (
        Result, [(key: String, value: Value)]
    ) {
        let before = keys.map(revision(of:))
        beginChange(label: "proposals")
        defer { rollBackChange() }
        let result = try await body()
        var written: [(key: String, revision: UInt64)] = []
        for (key, revision) in zip(keys, before) where self.revision(of: key) != revision {
            written.append((key, self.revision(of: key)))
        }
        let changes = try written.sorted { $0.revision < $1.revision }.map { key, _ throws(StateError) in
            (key: key, value: try value(key))
        }
        return (result, changes)
    }
}
