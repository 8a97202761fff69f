import ShopPluginAPI

/// `replace OLD NEW`: every OLD in a string (or in each string of a list) replaced by NEW.
struct ReplaceCommand: Command {
    static let old = Argument<String>("OLD", "the text to find (as written, not a pattern)")
    static let new = Argument<String>("NEW", "what to put in its place")

    let spec = CommandSpec(
        path: ["replace"], abstract: "Replace every OLD with NEW in strings",
        arguments: [Self.old, Self.new],
        examples: [Example("services list | get title | replace ' ' _")],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let (old, new) = (try invocation[Self.old], try invocation[Self.new])
        guard !old.isEmpty else { throw VerbError.invalid(command: spec.name, reason: "OLD must not be empty") }
        return .value(
            try TextVerbs.map(try invocation.requireInput(), command: spec.name) { $0.replacing(old, with: new) })
    }
}
