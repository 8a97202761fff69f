import Glibc
import ShopPluginAPI

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
            let answer = try await supervisor.call("manifest", label: "manifest", timeout: 5, params: .null)
            first = answer.recordValue?["manifest"] ?? .null
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
        do {
            _ = try await supervisor.call("no/such/method", label: "no/such/method", timeout: 5, params: .null)
            record(false, "an unknown method is answered with error -32601: it succeeded")
        } catch let error as RPCError {
            record(
                error.code == RPCError.methodNotFound,
                "an unknown method is answered with error -32601 (got \(error.code))")
        } catch {
            record(false, "an unknown method is answered with error -32601: \(error)")
        }
        await checkCancel(supervisor, plugin: plugin)
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
    /// there afterwards.
    private mutating func checkCancel(_ supervisor: PluginSupervisor, plugin: OutsidePlugin) async {
        guard let command = (try? plugin.manifest)?.commands.first else { return }
        let params: Value = .record(
            Record([
                "command": .list(command.path.map(Value.string)), "arguments": .record(Record(pairs: [])),
                "options": .record(Record(pairs: [])), "input": .null, "state": .record(Record(pairs: [])),
            ]))
        let call = Task { _ = try? await supervisor.call("run", label: command.name, timeout: 10, params: params) }
        call.cancel()
        await call.value
        try? await Task.sleep(for: .milliseconds(1500))
        let running = supervisor.status != .stopped
        record(running, running ? "cancel is honoured" : "cancel: no answer within 1 s, so the plugin was stopped")
    }

    /// After SIGKILL, the next call starts the plugin again.
    private mutating func checkCrash(_ supervisor: PluginSupervisor) async {
        guard case .running(let pid) = supervisor.status else { return }
        kill(-pid, SIGKILL)
        _ = try? await Task.sleep(for: .milliseconds(100))
        do {
            _ = try await supervisor.call("manifest", label: "manifest", timeout: 5, params: .null)
            record(true, "after a crash the next call starts it again")
        } catch {
            do {
                _ = try await supervisor.call("manifest", label: "manifest", timeout: 5, params: .null)
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
