#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands back the `String` made for the same text a moment ago, so a catalog whose titles
/// repeat ("Window cleaning" in a thousand districts) stores each title once instead of once
/// per service.
///
/// A direct-mapped cache of ``slotCount`` strings found by a hash of the bytes: when the slot
/// holds the same bytes its string is returned (strings share their storage), otherwise a new
/// string takes the slot. Text that never repeats costs a hash and a comparison per string.
/// Text of up to 15 UTF-8 bytes is stored inside the `String` value itself and is not cached.
struct TextDeduplicator {
    /// How many strings are remembered.
    static let slotCount = 4096

    private var hashes = [UInt64](repeating: 0, count: slotCount)
    private var strings = [String](repeating: "", count: slotCount)

    /// The text of `bytes` (UTF-8, repaired like `String(decoding:as:)`).
    mutating func string(for bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15, let base = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
        let hash = ByteHash.of(bytes)
        let slot = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
        if hashes[slot] == hash {
            var cached = strings[slot]
            let isSame = cached.withUTF8 { stored in
                stored.count == bytes.count && stored.baseAddress.map { memcmp($0, base, bytes.count) == 0 } == true
            }
            if isSame { return cached }
        }
        let string = String(decoding: bytes, as: UTF8.self)
        hashes[slot] = hash
        strings[slot] = string
        return string
    }
}
