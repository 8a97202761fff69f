/// An ordered set of named fields.
///
/// Records of the same shape share one ``FieldNames`` instance, so a list of a million records
/// stores its field names once and finds a field by position.
public struct Record: Sendable, Hashable {
    /// The field names, shared between records of the same shape.
    public let names: FieldNames
    /// The field values, in the order of ``names``.
    public private(set) var values: [Value]

    /// A record with these names and values; both must have the same count.
    public init(names: FieldNames, values: [Value]) {
        precondition(names.count == values.count, "a record needs one value per field name")
        self.names = names
        self.values = values
    }

    /// A record from ordered pairs; a repeated name keeps its last value at its first place.
    public init(_ fields: KeyValuePairs<String, Value>) {
        self.init(pairs: fields.map { ($0.key, $0.value) })
    }

    /// A record from ordered pairs; a repeated name keeps its last value at its first place.
    public init(pairs: [(String, Value)]) {
        var names: [String] = []
        var values: [Value] = []
        names.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        // A few names are searched in a line: hashing each costs more (every JSON object read
        // is made here).
        let hashes = pairs.count > FieldNames.linearSearchLimit
        var positions: [String: Int] = [:]
        for (name, value) in pairs {
            if let position = hashes ? positions[name] : names.firstIndex(of: name) {
                values[position] = value
            } else {
                if hashes { positions[name] = names.count }
                names.append(name)
                values.append(value)
            }
        }
        self.names = FieldNames(names)
        self.values = values
    }

    /// How many fields there are.
    public var count: Int { values.count }

    /// The fields as ordered pairs.
    public var fields: [(name: String, value: Value)] {
        zip(names.names, values).map { (name: $0, value: $1) }
    }

    /// The value of a field, or nil when the record has no such field.
    public subscript(name: String) -> Value? {
        names.position(of: name).map { values[$0] }
    }

    /// A copy with one field set (added at the end when new).
    public func setting(_ name: String, to value: Value) -> Record {
        if let position = names.position(of: name) {
            var copy = self
            copy.values[position] = value
            return copy
        }
        return Record(names: FieldNames(names.names + [name]), values: values + [value])
    }

    public static func == (lhs: Record, rhs: Record) -> Bool {
        (lhs.names === rhs.names || lhs.names.names == rhs.names.names) && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(names.names)
        hasher.combine(values)
    }
}

/// The field names of a record shape, with a lookup from name to position.
public final class FieldNames: Sendable {
    /// The names in order.
    public let names: [String]
    private let positions: [String: Int]

    /// How many names a record may have before lookups use a hash table.
    static let linearSearchLimit = 8

    /// Names in order; repeated names are the caller's bug and keep their first position.
    public init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        if names.count > Self.linearSearchLimit {
            for (position, name) in names.enumerated() where positions[name] == nil {
                positions[name] = position
            }
        }
        self.positions = positions
    }

    /// How many names there are.
    public var count: Int { names.count }

    /// Where `name` sits, or nil.
    public func position(of name: String) -> Int? {
        if names.count <= Self.linearSearchLimit {
            return names.firstIndex(of: name)
        }
        return positions[name]
    }
}
