import CSQLite
import ShopValues

/// One SQL query over shop's values, in an SQLite database in memory of its own: the input
/// as table `it`, and each other table the query names made from what `tables` finds under
/// that name (a variable holding a list of records), found when SQLite asks for it.
///
/// Only what the query reads is copied into SQLite: the query is first prepared against
/// empty tables, SQLite's authorizer telling which columns it reads; those columns (and any
/// whose name the query's text mentions: the authorizer is not told of the columns of
/// `JOIN … USING`; all of them after `NATURAL`) are then typed (``SQLiteColumnType``) and
/// filled, the others left null. Only queries run (no
/// writes, no `ATTACH`, no pragmas), and one statement at a time.
///
/// ```swift
/// let query = try SQLQuery("SELECT city, sum(qty) AS qty FROM it GROUP BY city", input: rows) { name in
///     name == "orders" ? .records(orders) : .missing
/// }
/// let records = try query.run { Task.isCancelled }
/// ```
package final class SQLQuery {
    /// What a name the query uses as a table stands for.
    package enum Table {
        /// A list of records: the table's rows.
        case records(ValueList)
        /// Records with these fields, for preparing only.
        case fields([String])
        /// Nothing of that name.
        case missing
        /// Something else; the text says what (`$name holds a string, not records`).
        case unusable(String)
    }

    /// The query's text.
    package let text: String
    private let connection: SQLiteConnection
    /// The tables made for the query, by lowercased name.
    private var tables: [String: SQLiteTableRows] = [:]
    /// The columns the query reads, by lowercased table and column name.
    private var columnsRead: [String: Set<String>] = [:]

    /// The query `text` over `input` (as table `it`, when given) and the tables `tables`
    /// finds, prepared (nothing runs yet).
    ///
    /// - Throws: ``SQLQueryError``: SQLite's message for a query it cannot prepare, a table
    ///   that is no list of records, a statement that is no query.
    package init(_ text: String, input: Table?, tables: (String) -> Table) throws(SQLQueryError) {
        self.text = text
        do {
            connection = try SQLiteConnection.inMemory()
        } catch {
            throw .failed(error, query: text)
        }
        if let input { try add(input, named: "it") }
        try prepareAgainstEmptyTables(tables)
    }

    /// A way to stop the query from another thread (Ctrl-C), while ``run(shouldStop:)`` runs.
    package var interrupter: SQLiteConnection.Interrupter { connection.interrupter }

    /// The names of the columns the query returns, each once (a repeated name gets `_2`,
    /// `_3`…): what Tab offers after it. Nothing runs.
    package func columnNames() throws(SQLQueryError) -> [String] {
        try prepare(noting: false).uniqueColumnNames
    }

    /// Fills the tables with what the query reads and runs it: its rows as records. Asks
    /// `shouldStop` while filling; ``interrupter`` stops the query itself. Either ends it
    /// with ``SQLQueryError/interrupted``.
    package func run(shouldStop: () -> Bool) throws(SQLQueryError) -> [Value] {
        try fillTables(shouldStop: shouldStop)
        let statement = try prepare(noting: false)
        do throws(SQLiteFailure) {
            return try statement.records()
        } catch {
            throw error.primaryCode == SQLITE_INTERRUPT ? .interrupted : .failed(error, query: text)
        }
    }

    // MARK: Preparing

    /// Prepares the query against the tables made so far, making each further table it names
    /// (and, in a table of no rows, each column it names) until it prepares, and notes the
    /// columns it reads.
    private func prepareAgainstEmptyTables(_ lookUp: (String) -> Table) throws(SQLQueryError) {
        for table in tables.values { try create(table) }
        while true {
            do throws(SQLQueryError) {
                _ = try prepare(noting: true)
                return
            } catch {
                guard case .failed(let failure, _, _) = error else { throw error }
                guard try !makeWhatIsMissing(failure.message, lookUp: lookUp) else { continue }
                let column = Self.missing("no such column: ", in: failure.message)
                let suggestion = column.flatMap { Suggestion.nearest(to: $0, in: tables.values.flatMap(\.fields)) }
                throw .failed(failure, query: text, suggestion: suggestion)
            }
        }
    }

    /// Makes the table or column `message` (SQLite's) says is missing, if shop has it:
    /// returns whether it made one; throws when the name is a table shop cannot make.
    private func makeWhatIsMissing(_ message: String, lookUp: (String) -> Table) throws(SQLQueryError) -> Bool {
        if let name = Self.missing("no such table: ", in: message) {
            guard !name.contains("."), tables[name.lowercased()] == nil else { return false }
            switch lookUp(name) {
            case .records(let list): try add(.records(list), named: name)
            case .fields(let fields): try add(.fields(fields), named: name)
            case .missing: throw .noTable(name, reason: "no variable $\(name) either")
            case .unusable(let reason): throw .noTable(name, reason: reason)
            }
            try create(tables[name.lowercased()])
            return true
        }
        if let name = Self.missing("no such column: ", in: message) {
            // Only a table without rows learns columns from the query: it has no fields to go by.
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            let (table, column) = parts.count == 2 ? (parts[0].lowercased(), parts[1]) : ("it", name)
            guard var rows = tables[table], rows.rows.isEmpty, rows.field(named: column) == nil else { return false }
            rows.addColumn(column)
            tables[table] = rows
            do throws(SQLiteFailure) {
                try connection.execute("DROP TABLE \(SQLiteName.quoted(rows.name))")
            } catch {
                throw .failed(error, query: text)
            }
            try create(rows)
            return true
        }
        return false
    }

    /// The name after `prefix` in SQLite's `message`, when the message is that one.
    private static func missing(_ prefix: String, in message: String) -> String? {
        message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : nil
    }

    private func add(_ table: Table, named name: String) throws(SQLQueryError) {
        switch table {
        case .records(let list): tables[name.lowercased()] = try SQLiteTableRows(name: name, records: list)
        case .fields(let fields): tables[name.lowercased()] = SQLiteTableRows(name: name, fields: fields)
        case .missing, .unusable: break
        }
    }

    /// Makes `table`, empty and untyped.
    private func create(_ table: SQLiteTableRows?) throws(SQLQueryError) {
        guard let table else { return }
        do throws(SQLiteFailure) {
            try connection.execute(table.createStatement())
        } catch {
            throw .failed(error, query: text)
        }
    }

    /// The query prepared with only reading allowed, noting the columns it reads when asked.
    ///
    /// - Throws: ``SQLQueryError``: SQLite's failure, an empty query, a statement that is no
    ///   query, a second statement after the first.
    private func prepare(noting: Bool) throws(SQLQueryError) -> SQLiteStatement {
        let reads = SQLiteConnection.ColumnReads()
        connection.allowOnlyReading(noting: reads)
        defer { connection.allowEverything() }
        let prepared: (statement: SQLiteStatement?, rest: String)
        do throws(SQLiteFailure) {
            prepared = try connection.prepareOnce(text)
        } catch {
            switch error.primaryCode {
            case SQLITE_AUTH: throw .notAQuery(query: text)
            case SQLITE_INTERRUPT: throw .interrupted
            default: throw .failed(error, query: text)
            }
        }
        if noting { columnsRead = reads.columns }
        guard let statement = prepared.statement else { throw .noStatement }
        guard !connection.holdsStatement(prepared.rest) else { throw .severalStatements(query: text) }
        return statement
    }

    // MARK: Running

    /// The fields of `table` the query may read: those the authorizer reported, and those its
    /// text mentions; every one when it joins naturally.
    private func columnsUsed(of table: SQLiteTableRows) -> [String] {
        let words = Self.words(of: text)
        guard !words.contains("natural") else { return table.fields }
        let read = columnsRead[table.name.lowercased()] ?? []
        return table.fields.filter { read.contains($0.lowercased()) || words.contains($0.lowercased()) }
    }

    /// The lowercased words of `text`: its runs of letters, digits and `_`, and what is
    /// quoted in it (`"Unit Price"`, `[Unit Price]`, `` `Unit Price` ``).
    private static func words(of text: String) -> Set<String> {
        var words: Set<String> = []
        var word = ""
        var closing: Character?
        for character in text.lowercased() {
            if let end = closing {
                if character == end {
                    words.insert(word)
                    word = ""
                    closing = nil
                } else {
                    word.append(character)
                }
            } else if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if !word.isEmpty { words.insert(word) }
                word = ""
                closing = ["\"": "\"", "[": "]", "`": "`"][character]
            }
        }
        words.insert(word)
        return words
    }

    /// Makes each table again, its columns the query reads typed and filled, in one
    /// transaction.
    private func fillTables(shouldStop: () -> Bool) throws(SQLQueryError) {
        do throws(SQLiteFailure) {
            try connection.inTransaction { () throws(SQLiteFailure) in
                for table in tables.values where !table.rows.isEmpty {
                    let columns = columnsUsed(of: table)
                    try connection.execute("DROP TABLE \(SQLiteName.quoted(table.name))")
                    try connection.execute(table.createStatement(types: table.types(of: columns)))
                    try table.insert(into: connection, columns: columns, shouldStop: shouldStop)
                }
            }
        } catch {
            throw error.primaryCode == SQLITE_INTERRUPT ? .interrupted : .failed(error, query: text)
        }
    }
}
