/// Finds the suggestion for a line: the newest history entry that starts with it and goes on
/// past it (compared byte by byte, exactly as typed).
///
/// Typing goes on from the last search: an entry newer than the last one found did not start
/// with the shorter line, so it cannot start with the longer one.
struct HistorySuggestions {
    private var line: [UInt8] = []
    /// The position of the entry found for ``line``; nil when none was.
    private var found: Int?
    private var version = -1

    /// The rest of the newest entry of `history` that starts with `text` and goes on past it;
    /// nil when none does (or `text` is empty).
    mutating func remainder(after text: String, in history: RecallableHistory) -> Substring? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        var searchFrom: Int?
        if version == history.version, !line.isEmpty, bytes.starts(with: line) {
            guard let found else { return remember(bytes, found: nil, version: history.version) }
            if Self.extends(history.entries[found], bytes) {
                return remember(bytes, found: found, version: history.version, in: history)
            }
            searchFrom = found
        }
        let match = history.positionsNewestFirst(before: searchFrom).first { Self.extends(history.entries[$0], bytes) }
        return remember(bytes, found: match, version: history.version, in: history)
    }

    private static func extends(_ entry: String, _ bytes: [UInt8]) -> Bool {
        entry.utf8.count > bytes.count && entry.utf8.starts(with: bytes)
    }

    private mutating func remember(
        _ bytes: [UInt8], found match: Int?, version: Int, in history: RecallableHistory? = nil
    ) -> Substring? {
        line = bytes
        found = match
        self.version = version
        guard let match, let history else { return nil }
        let entry = history.entries[match]
        return entry[entry.utf8.index(entry.startIndex, offsetBy: bytes.count)...]
    }
}
