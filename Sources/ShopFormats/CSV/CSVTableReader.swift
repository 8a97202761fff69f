import ShopValues

/// Reads CSV text into a table (see docs/TABLES.md): one pass finds the rows and settles each
/// column's type, on every core for a big file; the columns are parsed later, when a verb
/// first needs them (``CSVSource``).
///
/// Anything it does not take — a malformed file, a repeated header name, a ragged row — is
/// read again by ``PlainCSVReader``, whose error names the line and column; the two agree on
/// every file either takes (the fuzz harness compares them).
///
/// ```swift
/// let rows = try await CSVTableReader.read(Array("name,qty\nbolt,12\n".utf8))   // [{name: "bolt", qty: 12}]
/// ```
public enum CSVTableReader {
    /// The records of the CSV in `bytes`, as a table; throws a ``CSVError``, or
    /// `CancellationError` when the task is cancelled. Files of a few megabytes and more are
    /// read in parts on every core.
    public static func read(_ bytes: [UInt8], options: CSVOptions = CSVOptions()) async throws -> ValueList {
        try await read(bytes, options: options, parts: bytes.count < minimumParallelBytes ? 1 : ParallelParts.count)
    }

    /// The records of the CSV in `bytes`, as a table, read in one part.
    public static func read(_ bytes: [UInt8], options: CSVOptions = CSVOptions()) throws(CSVError) -> ValueList {
        let header: Header
        switch readHeader(bytes, options: options) {
        case .empty: return ValueList()
        case .failed: throw plainError(bytes, options: options)
        case .read(let read): header = read
        }
        let scan = scanRows(
            bytes, options: options, header: header, from: header.bodyStart, stop: bytes.count,
            checksCancellation: false)
        guard !scan.failed, scan.end == bytes.count else { throw plainError(bytes, options: options) }
        return try table(bytes, options: options, header: header, scans: [scan])
    }

    /// Files this large and more are read in parts.
    static let minimumParallelBytes = 4 << 20

    static func read(_ bytes: [UInt8], options: CSVOptions, parts: Int) async throws -> ValueList {
        let header: Header
        switch readHeader(bytes, options: options) {
        case .empty: return ValueList()
        case .failed: throw plainError(bytes, options: options)
        case .read(let read): header = read
        }
        let starts = try await partStarts(bytes, options: options, from: header.bodyStart, parts: parts)
        var scans = try await ParallelParts.map(starts.count) { part in
            scanRows(
                bytes, options: options, header: header, from: starts[part],
                stop: part + 1 < starts.count ? starts[part + 1] : bytes.count, checksCancellation: true)
        }
        try Task.checkCancellation()
        // A part counts when the one before it stopped exactly at its start; else the part
        // before read on past it, and the rest is read again from where it stopped.
        for part in scans.indices {
            guard !scans[part].failed else { throw plainError(bytes, options: options) }
            if part + 1 < scans.count, scans[part].end != starts[part + 1] {
                scans.removeSubrange((part + 1)...)
                try Task.checkCancellation()
                scans.append(
                    scanRows(
                        bytes, options: options, header: header, from: scans[part].end, stop: bytes.count,
                        checksCancellation: true))
                try Task.checkCancellation()
                guard let last = scans.last, !last.failed else { throw plainError(bytes, options: options) }
                break
            }
        }
        return try table(bytes, options: options, header: header, scans: scans)
    }

    /// The header row as read: its cells' texts, how many cells a row must have (nil when
    /// any count will do), and where the rows after it start.
    struct Header {
        var cells: [[UInt8]]
        var expectedCells: Int?
        var bodyStart: Int
    }

    private enum HeaderReading {
        case empty
        case failed
        case read(Header)
    }

    /// The first row: the header's names, or (without a header) the count of cells every row
    /// must have.
    private static func readHeader(_ bytes: [UInt8], options: CSVOptions) -> HeaderReading {
        bytes.withUnsafeBufferPointer { buffer in
            guard !buffer.isEmpty else { return .empty }
            let tokenizer = CSVTokenizer(buffer, separator: options.separator)
            var position = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
            tokenizer.skipLineBreaks(&position)
            guard position < buffer.count else { return .empty }
            let rowStart = position
            var cells: [[UInt8]] = []
            repeat {
                guard let cell = tokenizer.cell(at: &position) else { return .failed }
                cells.append(cell.hasDoubledQuotes ? tokenizer.unescaped(cell) : Array(tokenizer.bytes(of: cell)))
            } while tokenizer.nextCell(&position)
            tokenizer.skipLineBreaks(&position)
            if options.hasHeader {
                return .read(
                    Header(cells: cells, expectedCells: options.isFlexible ? nil : cells.count, bodyStart: position))
            }
            return .read(Header(cells: [], expectedCells: options.isFlexible ? nil : cells.count, bodyStart: rowStart))
        }
    }

    /// Where each part's rows likely start: after the first line break past an even share of
    /// the bytes at which the quotes before are even (confirmed later).
    private static func partStarts(_ bytes: [UInt8], options: CSVOptions, from start: Int, parts: Int) async throws
        -> [Int]
    {
        guard parts > 1, start < bytes.count else { return [start] }
        let cuts = (0...parts).map { start + (bytes.count - start) * $0 / parts }
        let quotes = try await ParallelParts.map(parts) { part in
            bytes.withUnsafeBufferPointer {
                CSVTokenizer($0, separator: options.separator).quotes(in: cuts[part]..<cuts[part + 1])
            }
        }
        var starts = [start]
        var quotesBefore = 0
        bytes.withUnsafeBufferPointer { buffer in
            let tokenizer = CSVTokenizer(buffer, separator: options.separator)
            for part in 1..<parts {
                quotesBefore += quotes[part - 1]
                guard let next = tokenizer.likelyRowStart(after: cuts[part], quotesBefore: quotesBefore),
                    let last = starts.last, next > last
                else { continue }
                starts.append(next)
            }
        }
        return starts
    }

    /// What one part's scan found.
    struct RowScan: Sendable {
        var rowStarts: ByteOffsets
        var traits: [CSVColumnTyping.Traits] = []
        /// The most cells a row had.
        var width = 0
        /// Where the scan stopped: the start of the first row at or after its stop.
        var end = 0
        /// Whether a cell was malformed, or a row had another count of cells than it must.
        var failed = false
    }

    /// Scans the rows from `start` (a row start) until one starts at or after `stop`: their
    /// starts, cell counts and the look of each column's cells. With `checksCancellation`, a
    /// cancelled task stops it early (its caller then throws).
    static func scanRows(
        _ bytes: [UInt8], options: CSVOptions, header: Header, from start: Int, stop: Int, checksCancellation: Bool
    ) -> RowScan {
        var scan = RowScan(rowStarts: ByteOffsets(below: bytes.count))
        scan.width = header.cells.count
        scan.traits = [CSVColumnTyping.Traits](repeating: [], count: scan.width)
        var position = start
        bytes.withUnsafeBufferPointer { buffer in
            guard !buffer.isEmpty else { return }
            let tokenizer = CSVTokenizer(buffer, separator: options.separator)
            var rows = 0
            while position < stop, position < buffer.count {
                rows += 1
                if checksCancellation, rows % ParallelParts.rowsBetweenChecks == 0, Task.isCancelled { break }
                scan.rowStarts.append(position)
                var column = 0
                repeat {
                    guard let cell = tokenizer.cell(at: &position) else {
                        scan.failed = true
                        return
                    }
                    if column == scan.width {
                        scan.width += 1
                        scan.traits.append([])
                    }
                    if options.infersTypes, !scan.traits[column].contains(.text) {
                        let seen: CSVColumnTyping.Traits =
                            if cell.isQuoted {
                                .quoted
                            } else if cell.start < cell.end {
                                CSVColumnTyping.traits(ofUnquoted: tokenizer.bytes(of: cell))
                            } else {
                                []
                            }
                        // Written only when new: most cells look like the ones before them.
                        if !scan.traits[column].isSuperset(of: seen) { scan.traits[column].formUnion(seen) }
                    }
                    column += 1
                } while tokenizer.nextCell(&position)
                if let expected = header.expectedCells, column != expected {
                    scan.failed = true
                    return
                }
                tokenizer.skipLineBreaks(&position)
            }
        }
        scan.end = position
        return scan
    }

    /// The table the scans of the parts, in order, describe.
    private static func table(_ bytes: [UInt8], options: CSVOptions, header: Header, scans: [RowScan]) throws(CSVError)
        -> ValueList
    {
        let width = scans.map(\.width).max() ?? header.cells.count
        let fields: [String]
        switch CSVHeader.names(header.cells, width: width) {
        case .success(let names): fields = names
        case .failure: throw plainError(bytes, options: options)
        }
        var traits = [CSVColumnTyping.Traits](repeating: [], count: width)
        for scan in scans {
            for (column, seen) in scan.traits.enumerated() { traits[column].formUnion(seen) }
        }
        let kinds = traits.map { CSVColumnTyping.kind(of: $0, infersTypes: options.infersTypes) }
        let source = CSVSource(
            bytes: bytes, options: options, rowStarts: ByteOffsets.joined(scans.map(\.rowStarts), below: bytes.count),
            kinds: kinds)
        return ValueList(RecordTable(fields: fields, source: source))
    }

    /// The error the plain reader gives for `bytes`, which the table reader did not take.
    private static func plainError(_ bytes: [UInt8], options: CSVOptions) -> CSVError {
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(CSVError) in try PlainCSVReader.read(buffer, options: options) }
        }
        switch outcome {
        case .failure(let error): return error
        // The two readers disagree: a bug, reported rather than hidden.
        case .success: return CSVError(line: 1, column: 1, problem: .unreadable)
        }
    }
}
