import ShopPluginAPI

/// `get FIELD`: the field of a record, or of every item of a list; FIELD may be a path.
struct GetCommand: Command {
    static let field = Argument<FieldPath>("FIELD", "a field, or a path into it (details.0.title)")

    let spec = CommandSpec(
        path: ["get"], abstract: "Take FIELD (or a path) of each item or a record",
        discussion: """
            FIELD names a field of the records, or a path through records and lists: details.0.title is the \
            title of the first detail. Items without the field give null; a field no item has is an error.
            """,
        arguments: [Self.field],
        examples: [
            Example("services list | get title"),
            Example("feed list | get details.0.title", "the first detail's title of every card"),
        ],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        var reader = FieldReader(try invocation[Self.field], command: spec.name)
        switch try invocation.requireInput() {
        case .record(let record): return .value(try reader.value(in: record))
        case .list(let items): return .value(.list(try reader.values(in: items)))
        case let other:
            throw CommandError.invalidInput(
                command: spec.name, expected: "a list or a record", got: other.describedType)
        }
    }
}
