/// A list that grows a chunk at a time and never moves what it holds, for the parts of a
/// catalog read at once: the parts' lists are joined into one array by moving the elements
/// (no copies, no reference counting) and freeing each chunk as soon as it is empty.
///
/// An `Array` that grows by doubling holds its old and new storage at once and, in glibc,
/// leaves the freed blocks in the heap; joining arrays holds every element twice until the
/// end. For a million services that was tens of megabytes at the peak of a load.
///
/// A list is filled by one task and then joined by another, after the first finished; it is
/// never used by two at once (hence `@unchecked Sendable`, and no run-time exclusivity checks
/// on its properties, which cost more than an append).
final class ChunkedList<Element>: @unchecked Sendable {
    /// How many elements a chunk holds: about a megabyte's worth.
    static var chunkCapacity: Int { Swift.max(16, (1 << 20) / MemoryLayout<Element>.stride) }

    /// The chunks, each full but the last.
    @exclusivity(unchecked) fileprivate var chunks: [UnsafeMutablePointer<Element>] = []
    /// How many elements the last chunk holds.
    @exclusivity(unchecked) fileprivate var lastCount = 0

    /// How many elements there are.
    @exclusivity(unchecked) private(set) var count = 0

    init() {}

    deinit {
        removeAll()
    }

    /// Adds `element` at the end.
    func append(_ element: consuming Element) {
        if chunks.isEmpty || lastCount == Self.chunkCapacity {
            chunks.append(UnsafeMutablePointer<Element>.allocate(capacity: Self.chunkCapacity))
            lastCount = 0
        }
        (chunks[chunks.count - 1] + lastCount).initialize(to: element)
        lastCount += 1
        count += 1
    }

    /// Every element of `lists`, in order, as one array; the lists are left empty.
    static func joined(_ lists: [ChunkedList<Element>]) -> [Element] {
        let total = lists.reduce(0) { $0 + $1.count }
        return [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            for list in lists {
                list.moveAll(to: base + initialized)
                initialized += list.count
                list.count = 0
            }
        }
    }

    /// Moves the elements to `target`, in order, freeing each chunk once it is empty.
    private func moveAll(to target: UnsafeMutablePointer<Element>) {
        var offset = 0
        for (index, chunk) in chunks.enumerated() {
            let filled = index == chunks.count - 1 ? lastCount : Self.chunkCapacity
            (target + offset).moveInitialize(from: chunk, count: filled)
            chunk.deallocate()
            offset += filled
        }
        chunks = []
        lastCount = 0
    }

    private func removeAll() {
        for (index, chunk) in chunks.enumerated() {
            chunk.deinitialize(count: index == chunks.count - 1 ? lastCount : Self.chunkCapacity)
            chunk.deallocate()
        }
        chunks = []
        lastCount = 0
        count = 0
    }
}

extension ChunkedList: Sequence {
    /// The elements in order.
    struct Iterator: IteratorProtocol {
        fileprivate let list: ChunkedList
        fileprivate var chunk = 0
        fileprivate var offset = 0

        mutating func next() -> Element? {
            guard chunk < list.chunks.count else { return nil }
            let filled = chunk == list.chunks.count - 1 ? list.lastCount : ChunkedList.chunkCapacity
            guard offset < filled else { return nil }
            let element = list.chunks[chunk][offset]
            offset += 1
            if offset == ChunkedList.chunkCapacity {
                chunk += 1
                offset = 0
            }
            return element
        }
    }

    func makeIterator() -> Iterator {
        Iterator(list: self)
    }
}
