import ShopPluginAPI

/// `take N`: the first N rows.
struct TakeCommand: Command {
    let spec = CommandSpec(
        path: ["take"], abstract: "Keep the first N rows",
        arguments: [Self.count],
        examples: [Example("services list | take 2")], input: .required, resultFields: .input)

    static let count = Argument<Int>("N", "how many")

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        return .value(.list(rows.slice(0..<min(rows.count, try invocation.count(Self.count)))))
    }
}
