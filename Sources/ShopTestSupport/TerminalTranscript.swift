import ShopPluginAPI

/// Everything read from a terminal, kept raw and with escape sequences removed, with a read
/// position in each so successive waits look only at new output.
struct TerminalTranscript {
    private(set) var raw: [UInt8] = []
    private(set) var stripped: [UInt8] = []
    private var rawPosition = 0
    private var strippedPosition = 0
    private var stripper = EscapeStripper()

    mutating func append(_ bytes: some Collection<UInt8>) {
        raw.append(contentsOf: bytes)
        for byte in bytes { stripper.feed(byte, into: &stripped) }
    }

    /// Finds `text` after the read position; on success returns the output up to and including
    /// it and moves the read position past it.
    mutating func consume(through text: String, stripped useStripped: Bool) -> String? {
        let needle = Array(text.utf8)
        let haystack = useStripped ? stripped : raw
        let start = useStripped ? strippedPosition : rawPosition
        guard let end = Self.end(of: needle, in: haystack, from: start) else { return nil }
        if useStripped { strippedPosition = end } else { rawPosition = end }
        return String(decoding: haystack[start..<end], as: UTF8.self)
    }

    private static func end(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty else { return start }
        guard haystack.count - start >= needle.count else { return nil }
        for offset in start...(haystack.count - needle.count)
        where haystack[offset] == needle[0] && haystack[offset..<(offset + needle.count)].elementsEqual(needle) {
            return offset + needle.count
        }
        return nil
    }
}
