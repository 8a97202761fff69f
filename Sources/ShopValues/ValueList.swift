/// The items of a list value, in order: what `Value.list` holds.
///
/// A random-access collection of values, read as any collection is (`count`, `first`,
/// subscripts, `for item in list`, `map`). How the items are stored is the list's own
/// business: an array, or, for a list of records read from a file, a ``RecordTable`` stored by
/// column, whose items are records read from the columns when asked for. Verbs that
/// understand tables ask for ``table``; everything else sees the same records either way.
///
/// ```swift
/// let list: ValueList = [1, "two", 3.0]
/// let doubled = list.compactMap(\.intValue).map { $0 * 2 }
/// let value = Value.list(list)
/// ```
public struct ValueList: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    @usableFromInline enum Storage: Sendable {
        case array([Value])
        case table(RecordTable)
    }

    @usableFromInline var storage: Storage

    /// A list of `elements`, in order.
    @inlinable public init(_ elements: [Value]) {
        storage = .array(elements)
    }

    /// A list of the values `elements` gives, in order.
    @inlinable public init(_ elements: some Sequence<Value>) {
        storage = .array(Array(elements))
    }

    /// The records of `table`, in order.
    public init(_ table: RecordTable) {
        storage = .table(table)
    }

    /// An empty list.
    @inlinable public init() {
        storage = .array([])
    }

    public init(arrayLiteral elements: Value...) {
        storage = .array(elements)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable public var count: Int {
        switch storage {
        case .array(let values): values.count
        case .table(let table): table.count
        }
    }

    @inlinable public var isEmpty: Bool { count == 0 }

    @inlinable public subscript(position: Int) -> Value {
        switch storage {
        case .array(let values): values[position]
        case .table(let table): .record(table.record(at: position))
        }
    }

    @inlinable public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Value>) throws -> Result
    ) rethrows -> Result? {
        guard case .array(let values) = storage else { return nil }
        return try values.withContiguousStorageIfAvailable(body)
    }

    /// The table the records are stored in, or nil for a list stored as an array.
    public var table: RecordTable? {
        if case .table(let table) = storage { table } else { nil }
    }

    /// The items as an array, without copying them while the list is stored as one.
    package var array: [Value] {
        switch storage {
        case .array(let values): values
        case .table(let table): (0..<table.count).map { .record(table.record(at: $0)) }
        }
    }
}

extension ValueList: Hashable {
    public static func == (lhs: ValueList, rhs: ValueList) -> Bool {
        if case .array(let left) = lhs.storage, case .array(let right) = rhs.storage { return left == right }
        if case .table(let left) = lhs.storage, case .table(let right) = rhs.storage, left === right { return true }
        return lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for item in self { hasher.combine(item) }
    }
}

extension ValueList {
    /// The items at `range` (within the list), as a list: a table's rows stay a table.
    public func slice(_ range: Range<Int>) -> ValueList {
        switch storage {
        case .array(let values): ValueList(Array(values[range]))
        case .table(let table): ValueList(table.slice(range))
        }
    }
}
