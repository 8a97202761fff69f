/// Proves a catalog's ids unique without a table of them: the ``ByteHash`` of every id, made
/// while the ids are read (on every core), sorted, and checked for a repeat.
///
/// Two equal ids have equal fingerprints, so fingerprints without a repeat prove the ids
/// unique. A repeat is most likely a real duplicate, but could be two ids whose hashes
/// collide: then the caller checks the ids themselves. Only ASCII ids are fingerprinted —
/// Swift compares strings by canonical equivalence, so two different byte sequences can be
/// the same id.
enum IDFingerprints {
    /// Whether no two of `fingerprints` are equal.
    ///
    /// Sorts them in place by their top byte, with no second buffer (this runs at the peak of
    /// a load's memory): one radix pass moves each into its bucket; then each bucket — a 256th
    /// of them, small enough to stay in the cache — is checked with a small table.
    static func areDistinct(_ fingerprints: consuming [UInt64]) -> Bool {
        guard fingerprints.count > 1 else { return true }
        return fingerprints.withUnsafeMutableBufferPointer { keys in
            func bucket(_ key: UInt64) -> Int { Int(truncatingIfNeeded: key >> 56) }
            var ends = [Int](repeating: 0, count: 256)
            for key in keys { ends[bucket(key)] += 1 }
            var starts = [Int](repeating: 0, count: 256)
            var total = 0
            for index in 0..<256 {
                starts[index] = total
                total += ends[index]
                ends[index] = total
            }
            // Each bucket fills from its start; a key taken from a wrong place goes to the next
            // free place of its own bucket, and the key found there moves on in turn.
            var next = starts
            for index in 0..<256 {
                while next[index] < ends[index] {
                    var key = keys[next[index]]
                    var home = bucket(key)
                    while home != index {
                        swap(&key, &keys[next[home]])
                        next[home] += 1
                        home = bucket(key)
                    }
                    keys[next[index]] = key
                    next[index] += 1
                }
            }
            var table: [UInt64] = []
            for index in 0..<256 where ends[index] - starts[index] > 1 {
                guard areDistinct(UnsafeBufferPointer(rebasing: keys[starts[index]..<ends[index]]), table: &table)
                else { return false }
            }
            return true
        }
    }

    /// Whether no two of `keys` are equal, found with an open-addressing `table` (reused
    /// between calls) indexed by the keys' low bits. The empty slot is 0, so a key of 0 is
    /// counted apart.
    private static func areDistinct(_ keys: UnsafeBufferPointer<UInt64>, table: inout [UInt64]) -> Bool {
        var size = 16
        while size < 2 * keys.count { size <<= 1 }
        if table.count < size { table = [UInt64](repeating: 0, count: size) }
        let mask = size - 1
        var zeros = 0
        let distinct = table.withUnsafeMutableBufferPointer { slots in
            for slot in 0..<size { slots[slot] = 0 }
            for key in keys {
                guard key != 0 else {
                    zeros += 1
                    continue
                }
                var slot = Int(truncatingIfNeeded: key) & mask
                while slots[slot] != 0 {
                    if slots[slot] == key { return false }
                    slot = (slot + 1) & mask
                }
                slots[slot] = key
            }
            return true
        }
        return distinct && zeros < 2
    }
}
