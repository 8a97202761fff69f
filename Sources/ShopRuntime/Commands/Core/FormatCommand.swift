import ShopPluginAPI

/// `format table|json|plain`: the session's output format.
struct FormatCommand: SessionCommand {
    static let format = Argument<OutputFormat>("FORMAT", "table, json or plain")

    let spec = CommandSpec(
        path: ["format"], abstract: "Choose how results are printed", arguments: [Self.format],
        examples: [Example("format json; vars; format table")])

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        session.format = try invocation[Self.format]
        return nil
    }
}
