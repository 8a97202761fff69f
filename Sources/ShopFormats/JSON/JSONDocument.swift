import ShopValues

/// Reads a JSON file's one value, on every core when it is a big list of objects (the common
/// shape of a data file), at the top or as the one member of the top object (`{"items": […]}`,
/// as APIs wrap their answers): the list is cut into parts at likely item starts, each read
/// into a table of its own, and the tables joined.
///
/// A cut is guessed at `}`, `,`, `{` (white space between) and trusted only when the part
/// before it, read from a trusted start, stops exactly there; else the part before reads on
/// and the rest is read again from where it stopped. Anything else — another shape, an error —
/// is read by `Value(json:)` in one pass, whose errors name the path, line and column.
public enum JSONDocument {
    /// The value of the JSON in `bytes`; throws a ``JSONError``, or `CancellationError` when
    /// the task is cancelled.
    public static func read(_ bytes: [UInt8]) async throws -> Value {
        try await read(bytes, parts: bytes.count < CSVTableReader.minimumParallelBytes ? 1 : ParallelParts.count)
    }

    /// The value of the JSON in `bytes`, a list of objects read in `parts` parts at most.
    static func read(_ bytes: [UInt8], parts: Int) async throws -> Value {
        if parts > 1, let place = ListPlace(bytes),
            let list = try await readList(bytes, place: place, parts: parts)
        {
            return place.memberName.map { .record(Record(pairs: [($0, list)])) } ?? list
        }
        try Task.checkCancellation()
        return try Value(json: bytes)
    }

    /// Where a list whose first item is an object sits: the whole value, or the value of the
    /// top object's first member (which must then be its only one).
    private struct ListPlace {
        /// Where the first item starts.
        let itemsStart: Int
        /// The member's name when the list is a member's value.
        let memberName: String?

        init?(_ bytes: [UInt8]) {
            var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            JSONDocument.skipWhitespace(bytes, &index)
            var memberName: String?
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                index += 1
                JSONDocument.skipWhitespace(bytes, &index)
                guard let name = JSONDocument.memberName(bytes, at: &index) else { return nil }
                JSONDocument.skipWhitespace(bytes, &index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                JSONDocument.skipWhitespace(bytes, &index)
                memberName = name
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
            index += 1
            JSONDocument.skipWhitespace(bytes, &index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
            itemsStart = index
            self.memberName = memberName
        }

        /// How deep the items are: inside the list, and the object around it.
        var depth: Int { memberName == nil ? 1 : 2 }

        /// What must follow the list's `]`: nothing, or the top object's `}`.
        var closing: [UInt8] { memberName == nil ? [] : [UInt8(ascii: "}")] }
    }

    /// The name a member key at `index` spells (read by the plain reader, escapes and all),
    /// with `index` moved past it; nil when it is not a string.
    private static func memberName(_ bytes: [UInt8], at index: inout Int) -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count, case .string(let name)? = try? Value(json: Array(bytes[index...end])) else {
            return nil
        }
        index = end + 1
        return name
    }

    /// What one part read: its rows, where it stopped (the next item's start, or the list's
    /// `]`), and whether that was the end of the list.
    private struct Part: Sendable {
        var rows: RowsBuilder
        var end: Int
        var reachedEnd: Bool
        var refused: Bool
    }

    /// The list read in parts, or nil when the parts do not take it.
    private static func readList(_ bytes: [UInt8], place: ListPlace, parts: Int) async throws -> Value? {
        let itemsStart = place.itemsStart
        var guesses = [itemsStart]
        for part in 1..<parts {
            let target = itemsStart + (bytes.count - itemsStart) * part / parts
            if let start = likelyItemStart(bytes, after: max(target, guesses[guesses.count - 1] + 1)) {
                guesses.append(start)
            }
        }
        let starts = guesses
        var read = try await ParallelParts.map(starts.count) { part in
            readPart(
                bytes, from: starts[part], stop: part + 1 < starts.count ? starts[part + 1] : bytes.count,
                depth: place.depth)
        }
        var used: [RowsBuilder] = []
        var last: (end: Int, reachedEnd: Bool)?
        for index in read.indices {
            let part = read[index]
            guard !part.refused else { return nil }
            // Moved out, so that joining lets each column go.
            used.append(part.rows)
            read[index].rows = RowsBuilder(source: [])
            last = (part.end, part.reachedEnd)
            if part.reachedEnd { break }
            if index + 1 < read.count, part.end != starts[index + 1] {
                try Task.checkCancellation()
                let rest = readPart(bytes, from: part.end, stop: bytes.count, depth: place.depth)
                guard !rest.refused else { return nil }
                used.append(rest.rows)
                last = (rest.end, rest.reachedEnd)
                break
            }
        }
        guard let last, last.reachedEnd else { return nil }
        var end = last.end + 1
        skipWhitespace(bytes, &end)
        for byte in place.closing {
            guard end < bytes.count, bytes[end] == byte else { return nil }
            end += 1
            skipWhitespace(bytes, &end)
        }
        read = []
        guard end == bytes.count, let table = RowsBuilder.joined(consume used) else { return nil }
        return .list(ValueList(table))
    }

    /// Reads items from `start` (an object's start, `depth` deep) until the next starts at or
    /// after `stop`, or the list ends.
    private static func readPart(_ bytes: [UInt8], from start: Int, stop: Int, depth: Int) -> Part {
        var part = Part(rows: RowsBuilder(source: bytes), end: start, reachedEnd: false, refused: false)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONTableReader(source: bytes, bytes: buffer, position: start, depth: depth)
            var rows = 0
            while true {
                rows += 1
                if rows % ParallelParts.rowsBetweenChecks == 0, Task.isCancelled { return }
                reader.skipWhitespace()
                guard reader.position < buffer.count, buffer[reader.position] == UInt8(ascii: "{"),
                    (try? reader.readRow(into: &part.rows)) != nil
                else {
                    part.refused = true
                    return
                }
                reader.skipWhitespace()
                guard reader.position < buffer.count else {
                    part.refused = true
                    return
                }
                if buffer[reader.position] == UInt8(ascii: "]") {
                    part.end = reader.position
                    part.reachedEnd = true
                    return
                }
                guard buffer[reader.position] == UInt8(ascii: ",") else {
                    part.refused = true
                    return
                }
                reader.skipComma()
                if rows == JSONTableReader.rowsBeforeReserving {
                    JSONTableReader.reserveForPart(
                        &part.rows, readBytes: reader.position - start, partBytes: stop - start)
                }
                if reader.position >= stop {
                    part.end = reader.position
                    return
                }
            }
        }
        return part
    }

    /// The first `{` after `offset` that follows `}`, `,` and white space: likely an item's start.
    private static func likelyItemStart(_ bytes: [UInt8], after offset: Int) -> Int? {
        var index = offset
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "}") {
                var next = index + 1
                skipWhitespace(bytes, &next)
                if next < bytes.count, bytes[next] == UInt8(ascii: ",") {
                    next += 1
                    skipWhitespace(bytes, &next)
                    if next < bytes.count, bytes[next] == UInt8(ascii: "{") { return next }
                }
            }
            index += 1
        }
        return nil
    }

    private static func skipWhitespace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
    }
}
