import Synchronization

/// An ordered set of named fields.
///
/// Records of the same shape share one ``FieldNames`` instance, so a list of a million records
/// stores its field names once and finds a field by position.
public struct Record: Sendable, Hashable {
    /// The field names, shared between records of the same shape.
    public let names: FieldNames
    /// The values, one per name.
    @usableFromInline let storage: RecordStorage

    /// The field values, in the order of ``names``.
    public var values: RecordValues { RecordValues(storage: storage, count: names.count) }

    /// A record with these names and values; both must have the same count.
    public init(names: FieldNames, values: [Value]) {
        precondition(names.count == values.count, "a record needs one value per field name")
        self.init(names: names, storage: .array(values))
    }

    /// The values of another record under other names (its fields renamed): nothing is copied.
    public init(names: FieldNames, values: RecordValues) {
        precondition(names.count == values.count, "a record needs one value per field name")
        self.init(names: names, storage: values.storage)
    }

    @usableFromInline init(names: FieldNames, storage: RecordStorage) {
        self.names = names
        self.storage = storage
    }

    /// Makes a record a value at a time into one buffer, with no array of the values: 144 bytes
    /// of heap for five fields, where an array of them takes 160 (its header holds a count and a
    /// capacity). A catalog makes its million records so: 16 MB less.
    ///
    ///     var builder = Record.Builder(names: names)
    ///     builder.append(.string(id))
    ///     builder.append(.int(price))
    ///     let record = builder.record
    public struct Builder {
        @usableFromInline let names: FieldNames
        @usableFromInline let buffer: CompactRecordValues
        @usableFromInline let capacity: Int
        @usableFromInline var count = 0

        /// A builder of a record with these names.
        @inlinable public init(names: FieldNames) {
            self.names = names
            capacity = names.count
            buffer = CompactRecordValues.make(count: capacity)
        }

        /// Sets the next field's value.
        @inlinable public mutating func append(_ value: consuming Value) {
            precondition(count < capacity, "a record needs one value per field name")
            // A buffer's values stay where they are while it lives, and the builder holds it. The
            // slot holds a null, which owns nothing: writing over it leaks nothing.
            let slot = buffer.withUnsafeMutablePointerToElements { $0 } + count
            slot.initialize(to: value)
            count += 1
        }

        /// The record, once every name has its value.
        @inlinable public var record: Record {
            precondition(count == capacity, "a record needs one value per field name")
            return Record(names: names, storage: .compact(buffer))
        }
    }

    /// A record from ordered pairs; a repeated name keeps its last value at its first place.
    public init(_ fields: KeyValuePairs<String, Value>) {
        self.init(pairs: fields.map { ($0.key, $0.value) })
    }

    /// A record from ordered pairs; a repeated name (the same bytes) keeps its last value at
    /// its first place.
    public init(pairs: [(String, Value)]) {
        var names: [String] = []
        var values: [Value] = []
        names.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        // A few names are searched in a line: hashing each costs more (every JSON object read
        // is made here).
        let hashes = pairs.count > FieldNames.linearSearchLimit
        var positions: [UTF8Key: Int] = [:]
        for (name, value) in pairs {
            if let position = hashes ? positions[UTF8Key(name)] : names.firstIndex(where: name.hasSameUTF8(as:)) {
                values[position] = value
            } else {
                if hashes { positions[UTF8Key(name)] = names.count }
                names.append(name)
                values.append(value)
            }
        }
        self.init(names: FieldNames(names), values: values)
    }

    /// How many fields there are.
    public var count: Int { names.count }

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
        var changed = Array(values)
        if let position = names.position(of: name) {
            changed[position] = value
            return Record(names: names, values: changed)
        }
        return Record(names: FieldNames(names.names + [name]), values: changed + [value])
    }

    public static func == (lhs: Record, rhs: Record) -> Bool {
        guard lhs.names === rhs.names || lhs.names.names == rhs.names.names else { return false }
        if case .array(let left) = lhs.storage, case .array(let right) = rhs.storage { return left == right }
        return lhs.values.elementsEqual(rhs.values)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(names.names)
        hasher.combine(count)
        for value in values { hasher.combine(value) }
    }
}

/// The values of a ``Record``, in the order of its names.
public struct RecordValues: RandomAccessCollection, Sendable {
    @usableFromInline let storage: RecordStorage
    public let count: Int

    @usableFromInline init(storage: RecordStorage, count: Int) {
        self.storage = storage
        self.count = count
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable public subscript(position: Int) -> Value {
        precondition(position >= 0 && position < count, "a record's value index out of range")
        switch storage {
        case .array(let values): return values[position]
        case .compact(let buffer): return buffer.withUnsafeMutablePointerToElements { $0[position] }
        case .text(let buffer): return buffer.value(at: position)
        case .row(let table, let row): return table.value(atRow: row, field: position)
        }
    }
}

extension RecordValues {
    /// Calls `body` with the values where they are, one buffer either way: reading them by
    /// subscript copies each out. Values kept in text are made first.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Value>) -> Result) -> Result {
        switch storage {
        case .array(let values): values.withUnsafeBufferPointer(body)
        case .compact(let buffer):
            buffer.withUnsafeMutablePointerToElements { body(UnsafeBufferPointer(start: $0, count: count)) }
        case .text, .row: Array(self).withUnsafeBufferPointer(body)
        }
    }
}

/// How a record keeps its values: the array it was made with, the one buffer a
/// ``Record/Builder`` filled, the buffer over JSON text a ``Record/TextBuilder`` filled, or a
/// row of a ``RecordTable``, read from its columns.
// @unchecked Sendable: a buffer's values are written only while its builder fills it, before
// any record holds it, and never after.
@usableFromInline enum RecordStorage: @unchecked Sendable {
    case array([Value])
    case compact(CompactRecordValues)
    case text(TextRecordValues)
    case row(RecordTable, Int)
}

/// A record's values in one allocation whose only header is the object's own: the count is the
/// record's names'.
///
/// malloc may give more room than asked for; every slot holds a value (the extra ones null), so
/// that the deinitializer frees them all by ``ManagedBuffer/capacity``.
@usableFromInline final class CompactRecordValues: ManagedBuffer<Void, Value> {
    deinit {
        _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: capacity) }
    }

    /// A buffer of at least `count` values, all null.
    @usableFromInline static func make(count: Int) -> CompactRecordValues {
        let buffer = unsafeDowncast(create(minimumCapacity: count) { _ in () }, to: CompactRecordValues.self)
        buffer.withUnsafeMutablePointerToElements { $0.initialize(repeating: .null, count: buffer.capacity) }
        return buffer
    }
}

/// The field names of a record shape, with a lookup from name to position. Names match by
/// their bytes (``UTF8Key``), not by canonical equivalence as `String`s do.
public final class FieldNames: Sendable {
    /// The names in order.
    public let names: [String]
    private let positions: [UTF8Key: Int]
    /// The names as JSON keys, made when a record of this shape is first written.
    private let quotedKeys = AtomicLazyReference<JSONKeys>()

    /// How many names a record may have before lookups use a hash table.
    static let linearSearchLimit = 8

    /// Names in order; repeated names are the caller's bug and keep their first position.
    public init(_ names: [String]) {
        self.names = names
        var positions: [UTF8Key: Int] = [:]
        if names.count > Self.linearSearchLimit {
            for (position, name) in names.enumerated() where positions[UTF8Key(name)] == nil {
                positions[UTF8Key(name)] = position
            }
        }
        self.positions = positions
    }

    /// How many names there are.
    public var count: Int { names.count }

    /// The names as JSON writes them as keys; made once.
    var jsonKeys: JSONKeys {
        quotedKeys.load() ?? quotedKeys.storeIfNil(JSONKeys(names))
    }

    /// Where `name` sits, or nil.
    public func position(of name: String) -> Int? {
        if names.count <= Self.linearSearchLimit {
            return names.firstIndex(where: name.hasSameUTF8(as:))
        }
        return positions[UTF8Key(name)]
    }
}
