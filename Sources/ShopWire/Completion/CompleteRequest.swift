import ShopPluginAPI

/// `complete`: Tab candidates for an argument (or option) whose completion source is
/// `dynamic`, with the plugin's scoped state as a `run` carries it.
public struct CompleteRequest: WireRequest, Equatable {
    public typealias Result = CompleteResult
    public static let method = WireMethod.complete

    public var command: [String]
    /// The argument's name, or the option's (`--only`).
    public var argument: String
    /// The word typed so far.
    public var prefix: String
    public var state: StateEntries

    public init(command: [String], argument: String, prefix: String, state: StateEntries) {
        self.command = command
        self.argument = argument
        self.prefix = prefix
        self.state = state
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "params")
        command = try fields.strings("command")
        argument = try fields.string("argument")
        prefix = try fields.optionalString("prefix") ?? ""
        state = try StateEntries(json: fields.record["state"] ?? .null, path: fields.path(of: "state"))
    }

    public var json: Value {
        .record(
            Record(pairs: [
                ("command", .list(command.map(Value.string))), ("argument", .string(argument)),
                ("prefix", .string(prefix)), ("state", state.json),
            ]))
    }
}
