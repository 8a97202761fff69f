import ShopValues

/// A copy of the store's values (and the models decoded so far) at one moment, safe to read
/// from any thread: what Tab completion reads.
public struct StateSnapshot: Sendable {
    private var entries: [String: StateEntry]
    private var declarations: [String: StateKeyDeclaration]

    package init(entries: [String: StateEntry], declarations: [String: StateKeyDeclaration]) {
        self.entries = entries
        self.declarations = declarations
    }

    /// An empty snapshot.
    public init() {
        self.init(entries: [:], declarations: [:])
    }

    /// The value of a variable or key, or nil.
    public subscript(key: String) -> Value? {
        entries[key]?.value ?? declarations[key]?.initialValue()
    }

    /// The revision of the key's value at that moment (0 before the first write).
    public func revision(of key: String) -> UInt64 {
        entries[key]?.revision ?? 0
    }

    /// The model of a typed key, or nil when its value does not decode.
    public func model<Model>(_ key: StateKey<Model>) -> Model? {
        guard let entry = entries[key.name] else { return declarations[key.name] != nil ? key.initial() : nil }
        if let model = entry.model as? Model { return model }
        let reader = StateReader(
            valueOf: { name throws(StateError) in
                guard let value = self[name] else { throw .unknownName(name, suggestion: nil) }
                return value
            },
            modelOf: { name throws(StateError) in
                guard let value = self[name] else { throw .unknownName(name, suggestion: nil) }
                return entries[name]?.model ?? value
            })
        return try? key.decode(entry.value, reader)
    }

    /// Every variable and key name, sorted.
    public var names: [String] {
        Set(entries.keys).union(declarations.keys).sorted()
    }

    /// User variable names, sorted.
    public var variableNames: [String] {
        entries.keys.filter { !$0.contains(".") }.sorted()
    }
}
