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
    /// Sorts them in place, with no second buffer (this runs at the peak of a load's memory):
    /// one radix pass moves each into the bucket of its top byte, then each bucket — a
    /// 256th of them, small enough to stay in the cache — is sorted and checked.
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
            for index in 0..<256 where ends[index] - starts[index] > 1 {
                var part = UnsafeMutableBufferPointer(rebasing: keys[starts[index]..<ends[index]])
                part.sort()
                for position in 1..<part.count where part[position] == part[position - 1] { return false }
            }
            return true
        }
    }
}
