/// Reads CSV text (RFC 4180) into a list of records named by its header row.
///
/// Cells may be quoted (`"a, b"`, `""` for a quote, line breaks inside); lines end in LF,
/// CRLF or CR; a UTF-8 byte order mark is skipped; blank lines are skipped. Cells are typed
/// as words are: an unquoted integer or decimal becomes a number (except digits with a
/// leading zero, such as `007`, which stay text), an unquoted empty cell is null, everything
/// else — every quoted cell included — is a string. A row with another number of cells than
/// the header, a repeated header name, an unclosed quote or text after a closing quote is an
/// error naming its line and column. All records share one ``FieldNames``.
///
/// ```swift
/// let rows = try CSVReader.read(Array("name,qty\nbolt,12\n".utf8))   // [{name: "bolt", qty: 12}]
/// ```
public enum CSVReader {
    /// The records of the CSV in `bytes`.
    public static func read(_ bytes: [UInt8]) throws(CSVError) -> [Value] {
        let outcome: Result<[Value], CSVError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(CSVError) in try read(buffer) }
        }
        return try outcome.get()
    }

    /// The records of the CSV in `buffer`.
    public static func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(CSVError) -> [Value] {
        var scanner = CSVScanner(buffer)
        guard let header = try scanner.nextRow() else { return [] }
        let names = try headerNames(header, scanner: scanner)
        let shared = FieldNames(names)
        var rows: [Value] = []
        rows.reserveCapacity(max(16, buffer.count / max(1, scanner.position) / 2))
        var cells: [Value] = []
        while try scanner.nextRow(into: &cells, expecting: names.count) {
            rows.append(.record(Record(names: shared, values: cells)))
            cells = []
        }
        return rows
    }

    /// The header's names: its cells as text, an empty one named by its place (`column3`);
    /// a repeated name is an error.
    private static func headerNames(_ cells: [Value], scanner: CSVScanner) throws(CSVError) -> [String] {
        var names: [String] = []
        var seen: [String: Int] = [:]
        for (index, cell) in cells.enumerated() {
            let name = cell.isNull ? "column\(index + 1)" : cell.plainText
            if let first = seen[name] {
                throw CSVError(
                    line: scanner.rowLine, column: scanner.column(ofHeaderCell: index),
                    problem: .repeatedHeader(name: name, firstCell: first + 1, cell: index + 1))
            }
            seen[name] = index
            names.append(name)
        }
        return names
    }
}
