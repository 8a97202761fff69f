/// `take N`: the first N rows.
struct TakeCommand: Command {
    let spec = CommandSpec(
        path: ["take"], abstract: "Keep the first N rows",
        arguments: [ArgumentSpec("N", "how many", kind: .count)],
        examples: [Example("services list | take 2")], input: .required)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        return .value(.list(Array(rows.prefix(invocation.arguments.int("N") ?? 0))))
    }
}
