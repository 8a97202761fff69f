import ShopValues

/// Reads a JSON file's one value, on every core when it is a big list of objects (the common
/// shape of a data file): the list is cut into parts at likely item starts, each read into a
/// table of its own, and the tables joined.
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
        if parts > 1, let itemsStart = firstItemStart(bytes),
            let value = try await readList(bytes, itemsStart: itemsStart, parts: parts)
        {
            return value
        }
        try Task.checkCancellation()
        return try Value(json: bytes)
    }

    /// Where the first item starts when the value is a list whose first item is an object.
    private static func firstItemStart(_ bytes: [UInt8]) -> Int? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        skipWhitespace(bytes, &index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        skipWhitespace(bytes, &index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        return index
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
    private static func readList(_ bytes: [UInt8], itemsStart: Int, parts: Int) async throws -> Value? {
        var guesses = [itemsStart]
        for part in 1..<parts {
            let target = itemsStart + (bytes.count - itemsStart) * part / parts
            if let start = likelyItemStart(bytes, after: max(target, guesses[guesses.count - 1] + 1)) {
                guesses.append(start)
            }
        }
        let starts = guesses
        var read = try await ParallelParts.map(starts.count) { part in
            readPart(bytes, from: starts[part], stop: part + 1 < starts.count ? starts[part + 1] : bytes.count)
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
                let rest = readPart(bytes, from: part.end, stop: bytes.count)
                guard !rest.refused else { return nil }
                used.append(rest.rows)
                last = (rest.end, rest.reachedEnd)
                break
            }
        }
        guard let last, last.reachedEnd else { return nil }
        var end = last.end + 1
        skipWhitespace(bytes, &end)
        read = []
        guard end == bytes.count, let table = RowsBuilder.joined(consume used) else { return nil }
        return .list(ValueList(table))
    }

    /// Reads items from `start` (an object's start) until the next starts at or after `stop`,
    /// or the list ends.
    private static func readPart(_ bytes: [UInt8], from start: Int, stop: Int) -> Part {
        var part = Part(rows: RowsBuilder(source: bytes), end: start, reachedEnd: false, refused: false)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONTableReader(source: bytes, bytes: buffer, position: start, depth: 1)
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
