import ShopPluginAPI

/// Sorts a catalog's items by id (by the ids' UTF-8 bytes, which is Unicode scalar order) for
/// completion, with a radix sort on each id's first 16 bytes.
///
/// Each id becomes a key of two big-endian 64-bit numbers holding its first 16 bytes (zero
/// padded); the keys are sorted one byte at a time from the last (a byte that is the same in
/// every key is skipped), and ids that share all 16 bytes are then ordered whole. A million
/// ids sort in tens of milliseconds, several times faster than comparing strings.
enum IDOrder {
    /// One id's key and the item's position.
    private struct Key {
        var high: UInt64
        var low: UInt64
        var position: UInt32

        static let zero = Key(high: 0, low: 0, position: 0)

        /// The byte of the key at `index` counted from the end (0 is the 16th byte).
        func byte(_ index: Int) -> Int {
            Int(truncatingIfNeeded: (index < 8 ? low >> (8 * index) : high >> (8 * (index - 8))) & 0xFF)
        }
    }

    /// The positions of the items that have ids, ordered by id.
    static func sortedPositions(of items: ValueList) -> [UInt32] {
        var keys: [Key] = []
        keys.reserveCapacity(items.count)
        for position in items.indices {
            guard let id = Service.id(of: items[position]) else { continue }
            keys.append(key(for: id, position: position))
        }
        if !zip(keys, keys.dropFirst()).allSatisfy({ precedes($0, $1, in: items) }) {
            radixSort(&keys)
            orderTies(&keys, in: items)
        }
        return keys.map(\.position)
    }

    private static func key(for id: String, position: Int) -> Key {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var id = id
        id.withUTF8 { bytes in
            for offset in 0..<min(16, bytes.count) {
                if offset < 8 {
                    high |= UInt64(bytes[offset]) << (56 - 8 * offset)
                } else {
                    low |= UInt64(bytes[offset]) << (56 - 8 * (offset - 8))
                }
            }
        }
        return Key(high: high, low: low, position: UInt32(truncatingIfNeeded: position))
    }

    private static func precedes(_ lhs: Key, _ rhs: Key, in items: ValueList) -> Bool {
        if lhs.high != rhs.high { return lhs.high < rhs.high }
        if lhs.low != rhs.low { return lhs.low < rhs.low }
        let left = Service.id(of: items[Int(lhs.position)]) ?? ""
        let right = Service.id(of: items[Int(rhs.position)]) ?? ""
        return left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// Sorts by the 16-byte keys, least significant byte first (a stable counting sort per byte).
    private static func radixSort(_ keys: inout [Key]) {
        var buffer = [Key](repeating: .zero, count: keys.count)
        for index in 0..<16 {
            var counts = [Int](repeating: 0, count: 256)
            for key in keys { counts[key.byte(index)] += 1 }
            if counts.contains(keys.count) { continue }
            var offsets = [Int](repeating: 0, count: 256)
            var total = 0
            for bucket in 0..<256 {
                offsets[bucket] = total
                total += counts[bucket]
            }
            keys.withUnsafeBufferPointer { source in
                buffer.withUnsafeMutableBufferPointer { target in
                    for key in source {
                        let bucket = key.byte(index)
                        target[offsets[bucket]] = key
                        offsets[bucket] += 1
                    }
                }
            }
            swap(&keys, &buffer)
        }
    }

    /// Orders runs of keys that share all 16 bytes by their whole ids.
    private static func orderTies(_ keys: inout [Key], in items: ValueList) {
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end].high == keys[start].high, keys[end].low == keys[start].low { end += 1 }
            if end - start > 1 { keys[start..<end].sort { precedes($0, $1, in: items) } }
            start = end
        }
    }
}
