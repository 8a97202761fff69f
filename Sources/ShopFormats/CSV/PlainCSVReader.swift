import ShopValues

/// Reads CSV text one row at a time into an array of records: the plain reader, which the
/// table reader (``CSVTableReader``) must agree with value for value (the fuzz harness
/// compares them), and which words every CSV error with its line and column.
///
/// Cells may be quoted (`"a, b"`, `""` for a quote, line breaks inside); lines end in LF,
/// CRLF or CR; a UTF-8 byte order mark is skipped; blank lines are skipped. Columns are typed
/// by ``CSVColumnTyping``. A row with another number of cells than the header (unless
/// flexible), a repeated header name, an unclosed quote or text after a closing quote is an
/// error naming its line and column. All records share one ``FieldNames``.
enum PlainCSVReader {
    /// The records of the CSV in `buffer`, and the field names.
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, options: CSVOptions) throws(CSVError)
        -> (fields: [String], records: [Value])
    {
        var scanner = CSVScanner(buffer, separator: options.separator)
        var cells: [CSVScanner.Cell] = []
        var header: [[UInt8]] = []
        var headerColumns: [Int] = []
        if options.hasHeader {
            guard try scanner.nextRow(into: &cells, expected: nil, keepingColumns: true) else { return ([], []) }
            header = cells.map(\.text)
            headerColumns = scanner.cellColumns
        }
        let headerLine = scanner.rowLine
        var rows: [[CSVScanner.Cell]] = []
        var width = header.count
        // Without a header, the first row sets the count of cells the others must have.
        while try scanner.nextRow(
            into: &cells, expected: options.isFlexible ? nil : options.hasHeader ? header.count : rows.first?.count)
        {
            width = max(width, cells.count)
            rows.append(cells)
        }
        let fields: [String]
        switch CSVHeader.names(header, width: width) {
        case .success(let names): fields = names
        case .failure(let repeated):
            throw CSVError(
                line: headerLine, column: headerColumns[repeated.cell - 1],
                problem: .repeatedHeader(name: repeated.name, firstCell: repeated.firstCell, cell: repeated.cell))
        }
        var kinds: [ColumnKind] = []
        for column in 0..<width {
            var traits: CSVColumnTyping.Traits = []
            for row in rows where column < row.count {
                let cell = row[column]
                if cell.isQuoted {
                    traits.insert(.quoted)
                } else if !cell.text.isEmpty {
                    traits.formUnion(cell.text.withUnsafeBufferPointer(CSVColumnTyping.traits(ofUnquoted:)))
                }
            }
            kinds.append(CSVColumnTyping.kind(of: traits, infersTypes: options.infersTypes))
        }
        let names = FieldNames(fields)
        let records = rows.map { row in
            Value.record(
                Record(
                    names: names,
                    values: (0..<width).map { column in
                        guard column < row.count else { return .null }
                        return row[column].text.withUnsafeBufferPointer {
                            CSVColumnTyping.value(of: $0, isQuoted: row[column].isQuoted, kind: kinds[column])
                        }
                    }))
        }
        return (fields, records)
    }
}
