import ShopPluginAPI

/// `columns`: the field names of a record, or of the records of a list (every name any record
/// has, in the order first seen).
struct ColumnsCommand: Command {
    let spec = CommandSpec(
        path: ["columns"], abstract: "The field names of records",
        discussion: "For a list, every field any record has, in the order the fields first appear.",
        examples: [Example("services list | columns"), Example("services list | first | columns")],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let input = try invocation.recordsInput()
        return .value(.list(input.items.fieldNames.map(Value.string)))
    }
}
