import ShopPluginAPI

/// `join [SEP]`: the items of a list as one string, SEP between them.
struct JoinCommand: Command {
    static let separator = Argument<String?>("SEP", "what goes between the items (nothing by default)")

    let spec = CommandSpec(
        path: ["join"], abstract: "Join a list into one string, SEP between items",
        discussion: "Items are written as echo writes them; null items are left empty.",
        arguments: [Self.separator],
        examples: [Example("services list | get title | join ', '")],
        input: .required, resultFields: .computed(JoinResultFields.fields))

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let items = try invocation.requireListInput()
        let separator = try invocation[Self.separator] ?? ""
        return .value(.string(items.map { $0.isNull ? "" : $0.plainText }.joined(separator: separator)))
    }
}
