import Glibc
import ShopPluginAPI
import ShopWire

/// `plugin check PATH`: the conformance report a plugin author runs — handshake, manifest,
/// every example, unknown methods, cancel, crash handling, shutdown, and the same manifest
/// on a second start — one line per check, then `N passed, M failed`.
struct PluginCheckCommand: Command {
    let context: PluginCommandContext
    let spec = CommandSpec(
        path: ["plugin", "check"], abstract: "Check that an outside plugin follows the protocol",
        discussion:
            "Nothing is registered. Each example runs in a fresh session with the built-in plugins and this one; the command fails when a check fails.",
        arguments: [PluginCommandContext.pluginArgument], examples: [Example("plugin check ./shop-plugin-promo")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let word = try invocation[PluginCommandContext.pluginArgument]
        let loader = context.loader(for: invocation)
        let executable: PluginExecutable
        do {
            executable = try loader.locate(word, workingDirectory: invocation.baseDirectory)
        } catch {
            throw CommandError.failed("plugin check \(word): \(error)")
        }
        var checks = PluginCheckReport(console: invocation.console)
        await checks.run(executable, loader: loader, context: context, environment: invocation.environment)
        invocation.console.message("\(checks.passed) passed, \(checks.failed) failed")
        if checks.failed > 0 { throw CommandError.failed("plugin check \(word): \(checks.failed) failed") }
        return nil
    }
}

/// The checks of `plugin check`, printed as they finish.
struct PluginCheckReport {
    let console: Console
    private(set) var passed = 0
    private(set) var failed = 0

    init(console: Console) {
        self.console = console
    }

    private mutating func record(_ ok: Bool, _ line: String) {
        if ok { passed += 1 } else { failed += 1 }
        console.message((ok ? "✓ " : "✗ ") + line)
    }

    mutating func run(
        _ executable: PluginExecutable, loader: OutsidePluginLoader, context: PluginCommandContext,
        environment: SessionEnvironment
    ) async {
        let supervisor = PluginSupervisor(expectedName: nil, executable: executable.path, settings: loader.settings)
        let identity: PluginIdentity
        do {
            identity = try await supervisor.start()
            record(true, "handshake: \(identity.name) \(identity.version), protocol \(identity.protocolVersion)")
        } catch {
            record(false, "handshake: \(error)")
            return
        }
        let first: Value
        let plugin: OutsidePlugin
        let manifest: PluginManifest
        do {
            first = try await supervisor.call(timeout: 5) { _ in ManifestRequest() }.manifest
            plugin = try OutsidePlugin(manifest: first, executable: executable.path, settings: loader.settings)
            manifest = try plugin.manifest
            let (commands, keys) = (manifest.commands.count, manifest.stateKeys.count)
            record(
                true,
                "manifest: \(commands) command\(commands == 1 ? "" : "s"), \(keys) state key\(keys == 1 ? "" : "s")")
        } catch {
            record(false, "manifest: \(error)")
            await supervisor.shutdown()
            return
        }
        let unknown = "an unknown method is answered with error \(WireErrorCode.methodNotFound.rawValue)"
        do {
            _ = try await supervisor.call("no/such/method", timeout: 5, params: .null)
            record(false, unknown + ": it succeeded")
        } catch let error as WireError {
            record(error.is(.methodNotFound), unknown + " (got \(error.code))")
        } catch {
            record(false, unknown + ": \(error)")
        }
        await checkCancel(supervisor, manifest: manifest, environment: environment)
        await checkCrash(supervisor)
        let exitedAlone = await supervisor.shutdownReportingExit()
        record(exitedAlone, exitedAlone ? "shutdown ends the process" : "shutdown: the process had to be killed")
        for example in manifest.commands.flatMap(\.examples) {
            await checkExample(example.command, plugin: plugin, context: context, environment: environment)
        }
        do {
            let second = try await loader.manifest(of: executable, expectedName: identity.name)
            record(second == first, "the manifest is the same on a second start")
        } catch {
            record(false, "the manifest is the same on a second start: \(error)")
        }
    }

    /// A `run` cancelled at once must be answered within the 1 s grace: the process is still
    /// there afterwards. The run is one the protocol allows: of a command that needs no
    /// argument where there is one, else with a value of its type for each required argument.
    /// A process that exited by itself crashed, which is said as such.
    private mutating func checkCancel(
        _ supervisor: PluginSupervisor, manifest: PluginManifest, environment: SessionEnvironment
    ) async {
        guard let request = Self.sampleRun(of: manifest, environment: environment) else { return }
        let call = Task {
            _ = try? await supervisor.call(label: request.command.spacedOut, timeout: 10) { _ in request }
        }
        call.cancel()
        await call.value
        try? await Task.sleep(for: .milliseconds(1500))
        switch supervisor.ending {
        case nil: record(true, "cancel is honoured")
        case .exited(_, let how, _, let lastWords)?:
            let quote = lastWords.map { "; its last words: '\(PluginHostError.shortened($0))'" } ?? ""
            record(false, "cancel: the plugin \(how) during the cancelled '\(request.command.spacedOut)'\(quote)")
        case .stopped?:
            record(false, "cancel: no answer within 1 s, so the plugin was stopped")
        case let other?:
            record(false, "cancel: \(other)")
        }
    }

    /// A `run` of the manifest's first command that takes no argument, else of its first
    /// command with a value of its type for each required argument; nil without commands.
    static func sampleRun(of manifest: PluginManifest, environment: SessionEnvironment) -> RunRequest? {
        let bare = manifest.commands.first { command in
            command.input != .required && command.arguments.allSatisfy(\.isOptional)
        }
        guard let command = bare ?? manifest.commands.first else { return nil }
        var arguments: [(String, Value)] = []
        for argument in command.arguments where !argument.isOptional {
            let sample = sampleValue(of: argument.type)
            arguments.append((argument.name, argument.isVariadic ? [sample] : sample))
        }
        let options: [(String, Value)] = command.options.map { ($0.name, $0.isFlag ? false : .null) }
        let context = RunContext(
            baseDirectory: environment.workingDirectory, width: 80, color: false, format: .table, interactive: false,
            now: environment.clock.now)
        // An if, not `? … : nil`, which would make the value null rather than none.
        var input: Value?
        if command.input == .required { input = .list([]) }
        return RunRequest(
            command: command.path, arguments: .record(Record(pairs: arguments)),
            options: .record(Record(pairs: options)), input: input, state: StateEntries(), context: context)
    }

    /// A value of `type`: the first of a choice's words, else an empty or zero one.
    private static func sampleValue(of type: ValueType) -> Value {
        switch type {
        case .int: .int(0)
        case .double: .double(0)
        case .bool: .bool(false)
        case .path: "."
        case .choice(let words): .string(words.first ?? "")
        case .list: .list([])
        case .record: .record(Record(pairs: []))
        case .optional(let wrapped): sampleValue(of: wrapped)
        default: ""
        }
    }

    /// After SIGKILL, the next call starts the plugin again.
    private mutating func checkCrash(_ supervisor: PluginSupervisor) async {
        guard case .running(let pid) = supervisor.status else { return }
        kill(-pid, SIGKILL)
        _ = try? await Task.sleep(for: .milliseconds(100))
        do {
            _ = try await supervisor.call(timeout: 5) { _ in ManifestRequest() }
            record(true, "after a crash the next call starts it again")
        } catch {
            do {
                _ = try await supervisor.call(timeout: 5) { _ in ManifestRequest() }
                record(true, "after a crash the next call starts it again")
            } catch {
                record(false, "after a crash: \(error)")
            }
        }
    }

    /// An example runs without error in a fresh session.
    private mutating func checkExample(
        _ line: String, plugin: OutsidePlugin, context: PluginCommandContext, environment: SessionEnvironment
    ) async {
        var plugins = context.builtIns.filter { $0.name != plugin.name }
        plugins.append(plugin)
        let failure = await context.runExample(line, plugins, environment)
        record(failure == nil, "example '\(line)'" + (failure.map { ": \($0)" } ?? ""))
    }
}
