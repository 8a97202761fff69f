import ShopPluginAPI

/// `to md`: the input as a Markdown table, for notes and slides.
struct ToMarkdownCommand: Command {
    let spec = CommandSpec(
        path: ["to", "md"], abstract: "Turn the input into a Markdown table",
        discussion: "Records become rows (numbers right-aligned); a record becomes a field/value table.",
        examples: [Example("services list | select title price | to md")], input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        .value(.string(String(MarkdownTable.text(try invocation.requireInput()).dropLast())))
    }
}
