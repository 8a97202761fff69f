import ShopPluginAPI
import ShopWire

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
        let context = Self.context(of: invocation)
        let progress = ProgressLine(terminal: invocation.console.terminal, plugin: plugin.name)
        defer { progress.clear() }
        let answer: RunResult
        do {
            answer = try await supervisor.call(
                label: spec.name, timeout: spec.timeoutSeconds ?? Self.defaultTimeout,
                handlers: handlers(for: invocation, progress: progress)
            ) { peer in
                RunRequest(
                    command: spec.path, arguments: arguments, options: options, input: invocation.input,
                    state: plugin.state(in: invocation.state, for: peer), context: context)
            }
        } catch let error as WireError {
            throw Self.failure(of: error)
        }
        return try apply(answer, in: invocation)
    }

    /// What the call does with the plugin's notifications and `state/get` while it runs.
    private func handlers(for invocation: Invocation, progress: ProgressLine) -> PluginConnection.Handlers {
        let (plugin, console, scope) = (plugin, invocation.console, plugin.scope)
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
        handlers.stateGet = { request in
            var values: [(key: String, value: Value)] = []
            for key in request.keys {
                guard scope.contains(key), let value = try? invocation.state.value(key) else {
                    return .failure(WireError(.invalidParams, "'\(key)' is outside this plugin's state"))
                }
                values.append((key, value))
            }
            return .success(StateGetResult(values: values))
        }
        return handlers
    }

    /// Checks and applies the answer: state changes first (all or none), then messages. An
    /// answer without a value is no result, as a built-in command's nil: its display lines
    /// print as messages (not in the `json` format), and nothing else.
    private func apply(_ answer: RunResult, in invocation: Invocation) throws -> CommandResult? {
        for change in answer.stateChanges {
            guard let declaration = plugin.stateKeys.first(where: { $0.key == change.key }) else {
                throw OutsideStateError.notOwned(plugin: plugin.name, key: change.key)
            }
            guard declaration.type.accepts(change.value) else {
                throw OutsideStateError.wrongType(
                    plugin: plugin.name, key: change.key, expected: declaration.type.expected,
                    got: change.value.typeName)
            }
        }
        for change in answer.stateChanges { try invocation.state.set(change.key, to: change.value) }
        for message in answer.messages {
            switch message.level {
            case .warning, .error: invocation.console.warning(message.text)
            case .info: invocation.console.message(message.text)
            }
        }
        guard let value = answer.value else {
            if invocation.format != .json {
                for line in answer.display ?? [] { invocation.console.message(line) }
            }
            return nil
        }
        return CommandResult(value, view: answer.display.map(LinesView.init(lines:)))
    }

    /// `context` of a `run`: where and how the result will be shown.
    private static func context(of invocation: Invocation) -> RunContext {
        let render = invocation.renderContext
        return RunContext(
            baseDirectory: invocation.baseDirectory, width: render.width, color: render.style.isEnabled,
            format: render.format, interactive: invocation.environment.isInteractive,
            now: invocation.environment.clock.now)
    }

    /// A plugin's error answer as the session prints it: its message, `data.help` on a line
    /// of its own, and the place of the word `data.argument` or `data.option` names.
    static func failure(of error: WireError) -> CommandFailure {
        let data = error.data.flatMap { try? FailureData(json: $0) } ?? FailureData(kind: .failed)
        return data.failure(error.message)
    }
}

extension OutsidePlugin {
    /// The call's scoped state: own keys and reads with their revisions; a value only where
    /// the process needs it (`state-cache`). Keys no plugin of this session declares are left out.
    func state(in state: StateAccess, for peer: PluginConnection.Peer) -> StateEntries {
        peer.state(of: scope) { key in
            guard let value = try? state.value(key) else { return nil }
            return (value, state.revision(of: key))
        }
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
