import ShopPluginAPI

/// `skip N`: all rows but the first N.
struct SkipCommand: Command {
    let spec = CommandSpec(
        path: ["skip"], abstract: "Drop the first N rows",
        arguments: [Self.count],
        examples: [Example("services list | skip 4")], input: .required, resultFields: .input)

    static let count = Argument<Int>("N", "how many")

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        return .value(.list(rows.slice(min(rows.count, try invocation.count(Self.count))..<rows.count)))
    }
}
