import ShopPluginAPI

/// One command of an outside plugin: its spec from the manifest, and a `run` that sends
/// the bound arguments, the input and a scoped state snapshot to the plugin's process, then
/// applies its proposed state changes — only to its own keys, each of its key's type, all
/// or none, inside the command's own change (one `undo` step).
struct OutsideCommand: Command {
    let plugin: OutsidePlugin
    /// The spec from the manifest, its `dynamic` completion sources asking the plugin's process.
    let spec: CommandSpec

    init(plugin: OutsidePlugin, declared: CommandSpec) {
        self.plugin = plugin
        var spec = declared
        spec.arguments = spec.arguments.map { argument in
            var argument = argument
            argument.completion = Self.asked(argument.completion, plugin: plugin)
            return argument
        }
        spec.options = spec.options.map { option in
            var option = option
            option.completion = Self.asked(option.completion, plugin: plugin)
            return option
        }
        self.spec = spec
    }

    /// A `dynamic` source becomes a question to the plugin's process.
    private static func asked(_ source: CompletionSource, plugin: OutsidePlugin) -> CompletionSource {
        guard case .dynamic = source else { return source }
        return .described { request in plugin.completions(for: request) }
    }

    /// The default time a call may take.
    static let defaultTimeout: Double = 60

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let supervisor = invocation.endingSessionObject {
            plugin.makeSupervisor(
                variables: invocation.environment.variables, workingDirectory: invocation.environment.workingDirectory)
        }
        let (arguments, options) = invocation.arguments.json(for: spec)
        let scope = plugin.scope
        let console = invocation.console
        let progress = ProgressLine(terminal: console.terminal, plugin: plugin.name)
        defer { progress.clear() }
        var handlers = PluginConnection.Handlers()
        handlers.output = { lines in
            progress.printAbove {
                for line in lines { console.message(line) }
                console.flush()
            }
        }
        handlers.progress = { message, fraction in progress.show(message: message, fraction: fraction) }
        handlers.warning = { text in
            progress.printAbove {
                console.warning("\(plugin.name): \(text)")
                console.flush()
            }
        }
        handlers.stateGet = { keys in
            var values: [(String, Value)] = []
            for key in keys {
                guard scope.contains(key), let value = try? invocation.state.value(key) else {
                    return .error(
                        RPCError(code: RPCError.invalidParams, message: "'\(key)' is outside this plugin's state"))
                }
                values.append((key, value))
            }
            return .result(.record(Record(["values": .record(Record(pairs: values))])))
        }
        let answer: Value
        do {
            answer = try await supervisor.call(
                "run", label: spec.name, timeout: spec.timeoutSeconds ?? Self.defaultTimeout,
                params: { peer in
                    .record(
                        Record(pairs: [
                            ("command", .list(spec.path.map(Value.string))), ("arguments", arguments),
                            ("options", options), ("input", invocation.input ?? .null),
                            ("state", plugin.snapshot(of: invocation.state, for: peer)),
                            ("context", Self.context(of: invocation)),
                        ]))
                }, handlers: handlers)
        } catch let error as RPCError {
            throw Self.failure(of: error)
        }
        return try apply(answer, in: invocation)
    }

    /// Checks and applies the answer: state changes first (all or none), then messages.
    private func apply(_ answer: Value, in invocation: Invocation) throws -> CommandResult {
        guard let result = answer.recordValue else {
            throw PluginHostError.malformedMessage(plugin: plugin.name, reason: "the answer to 'run' is not a record")
        }
        var changes: [(key: String, value: Value)] = []
        for change in result["stateChanges"]?.listValue ?? [] {
            guard let key = change.recordValue?["key"]?.stringValue, let value = change.recordValue?["value"] else {
                throw PluginHostError.malformedMessage(
                    plugin: plugin.name, reason: "a state change needs a \"key\" and a \"value\"")
            }
            guard let declaration = plugin.stateKeys.first(where: { $0.key == key }) else {
                throw OutsideStateError.notOwned(plugin: plugin.name, key: key)
            }
            guard declaration.type.accepts(value) else {
                throw OutsideStateError.wrongType(
                    plugin: plugin.name, key: key, expected: declaration.type.expected, got: value.typeName)
            }
            changes.append((key, value))
        }
        for change in changes { try invocation.state.set(change.key, to: change.value) }
        for message in result["messages"]?.listValue ?? [] {
            let text = message.recordValue?["text"]?.plainText ?? ""
            switch message.recordValue?["level"]?.stringValue {
            case "warning"?, "error"?: invocation.console.warning(text)
            default: invocation.console.message(text)
            }
        }
        let value = result["value"] ?? .null
        let display = result["display"]?.listValue.map { $0.map(\.plainText) }
        return CommandResult(value, view: display.map(LinesView.init(lines:)))
    }

    /// `context` of a `run`: where and how the result will be shown.
    private static func context(of invocation: Invocation) -> Value {
        let render = invocation.renderContext
        return .record(
            Record(pairs: [
                ("baseDirectory", .string(invocation.baseDirectory)), ("width", .int(render.width)),
                ("color", .bool(render.style.isEnabled)), ("format", .string(render.format.rawValue)),
                ("interactive", .bool(invocation.environment.isInteractive)),
                ("now", .string(ISOTime.format(invocation.environment.clock.now))),
            ]))
    }

    /// A plugin's error answer as the session prints it: its message, `data.help` on a line
    /// of its own, and the place of the word `data.argument` or `data.option` names.
    static func failure(of error: RPCError) -> CommandFailure {
        let subject: CommandFailure.Subject? =
            if let argument = error.detail("argument")?.stringValue {
                .argument(argument)
            } else if let option = error.detail("option")?.stringValue {
                .option(option)
            } else {
                nil
            }
        let help = error.detail("help")?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return CommandFailure(error.message, help: help, about: subject)
    }
}

extension OutsidePlugin {
    /// The call's scoped state: own keys and reads with their revisions; a value only where
    /// the process needs it (`state-cache`). Keys no plugin of this session declares are left out.
    func snapshot(of state: StateAccess, for peer: PluginConnection.Peer) -> Value {
        var entries: [(String, Value)] = []
        for key in scope {
            guard let value = try? state.value(key) else { continue }
            let revision = state.revision(of: key)
            var entry: [(String, Value)] = [("revision", .int(Int(revision)))]
            if peer.needsValue(of: key, revision: revision) { entry.append(("value", value)) }
            entries.append((key, .record(Record(pairs: entry))))
        }
        return .record(Record(pairs: entries))
    }
}

/// A proposed state change the host refused; nothing of the answer is applied.
enum OutsideStateError: Error, Equatable, CustomStringConvertible {
    case notOwned(plugin: String, key: String)
    case wrongType(plugin: String, key: String, expected: String, got: String)

    var description: String {
        switch self {
        case .notOwned(let plugin, let key):
            "plugin \(plugin) tried to change '\(key)', which it does not own"
        case .wrongType(let plugin, let key, let expected, let got):
            "plugin \(plugin) proposed a value of type \(got) for '\(key)', which holds \(expected)"
        }
    }
}
