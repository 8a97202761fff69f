import ShopValues

/// A CSV file's bytes and where its rows start, from which a table's columns are read when
/// first needed (``SourceColumnCells``): a column is parsed only when a verb asks for it, and
/// text columns are spans of these bytes, never copied.
final class CSVSource: ColumnSource {
    /// The file's bytes.
    let bytes: [UInt8]
    let options: CSVOptions
    /// Where each row starts.
    let rowStarts: ByteOffsets
    /// The kind of each column.
    let kinds: [ColumnKind]

    init(bytes: [UInt8], options: CSVOptions, rowStarts: ByteOffsets, kinds: [ColumnKind]) {
        self.bytes = bytes
        self.options = options
        self.rowStarts = rowStarts
        self.kinds = kinds
    }

    var rowCount: Int { rowStarts.count }

    /// The value of column `column` in row `row`, reading that cell alone.
    func value(row: Int, column: Int) -> Value {
        bytes.withUnsafeBufferPointer { buffer in
            let tokenizer = CSVTokenizer(buffer, separator: options.separator)
            var position = rowStarts[row]
            var index = 0
            while true {
                // The rows were read whole before: every cell is well formed.
                guard let cell = tokenizer.cell(at: &position) else { return .null }
                if index == column {
                    if cell.hasDoubledQuotes {
                        return tokenizer.unescaped(cell).withUnsafeBufferPointer {
                            CSVColumnTyping.value(of: $0, isQuoted: true, kind: kinds[column])
                        }
                    }
                    return CSVColumnTyping.value(
                        of: tokenizer.bytes(of: cell), isQuoted: cell.isQuoted, kind: kinds[column])
                }
                index += 1
                guard tokenizer.nextCell(&position) else { return .null }
            }
        }
    }

    func read(columns: [Int], rows: Range<Int>, stoppingWhenCancelled: Bool) -> [ColumnBuilder] {
        var builders = columns.map { ColumnBuilder(source: bytes, kind: kinds[$0]) }
        for index in builders.indices { builders[index].reserveCapacity(rows.count) }
        guard let last = columns.max(), !rows.isEmpty else { return builders }
        var slots = [Int](repeating: -1, count: last + 1)
        for (slot, column) in columns.enumerated() { slots[column] = slot }
        bytes.withUnsafeBufferPointer { buffer in
            let tokenizer = CSVTokenizer(buffer, separator: options.separator)
            for row in rows {
                // A cancelled read stops here; its caller throws and drops what was read.
                if stoppingWhenCancelled, row & (ParallelParts.rowsBetweenChecks - 1) == 0, Task.isCancelled { break }
                var position = rowStarts[row]
                var index = 0
                while index <= last {
                    guard let cell = tokenizer.cell(at: &position) else { break }
                    let slot = slots[index]
                    if slot >= 0 { Self.append(cell, of: tokenizer, kind: kinds[index], to: &builders[slot]) }
                    index += 1
                    guard tokenizer.nextCell(&position) else { break }
                }
                // A short row of a flexible file: its missing cells are null.
                while index <= last {
                    if slots[index] >= 0 { builders[slots[index]].appendNull() }
                    index += 1
                }
            }
        }
        return builders
    }

    /// Adds one cell to a column of `kind`: the file's types were settled before, so every
    /// cell fits its column.
    @inline(__always) private static func append(
        _ cell: CSVTokenizer.Cell, of tokenizer: CSVTokenizer, kind: ColumnKind, to builder: inout ColumnBuilder
    ) {
        if !cell.isQuoted, cell.start == cell.end { return builder.appendNull() }
        switch kind {
        case .string:
            if cell.hasDoubledQuotes {
                tokenizer.unescaped(cell).withUnsafeBufferPointer { builder.append(stringBytes: $0) }
            } else {
                builder.append(sourceRange: cell.start..<cell.end, isASCII: tokenizer.isASCII(cell))
            }
        case .int:
            let text = tokenizer.bytes(of: cell)
            guard case .int(let int, let canonical)? = NumberSpelling.read(text) else { return builder.appendNull() }
            builder.append(int: int, text: canonical ? nil : String(decoding: text, as: UTF8.self))
        case .double:
            let text = tokenizer.bytes(of: cell)
            switch NumberSpelling.read(text) {
            case .int(let int, _)?:
                builder.append(
                    double: CSVColumnTyping.wholeDouble(int, negative: text[0] == UInt8(ascii: "-")), fractionDigits: 0)
            case .double(let double, .canonical)?: builder.append(double: double, text: nil)
            case .double(let double, .fractionDigits(let digits))?:
                builder.append(double: double, fractionDigits: digits)
            case .double(let double, .other)?:
                builder.append(double: double, text: String(decoding: text, as: UTF8.self))
            case .integerTooLarge?, nil: builder.appendNull()
            }
        case .bool:
            builder.append(bool: tokenizer[cell.start] == UInt8(ascii: "t"))
        case .values:
            if cell.hasDoubledQuotes {
                builder.append(
                    tokenizer.unescaped(cell).withUnsafeBufferPointer {
                        CSVColumnTyping.value(of: $0, isQuoted: true, kind: .values)
                    })
            } else {
                builder.append(
                    CSVColumnTyping.value(of: tokenizer.bytes(of: cell), isQuoted: cell.isQuoted, kind: .values))
            }
        }
    }
}
