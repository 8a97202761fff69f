/// The bytes ``JSONWriter`` writes, in one growing allocation: an append is a capacity check
/// and a copy (cheaper than an array's `append(contentsOf:)` of a buffer); the names of
/// records are quoted once for each shape (``JSONKeys``).
///
/// The rule every method keeps: `start` owns `capacity` bytes, the first `count` of them
/// written; an append makes room first (``grow(toFit:)``), so no byte is written past
/// `capacity` and none is read past `count`. Being `~Copyable`, one value owns the allocation,
/// freed once in `deinit`.
struct JSONOutput: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// The names of the record last written, and where their keys are (``JSONKeys``, which
    /// the names keep alive).
    private var keyedNames: FieldNames?
    private var keyBytes: UnsafePointer<UInt8>?
    private var keyEnds: UnsafePointer<Int>?

    init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// The bytes written so far, as text.
    var text: String {
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Calls `body` with the bytes written so far.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: start, count: count))
    }

    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        start[count] = byte
        count += 1
    }

    /// Appends `bytes`; up to sixteen without a call to `memmove` (the call cost more than the
    /// copy for the 12,000 member names of 1,500 news items).
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        if capacity - count < length { grow(toFit: length) }
        let target = start + count
        if length > 16 {
            target.update(from: source, count: length)
        } else if length >= 8 {
            // The first word and the last, which overlap when there are fewer than sixteen.
            let (from, to) = (UnsafeRawPointer(source), UnsafeMutableRawPointer(target))
            let last = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(of: last, toByteOffset: length - 8, as: UInt64.self)
        } else {
            for offset in 0..<length { target[offset] = source[offset] }
        }
        count += length
    }

    /// Appends `input` in quotes when none of its bytes needs an escape, checking them eight
    /// at a time as it copies them (a pass to check and a `memcpy` after took twice as long);
    /// otherwise appends nothing and answers false.
    mutating func appendQuotedIfPlain(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = input.count
        if capacity - count < length + 2 { grow(toFit: length + 2) }
        let out = start + count
        if let source = input.baseAddress {
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(out + 1)
            func copyWord(at offset: Int) -> Bool {
                let word = from.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                guard !JSONPlainBytes.needsEscape(UInt64(littleEndian: word)) else { return false }
                to.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                return true
            }
            if length >= 8 {
                var offset = 0
                while length - offset >= 8 {
                    guard copyWord(at: offset) else { return false }
                    offset += 8
                }
                // The last bytes as the word that ends with them, overlapping the one before.
                if offset < length, !copyWord(at: length - 8) { return false }
            } else {
                for offset in 0..<length {
                    let byte = source[offset]
                    guard byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0x7F, byte != 0xC2 else { return false }
                    out[1 + offset] = byte
                }
            }
        }
        out[0] = 0x22
        out[length + 1] = 0x22
        count += length + 2
        return true
    }

    /// Appends `input` in quotes as it is: the caller knows no byte of it needs an escape.
    package mutating func appendQuoted(plain input: UnsafeBufferPointer<UInt8>) {
        if capacity - count < input.count + 2 { grow(toFit: input.count + 2) }
        start[count] = 0x22
        count += 1
        append(input)
        start[count] = 0x22
        count += 1
    }

    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `"name":` (with a space after the colon when `spaced`) for the name at `index` of `names`.
    @inline(__always)
    mutating func appendKey(_ index: Int, of names: FieldNames, spaced: Bool) {
        if keyedNames !== names {
            let keys = names.jsonKeys
            (keyedNames, keyBytes, keyEnds) = (names, keys.bytes, keys.ends)
        }
        guard let keyBytes, let keyEnds else { return }
        let keyStart = index == 0 ? 0 : keyEnds[index - 1]
        append(UnsafeBufferPointer(start: keyBytes + keyStart, count: keyEnds[index] - keyStart))
        if spaced { append(UInt8(ascii: " ")) }
    }

    private mutating func grow(toFit extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }
}
