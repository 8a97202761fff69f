import ShopPluginAPI

/// `plugin log NAME`: what an outside plugin wrote on stderr (and sent as `log`) in this
/// session, which never reaches the terminal directly.
struct PluginLogCommand: Command {
    let spec = CommandSpec(
        path: ["plugin", "log"], abstract: "Show what an outside plugin logged in this session",
        arguments: [Self.name], examples: [Example("plugin log promo")])

    static let name = Argument<String>("NAME", "an outside plugin")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let name = try invocation[Self.name]
        guard let supervisor = invocation.existingSessionObject(of: name, as: PluginSupervisor.self) else {
            invocation.console.message("(\(name) has not run in this session)")
            return nil
        }
        let lines = supervisor.log.lines
        if lines.isEmpty { invocation.console.message("(\(name) logged nothing in this session)") }
        for line in lines { invocation.console.message(line) }
        return nil
    }
}
