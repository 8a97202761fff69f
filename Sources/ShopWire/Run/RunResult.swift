import ShopPluginAPI

/// The answer to `run`: the command's value, the lines to show instead of the generic
/// rendering, the state changes it proposes and its messages.
public struct RunResult: WireValue, Equatable {
    /// What flows down the pipeline and `--format json` prints; nil (absent) for a command
    /// with no result, which prints nothing, as a built-in command returning none.
    public var value: Value?
    /// Lines shown instead of the generic rendering when the value is displayed in the `table`
    /// or `plain` format; without a value, shown as they are.
    public var display: [String]?
    /// Whole-key replacements of the plugin's own keys, applied all or none after success.
    public var stateChanges: [StateChange]
    /// Lines printed as the host's own info and `warning:` lines.
    public var messages: [RunMessage]

    public init(
        value: Value?, display: [String]? = nil, stateChanges: [StateChange] = [], messages: [RunMessage] = []
    ) {
        self.value = value
        self.display = display
        self.stateChanges = stateChanges
        self.messages = messages
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "result")
        self.value = fields.record["value"]
        display = fields.record["display"] == nil ? nil : try fields.strings("display")
        stateChanges = try fields.list("stateChanges").map { element throws(WireFormatError) in
            try StateChange(ObjectFields(element.value, path: element.path))
        }
        messages = try fields.list("messages").map { element throws(WireFormatError) in
            try RunMessage(ObjectFields(element.value, path: element.path))
        }
    }

    public var json: Value {
        var pairs: [(String, Value)] = []
        if let value { pairs.append(("value", value)) }
        if let display { pairs.append(("display", .list(display.map(Value.string)))) }
        if !stateChanges.isEmpty { pairs.append(("stateChanges", .list(stateChanges.map(\.json)))) }
        if !messages.isEmpty { pairs.append(("messages", .list(messages.map(\.json)))) }
        return .record(Record(pairs: pairs))
    }
}
