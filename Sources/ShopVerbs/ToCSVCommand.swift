import ShopPluginAPI

/// `to csv`: the input as CSV text with a header row (RFC 4180 quoting).
struct ToCSVCommand: Command {
    let spec = CommandSpec(
        path: ["to", "csv"], abstract: "Turn records into CSV text",
        discussion: """
            The header is every field, in the order first seen; null is an empty cell; strings that would read \
            back as numbers are quoted, so 'from csv' gives the same values back.
            """,
        examples: [Example("services list | to csv")], input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        .value(.string(String(try Self.text(try invocation.requireInput(), command: spec.name).dropLast())))
    }

    /// The CSV text of `value`, ending in a line break; an error names an item that is not a record.
    static func text(_ value: Value, command: String) throws(VerbError) -> String {
        switch CSVWriter.text(value) {
        case .success(let text): return text
        case .failure(let mixed):
            throw .notRecord(command: command, item: mixed.item, got: mixed.got.describedType)
        }
    }
}
