#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The distinct strings of a string column and, for each row, the code of its string: what
/// `sort`, `group` and comparisons use, so that each distinct string is ordered, hashed or
/// compared once rather than once a row.
///
/// Codes number the distinct strings in the order first seen; a null row has ``nullCode``.
final class StringDictionary: Sendable {
    /// Per row, the code of its string, or ``nullCode``.
    let codes: [UInt32]
    /// The distinct strings, by code (spans into the column's bytes).
    let distinct: StringCells
    /// The code a null row has.
    static let nullCode = UInt32.max

    /// The dictionary of `cells`. Throws `CancellationError` when the task is cancelled.
    init(_ cells: StringCells) throws {
        var table = ByteHashTable()
        var firstRows: [Int] = []
        var codes = [UInt32](repeating: Self.nullCode, count: cells.count)
        try cells.withReader { reader in
            for row in 0..<cells.count where !cells.isNull(row) {
                try ParallelParts.checkCancellation(atRow: row)
                let bytes = reader[row]
                let code = table.insert(bytes, code: UInt32(firstRows.count)) { reader[firstRows[Int($0)]] }
                if code == UInt32(firstRows.count) { firstRows.append(row) }
                codes[row] = code
            }
        }
        self.codes = codes
        distinct = cells.gathering(firstRows)
    }

    /// For each code, its place among the distinct strings in `String` order (byte order for
    /// ASCII, which is the same); strings `String` finds equal (the same text in other
    /// Unicode forms) share a place.
    var ranks: [UInt32] {
        var ranks = [UInt32](repeating: 0, count: distinct.count)
        if distinct.isASCII {
            let order = distinct.withReader { reader in
                (0..<distinct.count).sorted { reader[$0].lexicographicallyPrecedes(reader[$1]) }
            }
            for (rank, code) in order.enumerated() { ranks[code] = UInt32(rank) }
            return ranks
        }
        let strings = (0..<distinct.count).map { distinct.string(at: $0) ?? "" }
        let order = strings.indices.sorted { strings[$0] < strings[$1] }
        var rank: UInt32 = 0
        for (place, code) in order.enumerated() {
            if place > 0, strings[code] != strings[order[place - 1]] { rank += 1 }
            ranks[code] = rank
        }
        return ranks
    }

    /// For each code, the code of the first distinct string `String` finds equal to it: the
    /// groups of `group` (the same text in other Unicode forms is one key).
    var groupCodes: [UInt32] {
        guard !distinct.isASCII else { return (0..<distinct.count).map { UInt32($0) } }
        var first: [String: UInt32] = [:]
        return (0..<distinct.count).map { code in
            let string = distinct.string(at: code) ?? ""
            if let known = first[string] { return known }
            first[string] = UInt32(code)
            return UInt32(code)
        }
    }
}

/// An open-addressing hash table from byte strings to codes, the strings kept by the caller
/// (the table holds codes only and asks for a code's bytes to compare).
struct ByteHashTable {
    private var slots: [UInt32] = [UInt32](repeating: UInt32.max, count: 64)
    private var hashes: [UInt64] = []
    private var used = 0

    /// The code of `bytes`: an existing one's, or `code` (added) when they are new. `bytesOf`
    /// gives an existing code's bytes.
    mutating func insert(
        _ bytes: UnsafeBufferPointer<UInt8>, code: UInt32, bytesOf: (UInt32) -> UnsafeBufferPointer<UInt8>
    ) -> UInt32 {
        let hash = Self.hash(bytes)
        let (slot, existing) = place(of: bytes, hash: hash, bytesOf: bytesOf)
        if let existing { return existing }
        slots[slot] = code
        hashes.append(hash)
        used += 1
        if used * 2 > slots.count { grow() }
        return code
    }

    /// The code of `bytes`, or nil when they were never inserted. `bytesOf` gives an existing
    /// code's bytes.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, bytesOf: (UInt32) -> UnsafeBufferPointer<UInt8>) -> UInt32? {
        place(of: bytes, hash: Self.hash(bytes), bytesOf: bytesOf).existing
    }

    /// The slot holding the code of `bytes` (whose hash is `hash`) and that code, or the empty
    /// slot where it would go and nil.
    @inline(__always) private func place(
        of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, bytesOf: (UInt32) -> UnsafeBufferPointer<UInt8>
    ) -> (slot: Int, existing: UInt32?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != UInt32.max {
            let existing = slots[slot]
            if hashes[Int(existing)] == hash, Self.equal(bytesOf(existing), bytes) { return (slot, existing) }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }

    private mutating func grow() {
        let mask = slots.count * 2 - 1
        var grown = [UInt32](repeating: UInt32.max, count: slots.count * 2)
        for code in slots where code != UInt32.max {
            var slot = Int(truncatingIfNeeded: hashes[Int(code)]) & mask
            while grown[slot] != UInt32.max { slot = (slot + 1) & mask }
            grown[slot] = code
        }
        slots = grown
    }

    /// Whether two byte strings are the same bytes.
    @inline(__always) static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
    }

    /// A 64-bit hash of the bytes, eight at a time.
    @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash &>> 32
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < raw.count {
            tail |= UInt64(raw[index]) &<< shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash &>> 29)
    }
}
