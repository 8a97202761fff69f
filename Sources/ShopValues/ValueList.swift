/// The items of a list value, in order: what `Value.list` holds.
///
/// A random-access collection of values, read as any collection is (`count`, `first`,
/// subscripts, `for item in list`, `map`). How the items are stored is the list's own
/// business — an array today — so that a list of records can later be stored by column
/// without changing any code that reads it.
///
/// ```swift
/// let list: ValueList = [1, "two", 3.0]
/// let doubled = list.compactMap(\.intValue).map { $0 * 2 }
/// let value = Value.list(list)
/// ```
public struct ValueList: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
    @usableFromInline var storage: [Value]

    /// A list of `elements`, in order.
    @inlinable public init(_ elements: [Value]) {
        storage = elements
    }

    /// A list of the values `elements` gives, in order.
    @inlinable public init(_ elements: some Sequence<Value>) {
        storage = Array(elements)
    }

    /// An empty list.
    @inlinable public init() {
        storage = []
    }

    public init(arrayLiteral elements: Value...) {
        storage = elements
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage.count }
    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }

    @inlinable public subscript(position: Int) -> Value {
        storage[position]
    }

    @inlinable public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Value>) throws -> Result
    ) rethrows -> Result? {
        try storage.withContiguousStorageIfAvailable(body)
    }

    /// The items as an array, without copying them while the list is stored as one.
    @inlinable package var array: [Value] { storage }
}
