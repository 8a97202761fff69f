/// `get FIELD`: the field of a record, or of every row.
struct GetCommand: Command {
    let spec = CommandSpec(
        path: ["get"], abstract: "Take FIELD of each row (or of a record)",
        arguments: [Self.field],
        examples: [Example("services list | get title")], input: .required)

    static let field = Argument<String>("FIELD", "a field name")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let field = try invocation[Self.field]
        var lookup = FieldLookup(field)
        switch try invocation.requireInput() {
        case .record(let record):
            guard let value = record[field] else { throw Self.missing(field, in: record.names.names) }
            return .value(value)
        case .list(let rows):
            var values: [Value] = []
            values.reserveCapacity(rows.count)
            for row in rows {
                guard let value = lookup.value(in: row) else {
                    throw Self.missing(field, in: row.recordValue?.names.names ?? [])
                }
                values.append(value)
            }
            return .value(.list(values))
        case let other:
            throw CommandError.invalidInput(
                command: spec.name, expected: "a list or a record", got: other.describedType)
        }
    }

    private static func missing(_ field: String, in names: [String]) -> CommandError {
        let suggestion = Suggestion.nearest(to: field, in: names)
        return .failed("get: no field '\(field)'" + Suggestion.didYouMean(suggestion))
    }
}
