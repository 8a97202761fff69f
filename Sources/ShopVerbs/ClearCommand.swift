import ShopPluginAPI

/// `clear`: clears the screen at the interactive prompt, as Ctrl-L does.
struct ClearCommand: Command {
    let spec = CommandSpec(
        path: ["clear"], abstract: "Clear the screen (as Ctrl-L does)",
        discussion: "Does nothing in scripts, tests and pipes.",
        examples: [Example("clear")], history: .notReplayable)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        invocation.console.screen?.clear()
        return nil
    }
}
