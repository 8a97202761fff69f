import ShopFormats
import ShopPluginAPI

/// `open FILE [--as json|jsonl|csv|tsv|text|sqlite] [--max-size SIZE] [--table T] [CSV options]`:
/// a file's contents as a value, read by its extension (an SQLite file's tables, or one of
/// them: ``SQLiteFile``).
///
/// Only regular files are read (standard input through `-`): a device or FIFO is refused by
/// its type without being opened for reading, a file over the size limit is refused, and
/// Ctrl-C stops a long read (``FileSystem/readRegularFile(_:limit:)``).
struct OpenCommand: Command {
    /// How the file is read.
    enum Format: String, ChoiceArgument {
        case json, jsonl, csv, tsv, text, sqlite

        /// The format a file's extension names: `.json`, `.jsonl` and `.ndjson`, `.csv`,
        /// `.tsv`, an SQLite file's; any other is text.
        static func of(_ path: String) -> Format {
            if let name = FileExtension.of(path), SQLiteFile.extensions.contains(name) { return .sqlite }
            return FileExtension.formatName(of: path).flatMap(Format.init(rawValue:)) ?? .text
        }
    }

    static let file = Argument<FilePath>("FILE", "the file to read, or - for standard input")
    static let format = Option<Format?>(
        "--as", value: "FORMAT", "read as json, jsonl, csv, tsv, text or sqlite, whatever the extension")
    static let table = Option<String?>("--table", value: "TABLE", "the table of an SQLite file to read")
    static let maxSize = Option<String?>(
        "--max-size", value: "SIZE", "read at most this much, such as 20MB or 4GB (1GB unless given)")

    let spec = CommandSpec(
        path: ["open"], abstract: "Read a JSON, JSON Lines, CSV, TSV or text file into a value",
        discussion: """
            .json files are read as JSON, .jsonl and .ndjson as JSON Lines (one value a line), .csv as CSV \
            and .tsv as tab-separated (a header row, then records), .db, .sqlite and .sqlite3 as SQLite \
            databases (their tables listed; --table T reads one), any other file as text; --as chooses. \
            \(CSVReadingOptions.discussion) '-' reads standard input, as in: curl … | shop -c 'open - --as \
            json | …'. Errors name the file, line and column. Only files are read, not devices such as \
            /dev/zero or FIFOs, and at most 1GB of them unless --max-size says more; Ctrl-C stops a long read.
            """,
        arguments: [Self.file], options: [Self.format, Self.maxSize, Self.table] + CSVReadingOptions.all,
        examples: [
            Example("state save state.json; open state.json | get values"),
            Example("echo 'a;b\\n1;2;3' | save ragged.csv; open ragged.csv --separator ';' --flexible | take 5"),
        ], resultFields: .computed(OpenResultFields.fields))

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let file = try invocation[Self.file]
        let isStandardInput = file.text == "-"
        let name = isStandardInput ? "<stdin>" : file.text
        let format = try invocation[Self.format] ?? (isStandardInput ? .text : Format.of(file.text))
        let table = try invocation[Self.table]
        if format == .sqlite, !isStandardInput { return .value(try await SQLiteFile.open(file, table: table)) }
        guard format != .sqlite, table == nil else { throw Self.tableOutsideSQLite }
        if format != .csv, format != .tsv, let option = try CSVReadingOptions.anyGiven(in: invocation) {
            throw VerbError.invalid(
                command: spec.name, reason: "\(option) is for CSV files; '\(name)' is read as \(format)")
        }
        let limit = try Self.limit(invocation[Self.maxSize])
        var bytes: [UInt8]
        do {
            if isStandardInput {
                guard let read = invocation.environment.standardInput else { throw Self.noStandardInput }
                invocation.console.flush()
                bytes = try read(limit)
            } else {
                bytes = try FileSystem.readRegularFile(file.absolute, limit: limit)
            }
        } catch var error as FileError {
            error.path = name
            throw VerbError.invalid(command: spec.name, reason: error.description + Self.hint(for: error.problem))
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard !bytes.isEmpty else { throw VerbError.invalid(command: spec.name, reason: "'\(name)' is empty") }
        if let offset = try await UTF8Text.firstInvalidOffset(in: bytes) {
            let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let problem = bytes[offset] == 0 ? "a NUL byte" : "invalid UTF-8"
            throw VerbError.invalid(
                command: spec.name,
                reason: "'\(name)' is not text (\(problem) on line \(line)); open reads JSON, CSV and text files")
        }
        switch format {
        case .json:
            do {
                return .value(try await JSONDocument.read(bytes))
            } catch let error as JSONError {
                throw VerbError.invalid(command: spec.name, reason: "'\(name)': \(error)")
            }
        case .jsonl:
            do {
                return .value(.list(try await JSONLinesReader.read(bytes)))
            } catch let error as JSONLinesError {
                throw VerbError.invalid(command: spec.name, reason: "'\(name)': \(error)")
            }
        case .csv, .tsv:
            let options = try CSVReadingOptions.options(of: invocation, command: spec.name, tabs: format == .tsv)
            do {
                return .value(.list(try await CSVTableReader.read(bytes, options: options)))
            } catch let error as CSVError {
                throw CSVReadingOptions.error(error, command: spec.name, file: name)
            }
        case .text, .sqlite:
            return .value(.string(String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// The bytes `--max-size` allows, or the default limit when it is not given.
    private static func limit(_ text: String?) throws(VerbError) -> Int {
        guard let text else { return FileSystem.defaultReadLimit }
        guard let bytes = ByteCount.parse(text), bytes > 0 else {
            throw .invalid(
                command: "open", reason: "--max-size must be a size such as 500KB, 20MB or 4GB, got '\(text)'")
        }
        return bytes
    }

    /// What to do about a file that cannot be read, when open has a way.
    private static func hint(for problem: FileError.Problem) -> String {
        switch problem {
        case .notRegularFile: "; open reads files, and standard input as '-'"
        case .tooLarge: "; --max-size reads more"
        default: ""
        }
    }

    private static let tableOutsideSQLite = VerbError.invalid(
        command: "open", reason: "--table names a table of an SQLite file (.db, .sqlite, .sqlite3), read from a file")

    private static let noStandardInput = VerbError.invalid(
        command: "open",
        reason: "standard input holds no data here; pipe it into 'shop -c', as in: curl … | shop -c 'open - --as json'")
}
