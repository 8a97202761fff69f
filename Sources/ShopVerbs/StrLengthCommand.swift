import ShopPluginAPI

/// `str length`: how many characters text has (as a reader counts them: `é` is one).
struct StrLengthCommand: Command {
    let spec = CommandSpec(
        path: ["str", "length"], abstract: "How many characters text has",
        discussion: "Works on a string or on each string of a list (null stays null). A character is what a reader "
            + "counts as one: 'é' and '👍🏽' are one each.",
        examples: [Example("'naïve' | str length"), Example("services list | get title | str length")],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        .value(try TextVerbs.eachString(try invocation.requireInput(), command: spec.name) { .int($0.count) })
    }
}
