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
        let parts = bytes.count < CSVTableReader.minimumParallelBytes ? 1 : ParallelParts.count
        let starts = partStarts(bytes, parts: parts)
        let read = try await ParallelParts.map(starts.count) { part in
            readPart(bytes, from: starts[part], to: part + 1 < starts.count ? starts[part + 1] : bytes.count)
        }
        return try joined(read, bytes: bytes, starts: starts)
    }

    /// The values of the lines of `bytes`, read in one part.
    public static func read(_ bytes: [UInt8]) throws(JSONLinesError) -> ValueList {
        try joined([readPart(bytes, from: 0, to: bytes.count)], bytes: bytes, starts: [0])
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
            var lineStart = start
            var lines = 0
            while lineStart < end {
                lines += 1
                if lines % ParallelParts.rowsBetweenChecks == 0, Task.isCancelled { return }
                var reader = JSONTableReader(source: bytes, bytes: buffer, position: lineStart)
                reader.skipWhitespace()
                var lineEnd = lineStart
                while lineEnd < end, buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
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
                    reader.skipWhitespace()
                    guard reader.position == min(lineEnd + 1, end) || reader.position == lineEnd else {
                        throw JSONTableReader.Refusal()
                    }
                } catch {
                    part.failedLine = lineStart
                    return
                }
                lineStart = lineEnd + 1
            }
        }
        return part
    }

    /// The parts' values as one list; the first bad line's error.
    private static func joined(_ parts: [Part], bytes: [UInt8], starts: [Int]) throws(JSONLinesError) -> ValueList {
        if let failed = parts.lazy.compactMap(\.failedLine).first { throw error(atLine: failed, in: bytes) }
        if parts.allSatisfy({ $0.values == nil }) {
            let count = parts.reduce(0) { $0 + $1.rows.count }
            if count >= JSONTableReader.minimumTableRows, let table = RowsBuilder.joined(parts.map(\.rows)) {
                return ValueList(table)
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
