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
/// string takes the slot. Text of up to 15 UTF-8 bytes is stored inside the `String` value
/// itself and is not cached.
///
/// Text that never repeats (every title different) would cost a hash and a comparison per
/// string for nothing: when a sample of ``sampleSize`` lookups finds almost no repeats, the
/// next ``pauseLength`` strings are made without a lookup, and then it samples again.
struct TextDeduplicator {
    /// How many strings are remembered.
    static let slotCount = 4096
    /// How many lookups make a sample of how often text repeats.
    static let sampleSize = 1024
    /// How many strings are made without a lookup after a sample with almost no repeats.
    static let pauseLength = 15 * 1024

    private var hashes = [UInt64](repeating: 0, count: slotCount)
    private var strings = [String](repeating: "", count: slotCount)
    /// The lookups and repeats of the sample being taken.
    private var lookups = 0
    private var repeats = 0
    /// How many more strings to make without a lookup.
    private var paused = 0

    /// The text of `bytes` (UTF-8, repaired like `String(decoding:as:)`).
    mutating func string(for bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15, paused == 0, let base = bytes.baseAddress else {
            if bytes.count > 15 { paused -= 1 }
            return String(decoding: bytes, as: UTF8.self)
        }
        lookups += 1
        if lookups == Self.sampleSize {
            // Fewer than one repeat in 32 lookups: not worth looking for a while.
            if repeats * 32 < lookups { paused = Self.pauseLength }
            lookups = 0
            repeats = 0
        }
        let hash = ByteHash.of(bytes)
        let slot = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
        if hashes[slot] == hash {
            var cached = strings[slot]
            let isSame = cached.withUTF8 { stored in
                stored.count == bytes.count && stored.baseAddress.map { memcmp($0, base, bytes.count) == 0 } == true
            }
            if isSame {
                repeats += 1
                return cached
            }
        }
        let string = String(decoding: bytes, as: UTF8.self)
        hashes[slot] = hash
        strings[slot] = string
        return string
    }
}
