import ShopPluginAPI

/// `lines`: a string as the list of its lines.
struct LinesCommand: Command {
    let spec = CommandSpec(
        path: ["lines"], abstract: "Split a string into its lines",
        discussion: "Lines end at \\n or \\r\\n; a final line break does not make an empty last line.",
        examples: [Example("services list | to csv | lines | first")],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let string = try TextVerbs.string(try invocation.requireInput(), command: spec.name)
        var lines = string.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        return .value(.list(lines.map(Value.string)))
    }
}
