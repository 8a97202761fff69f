import ShopPluginAPI

/// `save FILE [--force] [--as json|jsonl|csv|tsv|md|text|sqlite] [--table T]`: writes the input
/// to a file in the format its extension names, through the one atomic file writer (a table
/// into an SQLite file: ``SQLiteFile``).
struct SaveCommand: Command {
    /// How the input is written.
    enum Format: String, ChoiceArgument {
        case json, jsonl, csv, tsv, md, text, sqlite

        /// The format a file's extension names (an SQLite file's too); any other extension is text.
        static func of(_ path: String) -> Format {
            if let name = FileExtension.of(path), SQLiteFile.extensions.contains(name) { return .sqlite }
            return FileExtension.formatName(of: path).flatMap(Format.init(rawValue:)) ?? .text
        }
    }

    /// Extensions of formats shop cannot write, refused rather than written as text.
    static let unwritableExtensions: Set<String> = ["parquet", "arrow", "feather", "xlsx", "xls", "avro", "orc"]

    static let file = Argument<FilePath>(
        "FILE", "where to write: .json, .jsonl, .csv, .tsv, .md, or text for any other")
    static let force = Flag("--force", "replace an existing file")
    static let format = Option<Format?>(
        "--as", value: "FORMAT", "write as json, jsonl, csv, tsv, md, text or sqlite, whatever the extension")
    static let table = Option<String?>("--table", value: "TABLE", "the table to add to an SQLite file")

    let spec = CommandSpec(
        path: ["save"], abstract: "Write the input to a JSON, JSON Lines, CSV, TSV, Markdown or text file",
        discussion: """
            .json files get JSON, .jsonl and .ndjson one JSON value a line, .csv CSV with a header row (.tsv \
            with tabs; numbers as they were read, strings that would read as numbers quoted), .md a Markdown \
            table, .db, .sqlite and .sqlite3 a table named by --table (added in one transaction; replacing \
            one takes --force), any other file text (a list one item a line); --as chooses. Formats shop cannot write \
            (.parquet, .arrow, .feather, .xlsx, .xls, .avro, .orc) are refused. The file is written \
            atomically; an existing file is kept unless --force, and so is a symbolic link, which --force \
            replaces (its target is never written); devices such as /dev/null, FIFOs and folders are \
            refused. /dev/stdout and /dev/stderr write to the streams.
            """,
        arguments: [Self.file], options: [Self.force, Self.format, Self.table],
        examples: [
            Example("services list | select title price | save prices.csv"),
            Example("news list | take 3 | save news.json --force"),
        ],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let input = try invocation.requireInput()
        let file = try invocation[Self.file]
        let format: Format
        if let chosen = try invocation[Self.format] {
            format = chosen
        } else {
            if let unwritable = FileExtension.of(file.text), Self.unwritableExtensions.contains(unwritable) {
                throw VerbError.invalid(
                    command: spec.name,
                    reason: "shop cannot write .\(unwritable) files; save as .csv, .tsv, .json or .jsonl instead")
            }
            format = Format.of(file.text)
        }
        let table = try invocation[Self.table]
        if format == .sqlite {
            let count = try SQLiteFile.save(input, to: file, table: table, replacing: invocation[Self.force])
            invocation.console.message(
                "saved \(count) \(count == 1 ? "item" : "items") to \(file.text) as table \(table ?? "")")
            return nil
        }
        guard table == nil else {
            throw VerbError.invalid(
                command: spec.name, reason: "--table names a table of an SQLite file (.db, .sqlite, .sqlite3)")
        }
        let bytes: [UInt8]
        switch format {
        case .json: bytes = Array((JSONWriter.pretty(input) + "\n").utf8)
        case .jsonl: bytes = Array(ToJSONLinesCommand.text(input).utf8)
        case .csv: bytes = try ToCSVCommand.bytes(input, separator: UInt8(ascii: ","), command: spec.name)
        case .tsv: bytes = try ToCSVCommand.bytes(input, separator: UInt8(ascii: "\t"), command: spec.name)
        case .md: bytes = Array(MarkdownTable.text(input).utf8)
        case .text, .sqlite: bytes = Array(Self.text(input).utf8)
        }
        // The writers stop short at Ctrl-C: what they made then is not written.
        try Task.checkCancellation()
        do {
            let toStream = try invocation.console.writeFile(bytes, to: file, replacingExisting: invocation[Self.force])
            if toStream { return nil }
        } catch {
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
        let count = input.listValue?.count ?? 1
        invocation.console.message(
            "saved \(count) \(count == 1 ? "item" : "items") to \(file.text) as \(format.rawValue)")
        return nil
    }

    /// The input as text: a string as it is, a list one item a line, ending in a line break.
    private static func text(_ input: Value) -> String {
        let text =
            switch input {
            case .list(let items): items.map(\.plainText).joined(separator: "\n")
            default: input.plainText
            }
        return text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    }
}
