import ShopPluginAPI
import ShopSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// An SQLite database file as `open` and `save` use it: `open x.db` lists its tables,
/// `open x.db --table T` reads one, `save x.db --table T` adds one in one transaction.
///
/// A file is handed to SQLite only once it is known to be one (a regular file starting with
/// SQLite's header), so a text file named `x.db` is refused, never taken for an empty
/// database. A new file is made beside the target under a temporary name and renamed into
/// place once complete; an existing one gets the table in one transaction, so a failure
/// leaves it as it was.
enum SQLiteFile {
    /// The extensions that name SQLite files.
    static let extensions = ["db", "sqlite", "sqlite3"]

    /// How long a write waits for another program's lock on the file, in milliseconds.
    private static let busyTimeoutMilliseconds: Int32 = 5_000

    // MARK: Reading

    /// `open FILE`: the tables as `{table, rows, columns}` records; with `table`, its rows.
    /// SQLite reads on a thread of its own, which Ctrl-C interrupts.
    static func open(_ file: FilePath, table: String?) async throws -> Value {
        let connection = try connect(file)
        let interrupter = connection.interrupter
        do {
            return try await DetachedThread.run {
                try read(connection, file: file, table: table)
            } onCancel: {
                interrupter.interrupt()
            }
        } catch let error as SQLiteFailure {
            if Task.isCancelled { throw CancellationError() }
            throw failure("open", file, error.message)
        }
    }

    /// The listing of the database's tables, or the rows of `table`.
    private static func read(_ connection: SQLiteConnection, file: FilePath, table: String?) throws -> Value {
        guard let table else { return try listing(connection) }
        guard try !connection.columns(of: table).isEmpty else {
            let names = try connection.tableNames()
            throw failure(
                "open", file,
                "has no table '\(table)'" + Suggestion.didYouMean(Suggestion.nearest(to: table, in: names))
                    + " (tables: \(names.isEmpty ? "none" : names.joined(separator: ", ")))")
        }
        return .list(try connection.records(of: table))
    }

    /// The tables of the database, each a `{table, rows, columns}` record.
    private static func listing(_ connection: SQLiteConnection) throws -> Value {
        let names = FieldNames(listingFields)
        return .list(
            try connection.tables().map { info in
                .record(
                    Record(
                        names: names,
                        values: [.string(info.name), .int(info.rows), .string(info.columns.joined(separator: ", "))]))
            })
    }

    /// The fields of what `open` gives for the file at `path`: the listing's, or the columns
    /// of `table`; none for a file that is not an SQLite database. For Tab: reads the schema
    /// only.
    static func fields(at path: String, table: String?) -> [String] {
        guard let table else { return listingFields }
        guard let connection = try? connect(FilePath(text: path, absolute: path)) else { return [] }
        return (try? connection.columns(of: table)) ?? []
    }

    /// The fields of the listing of a file's tables.
    private static let listingFields = ["table", "rows", "columns"]

    /// The file opened for reading, once it is known to be an SQLite database.
    private static func connect(_ file: FilePath) throws -> SQLiteConnection {
        try requireDatabase(file, command: "open", otherwise: "is not an SQLite database (it lacks SQLite's header)")
        do {
            return try SQLiteConnection(path: file.absolute, access: .readOnly, busyTimeoutMilliseconds: 0)
        } catch {
            throw failure("open", file, error.message)
        }
    }

    // MARK: Writing

    /// `save FILE --table T [--force]`: adds the input, a list of records or one record, as
    /// table `table`; an existing table of that name is replaced only when `replacing`.
    static func save(_ input: Value, to file: FilePath, table: String?, replacing: Bool) throws -> Int {
        guard let table, !table.isEmpty else {
            throw failure(
                "save", file, "is an SQLite database; name the table to write: save \(file.text) --table NAME")
        }
        let records: ValueList
        switch input {
        case .list(let items): records = items
        case .record: records = [input]
        default: throw failure("save", file, "takes a list of records as a table, not \(input.describedType)")
        }
        let rows: SQLiteTableRows
        do {
            rows = try SQLiteTableRows(name: table, records: records)
        } catch {
            throw VerbError.invalid(command: "save", reason: error.description)
        }
        guard !rows.fields.isEmpty else { throw failure("save", file, "gets no fields to make columns of") }
        let path = file.absolute
        switch try existing(file) {
        case .none: try create(rows, at: path, file: file)
        case .regularFile: try add(rows, to: path, file: file, replacing: replacing)
        }
        return records.count
    }

    /// What is at the path now.
    private enum Existing {
        case none, regularFile
    }

    /// Whether there is a file at `file` to add to; refuses a link, anything but a regular
    /// file, and a file that is not an SQLite database.
    private static func existing(_ file: FilePath) throws -> Existing {
        var status = stat()
        guard lstat(file.absolute, &status) == 0 else {
            guard errno == ENOENT else {
                throw VerbError.invalid(
                    command: "save", reason: FileError(path: file.text, action: .write, code: errno).description)
            }
            return .none
        }
        guard status.st_mode & S_IFMT != S_IFLNK else {
            throw failure("save", file, "is a symbolic link; save adds tables only to a database file itself")
        }
        try requireDatabase(
            file, command: "save", otherwise: "exists and is not an SQLite database; save adds tables only to one")
        return .regularFile
    }

    /// Refuses, for `command`, what is no regular file (with the file's own reason) or does
    /// not start with SQLite's header (`otherwise` says so).
    private static func requireDatabase(_ file: FilePath, command: String, otherwise: String) throws {
        let header: [UInt8]
        do {
            header = try FileSystem.readStart(ofRegularFile: file.absolute, count: SQLiteConnection.fileHeader.count)
        } catch {
            throw VerbError.invalid(command: command, reason: error.naming(file.text).description)
        }
        guard header == SQLiteConnection.fileHeader else { throw failure(command, file, otherwise) }
    }

    /// Writes `rows` into a new database made under a temporary name beside `path`, then
    /// renamed to it.
    private static func create(_ rows: SQLiteTableRows, at path: String, file: FilePath) throws {
        let temporary =
            FilePath.directory(of: path) + "/." + FilePath.lastComponent(of: path)
            + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        TemporaryPaths.add(temporary)
        defer {
            unlink(temporary + "-journal")
            unlink(temporary)
            TemporaryPaths.forget(temporary)
        }
        do {
            let connection = try SQLiteConnection(
                path: temporary, access: .create, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            _ = try write(rows, into: connection)
        } catch let error as SQLiteFailure {
            throw failure("save", file, error.message)
        }
        guard rename(temporary, path) == 0 else {
            throw VerbError.invalid(
                command: "save", reason: FileError(path: file.text, action: .write, code: errno).description)
        }
    }

    /// Adds `rows` to the existing database at `path`.
    private static func add(_ rows: SQLiteTableRows, to path: String, file: FilePath, replacing: Bool) throws {
        let written: Bool
        do {
            let connection = try SQLiteConnection(
                path: path, access: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            written = try write(rows, into: connection, replacing: replacing)
        } catch let error as SQLiteFailure {
            if Task.isCancelled { throw CancellationError() }
            throw failure("save", file, error.message)
        }
        guard written else {
            throw failure("save", file, "has a table '\(rows.name)' already; add --force to replace it")
        }
    }

    /// Writes the table in one transaction, stopping at Ctrl-C; false when it exists and is
    /// not to be replaced.
    private static func write(_ rows: SQLiteTableRows, into connection: SQLiteConnection, replacing: Bool = false)
        throws -> Bool
    {
        let written = try connection.write(rows, replacing: replacing) { Task.isCancelled }
        if Task.isCancelled { throw CancellationError() }
        return written
    }

    /// A failure about `file`: `open: 'x.db' has no table 'T'`.
    private static func failure(_ command: String, _ file: FilePath, _ reason: String) -> VerbError {
        .invalid(command: command, reason: "'\(file.text)' \(reason)")
    }
}
