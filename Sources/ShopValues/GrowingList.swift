import Synchronization

/// A list whose versions share their common first elements: appending to one version copies
/// none of the elements it shares with the others, where an array, shared with an earlier
/// version that undo keeps, copies them all.
///
/// Each version is a count over one buffer; the elements below it never change. A version
/// whose count is where the buffer's filled part ends may append in place (the first to claim
/// the slots, atomically, gets them; a version that lost the race, or whose buffer is full,
/// copies its elements into a new buffer of twice the room). So a list grown a page at a time,
/// each version kept, costs the new page each time, not the whole list.
///
/// ```swift
/// let first: GrowingList = [1, 2, 3]
/// var second = first
/// second.append(contentsOf: [4, 5])   // first's three elements are not copied
/// first.count                          // 3
/// ```
public struct GrowingList<Element>: RandomAccessCollection {
    /// Nil while the list has never held an element.
    @usableFromInline var buffer: Buffer?
    /// The elements of this version.
    @usableFromInline var length = 0

    /// An empty list.
    @inlinable public init() {}

    /// A list of `elements`, in order.
    @inlinable public init(_ elements: some Collection<Element>) {
        self.init()
        append(contentsOf: elements)
    }

    // Inlinable, as the list's other hot paths: a client module's loops specialize them, where
    // the generic code is several times slower.
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { length }
    @inlinable public var count: Int { length }

    @inlinable public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < length, "index out of range")
        // A list with elements has a buffer.
        return buffer.unsafelyUnwrapped.elements[position]
    }

    /// The elements are one run in the buffer: loops over them read it directly, not through
    /// the iterator.
    @inlinable public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Element>) throws -> Result
    ) rethrows -> Result? {
        try body(UnsafeBufferPointer(start: buffer?.elements, count: length))
    }

    /// Adds `newElements` at the end.
    @inlinable public mutating func append(contentsOf newElements: some Collection<Element>) {
        let added = newElements.count
        guard added > 0 else { return }
        var next = claimSlots(added)
        for element in newElements {
            next.initialize(to: element)
            next += 1
        }
        length += added
    }

    /// The `added` slots after the last element, this list's own from now on: in place when
    /// the buffer's filled part ends with this list and has room, else in a new buffer.
    @inlinable mutating func claimSlots(_ added: Int) -> UnsafeMutablePointer<Element> {
        if isKnownUniquelyReferenced(&buffer) { buffer?.truncate(to: length) }
        if let buffer, buffer.claim(from: length, adding: added) { return buffer.elements + length }
        let grown = Buffer(capacity: Swift.max((buffer?.capacity ?? 0) * 2, length + added, 16))
        if let buffer { grown.elements.initialize(from: buffer.elements, count: length) }
        _ = grown.claim(from: 0, adding: length + added)
        buffer = grown
        return grown.elements + length
    }

    /// Adds `element` at the end.
    @inlinable public mutating func append(_ element: Element) {
        append(contentsOf: CollectionOfOne(element))
    }

    /// The elements and the slots after them; the slots below ``filled`` hold elements.
    ///
    /// `@unchecked Sendable`: a slot is written once, by the version that claimed it (through
    /// the atomic ``filled``), before that version exists for anyone else, and never again;
    /// ``truncate(to:)`` runs only on a buffer no other version holds.
    @usableFromInline final class Buffer: @unchecked Sendable {
        @usableFromInline let elements: UnsafeMutablePointer<Element>
        @usableFromInline let capacity: Int
        private let filled = Atomic<Int>(0)

        @usableFromInline init(capacity: Int) {
            self.capacity = capacity
            elements = .allocate(capacity: capacity)
        }

        deinit {
            elements.deinitialize(count: filled.load(ordering: .acquiring))
            elements.deallocate()
        }

        /// Takes the `adding` slots after the first `count`, when those are exactly the
        /// filled ones and there is room; says whether it did.
        @usableFromInline func claim(from count: Int, adding: Int) -> Bool {
            guard count + adding <= capacity else { return false }
            return filled.compareExchange(expected: count, desired: count + adding, ordering: .acquiringAndReleasing)
                .exchanged
        }

        /// Drops the elements past the first `count`; for a buffer no other version holds.
        @usableFromInline func truncate(to count: Int) {
            let end = filled.load(ordering: .acquiring)
            guard end > count else { return }
            (elements + count).deinitialize(count: end - count)
            filled.store(count, ordering: .releasing)
        }

    }
}

extension GrowingList: Sendable where Element: Sendable {}

extension GrowingList: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension GrowingList: Equatable where Element: Equatable {
    public static func == (lhs: GrowingList, rhs: GrowingList) -> Bool {
        (lhs.length == rhs.length && lhs.buffer === rhs.buffer) || lhs.elementsEqual(rhs)
    }
}

extension GrowingList: CustomStringConvertible {
    public var description: String { Array(self).description }
}
