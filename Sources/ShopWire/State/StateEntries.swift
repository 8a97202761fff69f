import ShopPluginAPI

/// The state a `run` or `complete` carries: each key of the plugin's scope (its own keys,
/// then its reads) with its revision, and its value unless the host left it out
/// (`state-cache`): `{"promo.applied": {"revision": 3, "value": null}, "services.items": {"revision": 1}}`.
public struct StateEntries: WireValue, Equatable {
    /// One key.
    public struct Entry: Sendable, Equatable {
        public var key: String
        /// Grows with every change of the key (an `undo` or `state load` gives a new one).
        public var revision: UInt64
        /// Nil when left out: the process was sent this revision before.
        public var value: Value?

        public init(key: String, revision: UInt64, value: Value?) {
            self.key = key
            self.revision = revision
            self.value = value
        }

        /// The entry without its value (`Value` is `ExpressibleByNilLiteral`, so a `nil`
        /// written for a value can be read as null).
        public var leavingOutTheValue: Entry {
            var entry = self
            entry.value = .none
            return entry
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    public init(json value: Value) throws(WireFormatError) {
        try self.init(json: value, path: "params.state")
    }

    init(json value: Value, path: String) throws(WireFormatError) {
        guard !value.isNull else {
            entries = []
            return
        }
        let fields = try ObjectFields<WireFormatError>(value, path: path)
        entries = try fields.record.fields.map { key, entry throws(WireFormatError) in
            let entry = try ObjectFields<WireFormatError>(entry, path: "\(path)['\(key)']")
            let revision = try entry.int("revision")
            guard revision >= 0 else {
                throw WireFormatError(path: entry.path(of: "revision"), "a revision is 0 or more")
            }
            return Entry(key: key, revision: UInt64(revision), value: entry.record["value"])
        }
    }

    public var json: Value {
        .record(
            Record(
                pairs: entries.map { entry in
                    var pairs: [(String, Value)] = [("revision", .int(Int(clamping: entry.revision)))]
                    if let value = entry.value { pairs.append(("value", value)) }
                    return (entry.key, .record(Record(pairs: pairs)))
                }))
    }
}
