/// `skip N`: all rows but the first N.
struct SkipCommand: Command {
    let spec = CommandSpec(
        path: ["skip"], abstract: "Drop the first N rows",
        arguments: [ArgumentSpec("N", "how many", kind: .count)],
        examples: [Example("services list | skip 4")], input: .required)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        return .value(.list(Array(rows.dropFirst(invocation.arguments.int("N") ?? 0))))
    }
}
