import ShopPluginAPI

/// `save FILE [--force] [--as json|csv|md|text|sqlite] [--table T]`: writes the input to a file
/// in the format its extension names, through the one atomic file writer (a table into an
/// SQLite file: ``SQLiteFile``).
struct SaveCommand: Command {
    /// How the input is written.
    enum Format: String, ChoiceArgument {
        case json, csv, md, text, sqlite
    }

    static let file = Argument<FilePath>("FILE", "where to write: .json, .csv, .md, or text for any other")
    static let force = Flag("--force", "replace an existing file")
    static let format = Option<Format?>(
        "--as", value: "FORMAT", "write as json, csv, md, text or sqlite, whatever the extension")
    static let table = Option<String?>("--table", value: "TABLE", "the table to add to an SQLite file")

    let spec = CommandSpec(
        path: ["save"], abstract: "Write the input to a JSON, CSV, Markdown or text file",
        discussion: """
            .json files get JSON, .csv CSV with a header row, .md a Markdown table, .db, .sqlite and \
            .sqlite3 a table named by --table (added in one transaction; replacing one takes --force), any \
            other file text (a list one item a line); --as chooses. The file is written atomically; an existing file is kept \
            unless --force, and so is a symbolic link, which --force replaces (its target is never written); \
            devices such as /dev/null, FIFOs and folders are refused. /dev/stdout and /dev/stderr write to \
            the streams.
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
        let format = try invocation[Self.format] ?? Self.format(of: file.text)
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
        let text: String
        switch format {
        case .json: text = JSONWriter.pretty(input) + "\n"
        case .csv: text = try ToCSVCommand.text(input, command: spec.name)
        case .md: text = MarkdownTable.text(input)
        case .text, .sqlite: text = Self.text(input)
        }
        do {
            let toStream = try invocation.console.writeFile(
                Array(text.utf8), to: file, replacingExisting: invocation[Self.force])
            if toStream { return nil }
        } catch {
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
        let count = input.listValue?.count ?? 1
        invocation.console.message(
            "saved \(count) \(count == 1 ? "item" : "items") to \(file.text) as \(format.rawValue)")
        return nil
    }

    /// The format a file's extension names (an SQLite file's too); any other extension is text.
    static func format(of path: String) -> Format {
        guard let name = FileExtension.of(path) else { return .text }
        return SQLiteFile.extensions.contains(name) ? .sqlite : Format(rawValue: name) ?? .text
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
