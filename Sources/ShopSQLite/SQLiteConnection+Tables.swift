import ShopValues

/// The tables of a database as shop's values: which there are, one read as records, one
/// written from records (what `open x.db` and `save x.db --table T` do).
extension SQLiteConnection {
    /// A table or view of the database.
    package struct TableInfo: Sendable, Equatable {
        package var name: String
        package var columns: [String]
        package var rows: Int
    }

    /// The names of the tables and views, but SQLite's own, sorted.
    package func tableNames() throws(SQLiteFailure) -> [String] {
        try withStatement(
            "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ) { statement throws(SQLiteFailure) in
            var names: [String] = []
            while try statement.step() { names.append(statement.text(at: 0)) }
            return names
        }
    }

    /// The tables and views, but SQLite's own, sorted by name, with their columns and rows.
    package func tables() throws(SQLiteFailure) -> [TableInfo] {
        var tables: [TableInfo] = []
        for name in try tableNames() {
            let rows = try integer("SELECT count(*) FROM \(SQLiteName.quoted(name))")
            tables.append(TableInfo(name: name, columns: try columns(of: name), rows: Int(rows)))
        }
        return tables
    }

    /// The columns of table (or view) `name`, in order; none when there is no such table.
    package func columns(of name: String) throws(SQLiteFailure) -> [String] {
        try withStatement("SELECT name FROM pragma_table_info(?1)") { statement throws(SQLiteFailure) in
            try statement.bind(name, at: 1)
            var columns: [String] = []
            while try statement.step() { columns.append(statement.text(at: 0)) }
            return columns
        }
    }

    /// Every row of table (or view) `name`, as records.
    package func records(of name: String) throws(SQLiteFailure) -> [Value] {
        guard let statement = try prepareOnce("SELECT * FROM \(SQLiteName.quoted(name))").statement else { return [] }
        return try statement.records()
    }

    /// Adds `rows` as a table, every column typed from its values, in one transaction: the
    /// database has all of it or none. An existing table of that name is replaced when
    /// `replacing`; otherwise nothing is written and the answer is false.
    package func write(_ rows: SQLiteTableRows, replacing: Bool, shouldStop: () -> Bool) throws(SQLiteFailure)
        -> Bool
    {
        try inTransaction { () throws(SQLiteFailure) in
            if try !columns(of: rows.name).isEmpty {
                guard replacing else { return false }
                try execute("DROP TABLE \(SQLiteName.quoted(rows.name))")
            }
            try execute(rows.createStatement(types: rows.types(of: rows.fields)))
            try rows.insert(into: self, columns: rows.fields, shouldStop: shouldStop)
            return true
        }
    }
}
