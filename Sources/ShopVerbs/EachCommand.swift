import ShopPluginAPI

/// `each COMMAND…`: runs a command for every item, with `$it` bound to it.
struct EachCommand: Command {
    static let command = Deferred.command(
        "COMMAND", "a command and its words, which may use $it", completion: .commands)
    static let item = Option<String?>.itemName

    let spec = CommandSpec(
        path: ["each"], abstract: "Run COMMAND for every item with $it bound; yields the list of results",
        discussion: """
            The words after 'each' are one command, evaluated once per item: $it is the item, and a command that \
            reads input gets the item as its input. Items for which the command yields nothing add nothing. \
            --item NAME names the item $NAME too, for a pipeline inside the command that binds $it to its own items.
            """,
        arguments: [Self.command], options: [Self.item],
        examples: [
            Example("[1, 2, 3] | each math $it * 10"),
            Example("services list | each echo \"${it.title}: ${it.price}\""),
            Example("services list | first 2 | each --item s echo $(services list | where price < ${s.price} | count)"),
        ],
        input: .required)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let items = try invocation.requireListInput()
        let command = try invocation[Self.command, item: try invocation[Self.item]]
        var results: [Value] = []
        results.reserveCapacity(items.count)
        for item in items {
            try Task.checkCancellation()
            if let result = try await command.run(for: item) { results.append(result) }
        }
        return .value(.list(results))
    }
}
