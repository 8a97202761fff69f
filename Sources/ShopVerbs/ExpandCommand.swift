import ShopPluginAPI

/// `expand`: records in record view, one `field  value` line per field (psql's `\x`).
struct ExpandCommand: Command {
    let spec = CommandSpec(
        path: ["expand"], abstract: "Show records one field per line (record view)",
        discussion: """
            Each record is shown under a ─[ N ]─ rule, one field per line with its value wrapped to the width: \
            for records too wide for a table. The value passes on unchanged.
            """,
        examples: [Example("news list | take 2 | expand"), Example("services list | first | expand")],
        input: .required, resultFields: .input)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let input = try invocation.requireInput()
        switch input {
        case .list(let items): return CommandResult(input, view: RecordView(items: items, numbered: true))
        default: return CommandResult(input, view: RecordView(items: [input], numbered: false))
        }
    }
}
