import ShopPluginAPI

/// `where CONDITION`: keeps the items for which the condition holds.
struct WhereCommand: Command {
    static let condition = Deferred.condition(
        "CONDITION", "FIELD OP VALUE, a field, joined by and/or/not", completion: .inputFields)
    static let item = Option<String?>.itemName

    let spec = CommandSpec(
        path: ["where"], abstract: "Keep the items for which CONDITION holds",
        discussion: """
            CONDITION is FIELD OP VALUE (OP one of: \(ComparisonOperator.spelledOut)), a \
            lone FIELD (kept when true, not empty, not 0), joined by not, and, or and parentheses. A field name may \
            be quoted ("Unit Price") or a path (details.0.title); $it is the item itself. Items without the field \
            read it as null, and a field no item has is an error. Inside a $( … ) the inner command's $it is its \
            own item: --item NAME names this one $NAME too. \(Pattern.dialect)
            """,
        arguments: [Self.condition], options: [Self.item],
        examples: [
            Example("services list | where price < 1000"),
            Example("services list | where price < 1000 and title contains Wash"),
            Example("[1, 5, 12] | where $it > 3"),
            Example(
                "services list | where --item s $(services list | where price < ${s.price} | count) >= 3 | get title"),
        ],
        input: .required, resultFields: .input)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let items = try invocation.requireListInput()
        let condition = try invocation[Self.condition, item: try invocation[Self.item]]
        let kept = try await condition.filter(items)
        try condition.requireKnownFields(in: items)
        return .value(.list(kept))
    }
}
