import ShopPluginAPI

/// `http live`: later `http` requests go to the network again, neither recorded nor replayed.
struct HTTPLiveCommand: Command {
    let spec = CommandSpec(
        path: ["http", "live"], abstract: "Send later http requests to the network again",
        discussion: "Ends 'http record' (its archive is complete) and 'http replay'.",
        examples: [Example("http live")])

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let left = invocation.sessionObject { HTTPSession() }.goLive()
        invocation.console.message("http: live" + (left.map { " (no longer \($0))" } ?? ""))
        return nil
    }
}
