import ShopValues

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads JSON Lines (`.jsonl`, `.ndjson`): one JSON value a line, blank lines skipped. When
/// every line is an object the result is a table (as ``JSONTableReader`` makes them), else a
/// list of the values. A big input is cut at line breaks into parts read on every core.
///
/// ```swift
/// let rows = try await JSONLinesReader.read(Array("{\"a\":1}\n{\"a\":2}\n".utf8))   // [{a: 1}, {a: 2}]
/// ```
public enum JSONLinesReader {
    /// The values of the lines of `bytes`; throws a ``JSONLinesError`` naming the first bad
    /// line, or `CancellationError` when the task is cancelled.
    public static func read(_ bytes: [UInt8]) async throws -> ValueList {
        try await read(bytes, parts: bytes.count < CSVTableReader.minimumParallelBytes ? 1 : ParallelParts.count)
    }

    /// The values of the lines of `bytes`, read in `parts` parts at most.
    static func read(_ bytes: [UInt8], parts: Int) async throws -> ValueList {
        let starts = partStarts(bytes, parts: parts)
        let read = try await ParallelParts.map(starts.count) { part in
            readPart(bytes, from: starts[part], to: part + 1 < starts.count ? starts[part + 1] : bytes.count)
        }
        return try joined(read, bytes: bytes)
    }

    /// The values of the lines of `bytes`, read in one part.
    public static func read(_ bytes: [UInt8]) throws(JSONLinesError) -> ValueList {
        try joined([readPart(bytes, from: 0, to: bytes.count)], bytes: bytes)
    }

    /// What one part read: its lines' rows while they are all objects, else their values;
    /// or the offset of the first line it could not read.
    struct Part: Sendable {
        var rows: RowsBuilder
        var values: [Value]? = nil
        var failedLine: Int? = nil
    }

    /// The part starts: 0, then after the first line break past each even share of the bytes.
    private static func partStarts(_ bytes: [UInt8], parts: Int) -> [Int] {
        var starts = [0]
        for part in 1..<max(1, parts) {
            var index = max(bytes.count * part / parts, starts[starts.count - 1])
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            if index + 1 < bytes.count { starts.append(index + 1) }
        }
        return starts
    }

    /// Reads the lines from `start` (a line's start) to `end` (another's, or the end).
    static func readPart(_ bytes: [UInt8], from start: Int, to end: Int) -> Part {
        var part = Part(rows: RowsBuilder(source: bytes))
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var lineStart = start
            var lines = 0
            while lineStart < end {
                lines += 1
                if lines % ParallelParts.rowsBetweenChecks == 0, Task.isCancelled { return }
                let lineEnd =
                    memchr(base + lineStart, Int32(UInt8(ascii: "\n")), end - lineStart).map {
                        base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                    } ?? end
                var reader = JSONTableReader(source: bytes, bytes: buffer, position: lineStart)
                reader.skipWhitespace()
                if reader.position >= lineEnd {
                    lineStart = lineEnd + 1
                    continue
                }
                do throws(JSONTableReader.Refusal) {
                    if part.values == nil, buffer[reader.position] == UInt8(ascii: "{") {
                        try reader.readRow(into: &part.rows)
                    } else {
                        if part.values == nil { part.values = part.rows.records }
                        part.values?.append(try reader.readValue())
                    }
                    // The value ends on its line, and only blanks follow it there.
                    guard reader.position <= lineEnd else { throw JSONTableReader.Refusal() }
                    reader.skipWhitespace()
                    guard reader.position >= lineEnd else { throw JSONTableReader.Refusal() }
                } catch {
                    part.failedLine = lineStart
                    return
                }
                lineStart = lineEnd + 1
                if lines == JSONTableReader.rowsBeforeReserving, part.values == nil {
                    JSONTableReader.reserveForPart(&part.rows, readBytes: lineStart - start, partBytes: end - start)
                }
            }
        }
        return part
    }

    /// The parts' values as one list; the first bad line's error.
    private static func joined(_ parts: consuming [Part], bytes: [UInt8]) throws(JSONLinesError) -> ValueList {
        if let failed = parts.lazy.compactMap(\.failedLine).first { throw error(atLine: failed, in: bytes) }
        if parts.allSatisfy({ $0.values == nil }) {
            let count = parts.reduce(0) { $0 + $1.rows.count }
            if count >= JSONTableReader.minimumTableRows {
                // Moved out, so that joining lets each column go.
                var rows: [RowsBuilder] = []
                for index in parts.indices {
                    rows.append(parts[index].rows)
                    parts[index].rows = RowsBuilder(source: [])
                }
                guard RowsBuilder.fitTogether(rows) else { return ValueList(rows.flatMap(\.records)) }
                return RowsBuilder.joined(consume rows).map { ValueList($0) } ?? ValueList()
            }
        }
        var values: [Value] = []
        for part in parts { values += part.values ?? part.rows.records }
        return ValueList(values)
    }

    /// The plain reader's error for the line that starts at `start`, named by its number.
    private static func error(atLine start: Int, in bytes: [UInt8]) -> JSONLinesError {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let line = bytes[..<start].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        do {
            _ = try Value(plainJSON: Array(bytes[start..<end]))
        } catch {
            return JSONLinesError(line: line, error: error)
        }
        return JSONLinesError(
            line: line, error: JSONError(problem: .invalidValue("could not be read"), path: [], line: 1, column: 1))
    }
}

/// A line of JSON Lines that is not JSON: its number (from 1) and the JSON error within it.
public struct JSONLinesError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var error: JSONError

    public init(line: Int, error: JSONError) {
        self.line = line
        self.error = error
    }

    public var description: String {
        var inLine = error
        inLine.line = line
        return "line \(line): \(inLine)"
    }
}
