/// `sort [FIELD] [desc]`: orders rows by a field, or scalars by value.
struct SortCommand: Command {
    let spec = CommandSpec(
        path: ["sort"], abstract: "Order rows by FIELD (add 'desc' for descending)",
        arguments: [
            ArgumentSpec("FIELD", "a field of the rows; leave out for a list of plain values", isOptional: true),
            ArgumentSpec("ORDER", "asc or desc", kind: .choice(["asc", "desc"]), isOptional: true),
        ],
        examples: [Example("services list | sort price desc")],
        input: .required)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        var field = invocation.arguments.text("FIELD")
        var descending = invocation.arguments.text("ORDER") == "desc"
        if let word = field, word == "desc" || word == "asc", invocation.arguments.text("ORDER") == nil,
            !rows.contains(where: { $0.recordValue?[word] != nil })
        {
            descending = word == "desc"
            field = nil
        }
        var lookup = FieldLookup(field ?? "it")
        let keyed = rows.map { (key: lookup.value(in: $0) ?? .null, row: $0) }
        let sorted = keyed.enumerated().sorted { lhs, rhs in
            if lhs.element.key.isEqual(to: rhs.element.key) { return lhs.offset < rhs.offset }
            return descending
                ? rhs.element.key.sortsBefore(lhs.element.key) : lhs.element.key.sortsBefore(rhs.element.key)
        }
        return .value(.list(sorted.map(\.element.row)))
    }
}
