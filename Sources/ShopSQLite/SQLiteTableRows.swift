import CSQLite
import ShopValues

/// A list of records as the rows of an SQLite table: its columns are the records' fields in
/// the order first seen (a record without a field has null there), each value stored as
/// ``SQLiteStatement/bind(_:at:)`` says.
///
/// ```swift
/// let rows = try SQLiteTableRows(name: "it", records: [["id": 1, "city": "Oslo"]])
/// try connection.execute(rows.createStatement(types: rows.types(of: rows.fields)))
/// try connection.inTransaction { () throws(SQLiteFailure) in
///     try rows.insert(into: connection, columns: rows.fields) { false }
/// }
/// ```
package struct SQLiteTableRows {
    /// The table's name.
    package let name: String
    /// The records.
    package let rows: ValueList
    /// The columns: every field of the records, in the order first seen.
    package private(set) var fields: [String]

    /// The rows of table `name`: the records of `records`.
    ///
    /// - Throws: ``SQLQueryError/notRecord(table:item:got:)`` for an item that is no record,
    ///   ``SQLQueryError/fieldsAlike(table:_:_:)`` for two fields SQLite cannot tell apart.
    package init(name: String, records: ValueList) throws(SQLQueryError) {
        self.name = name
        rows = records
        var fields: [String] = []
        var seen: [String: String] = [:]
        var lastNames: FieldNames?
        for (index, item) in records.enumerated() {
            guard let record = item.recordValue else {
                throw .notRecord(table: name, item: index + 1, got: item.describedType)
            }
            if record.names === lastNames { continue }
            lastNames = record.names
            for field in record.names.names {
                // SQLite matches column names without regard to ASCII case.
                let key = field.lowercased()
                if let earlier = seen[key] {
                    guard earlier == field else { throw .fieldsAlike(table: name, earlier, field) }
                    continue
                }
                seen[key] = field
                fields.append(field)
            }
        }
        self.fields = fields
    }

    /// A table of no rows with these columns, to prepare statements against.
    package init(name: String, fields: [String]) {
        self.name = name
        rows = []
        self.fields = fields
    }

    /// The field SQLite means by `column` (matched without regard to ASCII case), if any.
    package func field(named column: String) -> String? {
        let key = column.lowercased()
        return fields.first { $0.lowercased() == key }
    }

    /// Adds a column no record has (for a table of no rows a query names columns of).
    package mutating func addColumn(_ column: String) {
        if field(named: column) == nil { fields.append(column) }
    }

    /// `CREATE TABLE "name" ("id" INTEGER, "note")`: every field a column, declared with its
    /// type in `types` (none when it has none there). A table with no fields gets one column
    /// named by the empty string, since SQLite needs one.
    package func createStatement(types: [String: SQLiteColumnType] = [:]) -> String {
        let columns = fields.isEmpty ? [""] : fields
        let declared = columns.map { field in
            let type = types[field] ?? .untyped
            return type == .untyped ? SQLiteName.quoted(field) : "\(SQLiteName.quoted(field)) \(type.rawValue)"
        }
        return "CREATE TABLE \(SQLiteName.quoted(name)) (\(declared.joined(separator: ", ")))"
    }

    /// The type of each of `columns`, from its values.
    package func types(of columns: [String]) -> [String: SQLiteColumnType] {
        var decisions = Array(repeating: SQLiteColumnType.Decision(), count: columns.count)
        var reader = ColumnReader(columns)
        for row in rows {
            reader.read(row) { column, value in decisions[column].add(value) }
        }
        var types: [String: SQLiteColumnType] = [:]
        for (column, decision) in zip(columns, decisions) { types[column] = decision.type }
        return types
    }

    /// Inserts every row into the table (made by ``createStatement(types:)``) with its
    /// values of `columns`, the other columns left null; in the caller's transaction, for
    /// speed. Asks `shouldStop` every few thousand rows, and stops with `SQLITE_INTERRUPT`
    /// when it says so.
    package func insert(into connection: SQLiteConnection, columns: [String], shouldStop: () -> Bool)
        throws(SQLiteFailure)
    {
        let table = SQLiteName.quoted(name)
        let names = columns.map(SQLiteName.quoted).joined(separator: ", ")
        let places = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        let insert =
            columns.isEmpty
            ? "INSERT INTO \(table) DEFAULT VALUES" : "INSERT INTO \(table) (\(names)) VALUES (\(places))"
        var reader = ColumnReader(columns)
        try connection.withStatement(insert) { statement throws(SQLiteFailure) in
            for (index, row) in rows.enumerated() {
                if index % Self.rowsBetweenStopChecks == 0, shouldStop() {
                    throw SQLiteFailure(code: SQLITE_INTERRUPT, message: "interrupted")
                }
                try reader.read(row) { column, value throws(SQLiteFailure) in
                    try statement.bind(value, at: Int32(column + 1))
                }
                try statement.run()
                statement.reset()
            }
        }
    }

    /// How many rows go in between two looks at whether to stop.
    private static let rowsBetweenStopChecks = 4_096

    /// Reads chosen fields of rows, finding each field's position once per shape of record.
    private struct ColumnReader {
        let columns: [String]
        private var names: FieldNames?
        private var positions: [Int?] = []

        init(_ columns: [String]) {
            self.columns = columns
        }

        /// Calls `body` with each column's index and its value in `row` (null when absent).
        mutating func read<Failure: Error>(_ row: Value, _ body: (Int, Value) throws(Failure) -> Void) throws(Failure) {
            guard let record = row.recordValue else { return }
            if record.names !== names {
                names = record.names
                positions = columns.map { record.names.position(of: $0) }
            }
            let values = record.values
            for (column, position) in positions.enumerated() {
                try body(column, position.map { values[$0] } ?? .null)
            }
        }
    }
}

/// Names in SQL text.
package enum SQLiteName {
    /// `name` as an SQL identifier: in double quotes, a double quote inside doubled.
    package static func quoted(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }
}
