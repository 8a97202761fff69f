import ShopPluginAPI

/// `flatten`: one level of nested lists spliced into the list.
struct FlattenCommand: Command {
    let spec = CommandSpec(
        path: ["flatten"], abstract: "Splice nested lists into the list, one level",
        discussion: "Items that are lists are replaced by their items; other items stay as they are.",
        examples: [Example("feed list | get details | flatten | count", "every detail of every card")],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        var flat: [Value] = []
        for item in try invocation.requireListInput() {
            if case .list(let inner) = item { flat.append(contentsOf: inner) } else { flat.append(item) }
        }
        return .value(.list(flat))
    }
}
