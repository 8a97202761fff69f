import ShopPluginAPI

/// `run`: one command, its arguments and options bound and typed by the host (a plugin never
/// parses words), the pipeline's input, the plugin's scoped state and where the result goes.
public struct RunRequest: WireRequest, Equatable {
    public typealias Result = RunResult
    public static let method = WireMethod.run

    /// The command's path: `["promo", "apply"]`.
    public var command: [String]
    /// `{"CODE": "SPRING"}`: a variadic argument as a list, a missing optional one absent.
    public var arguments: Value
    /// `{"--dry-run": false, "--until": null}`: every option, flags `true`/`false`, an
    /// option not given `null`.
    public var options: Value
    /// The previous command's value; nil for none.
    public var input: Value?
    public var state: StateEntries
    public var context: RunContext

    public init(
        command: [String], arguments: Value, options: Value, input: Value?, state: StateEntries, context: RunContext
    ) {
        self.command = command
        self.arguments = arguments
        self.options = options
        self.input = input
        self.state = state
        self.context = context
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "params")
        command = try fields.strings("command")
        arguments = try fields.optionalObject("arguments")?.json ?? .record(Record(pairs: []))
        options = try fields.optionalObject("options")?.json ?? .record(Record(pairs: []))
        input = fields.value("input")
        state = try StateEntries(json: fields.record["state"] ?? .null, path: fields.path(of: "state"))
        context = try RunContext(try fields.object("context"))
    }

    public var json: Value {
        .record(
            Record(pairs: [
                ("command", .list(command.map(Value.string))), ("arguments", arguments), ("options", options),
                ("input", input ?? .null), ("state", state.json), ("context", context.json),
            ]))
    }
}
