/// `sort [FIELD] [desc]`: orders rows by a field, or scalars by value.
struct SortCommand: Command {
    let spec = CommandSpec(
        path: ["sort"], abstract: "Order rows by FIELD (add 'desc' for descending)",
        arguments: [Self.field, Self.order],
        examples: [Example("services list | sort price desc")],
        input: .required)

    static let field = Argument<String?>("FIELD", "a field of the rows; leave out for a list of plain values")
    static let order = Argument<SortOrder?>("ORDER", "asc or desc")

    /// The order of `sort`.
    enum SortOrder: String, ChoiceArgument {
        case asc, desc
    }

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        var field = try invocation[Self.field]
        let order = try invocation[Self.order]
        var descending = order == .desc
        if let word = field, word == "desc" || word == "asc", order == nil,
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
