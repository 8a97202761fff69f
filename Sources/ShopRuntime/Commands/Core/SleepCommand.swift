import ShopPluginAPI

/// `sleep SECONDS`: waits; Ctrl-C cuts it short.
struct SleepCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["sleep"], abstract: "Wait a number of seconds (Ctrl-C stops it)",
        arguments: [Self.seconds],
        examples: [Example("sleep 0.01")])

    static let seconds = Argument<Double>("SECONDS", "how long, such as 0.5")

    func run(_ invocation: Invocation, in session: Interpreter) async throws -> CommandResult? {
        let seconds = try invocation[Self.seconds]
        guard seconds >= 0, seconds < 1e9 else {
            throw CommandError.invalidArgument(
                command: spec.name, argument: "SECONDS", expected: "between 0 and 1e9", got: String(seconds))
        }
        invocation.console.flush()
        try await Task.sleep(for: .seconds(seconds))
        return nil
    }
}
