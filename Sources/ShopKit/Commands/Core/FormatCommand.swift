/// `format table|json|plain`: the session's output format.
struct FormatCommand: Command {
    let spec = CommandSpec(
        path: ["format"], abstract: "Choose how results are printed",
        arguments: [
            ArgumentSpec("FORMAT", "table, json or plain", kind: .choice(OutputFormat.allCases.map(\.rawValue)))
        ],
        examples: [Example("format json; vars; format table")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        if let format = invocation.arguments.text("FORMAT").flatMap(OutputFormat.init(rawValue:)) {
            invocation.interpreter.format = format
        }
        return nil
    }
}
