import ShopPluginAPI
import ShopState
import Synchronization

/// The plugin's side of the conversation: one `run` at a time as a task `cancel` can stop,
/// `state/get` when the host left out a value this process does not hold.
///
/// The state is an ordinary ``StateStore`` (the one state backend, in process and out)
/// holding the plugin's own keys and, as `any`, the keys it reads: the values the host sent,
/// kept across calls so `state-cache` works. Each command runs in a change of it that is
/// rolled back (``StateStore/proposals(for:_:)``); what it wrote goes back as proposed
/// `stateChanges`.
actor Server {
    let plugin: any Plugin
    let channel: Channel
    private let commands: [[String]: any Command]
    private let store: StateStore
    /// The plugin's own keys: the only ones its commands can write.
    private let ownKeys: [String]
    /// The host's revision of each value this process holds.
    private var revisions: [String: UInt64] = [:]
    private let objects = SessionObjects()
    private var usesStateCache = false
    private var folders: (cache: String, state: String) = ("/tmp", "/tmp")
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextID = 1
    private var waitingForState: [Int: CheckedContinuation<Value, Never>] = [:]

    init(plugin: any Plugin, channel: Channel) {
        self.plugin = plugin
        self.channel = channel
        var commands: [[String]: any Command] = [:]
        for command in plugin.commands { commands[command.spec.path] = command }
        self.commands = commands
        let reads = plugin.reads.map { key in
            StateKeyDeclaration(key: key, abstract: "read from the host", type: .any, initialValue: { .null })
        }
        store = StateStore(declarations: plugin.stateKeys + reads)
        ownKeys = plugin.stateKeys.map(\.key)
    }

    /// Handles one message from the host.
    func handle(_ message: Value) async {
        guard let record = message.recordValue else { return }
        let params = record["params"] ?? .null
        let method = record["method"]?.stringValue
        guard let id = record["id"]?.intValue else {
            if method == "cancel", let id = params.recordValue?["id"]?.intValue { running[id]?.cancel() }
            return
        }
        guard let method else {
            waitingForState.removeValue(forKey: id)?.resume(returning: record["result"] ?? .null)
            return
        }
        switch method {
        case "initialize":
            let offered = params.recordValue?["protocolVersions"]?.listValue ?? []
            guard offered.contains(1) else {
                return fail(
                    id, code: -32002, "no common protocol version", data: .record(Record(["protocolVersions": [1]])))
            }
            usesStateCache = params.recordValue?["features"]?.listValue?.contains("state-cache") ?? false
            let given = params.recordValue?["folders"]?.recordValue
            folders = (given?["cache"]?.stringValue ?? "/tmp", given?["state"]?.stringValue ?? "/tmp")
            answer(
                id,
                .record(
                    Record(pairs: [
                        ("protocolVersion", 1),
                        (
                            "plugin",
                            .record(Record(["name": .string(plugin.name), "version": .string(plugin.version)]))
                        ),
                        ("features", usesStateCache ? ["state-cache"] : []),
                    ])))
        case "manifest":
            answer(id, .record(Record(["manifest": PluginManifest(plugin).json])))
        case "run":
            running[id] = Task { await self.run(id, params) }
        case "complete":
            answer(id, .record(Record(["candidates": .list(complete(params).map(Value.string))])))
        case "shutdown":
            for task in running.values { task.cancel() }
            answer(id, .null)
        default:
            fail(id, code: -32601, "unknown method '\(method)'")
        }
    }

    /// Waits for runs still going.
    func finish() async {
        for task in running.values { await task.value }
    }

    private func answer(_ id: Int, _ result: Value) {
        channel.send([("id", .int(id)), ("result", result)])
    }

    private func fail(_ id: Int, code: Int, _ message: String, data: Value? = nil) {
        var error: [(String, Value)] = [("code", .int(code)), ("message", .string(message))]
        if let data { error.append(("data", data)) }
        channel.send([("id", .int(id)), ("error", .record(Record(pairs: error)))])
    }

    // MARK: Running

    private func run(_ id: Int, _ params: Value) async {
        defer { running[id] = nil }
        let request = params.recordValue
        let path = request?["command"]?.listValue?.map(\.plainText) ?? []
        guard let command = commands[path] else {
            return fail(id, code: -32000, "unknown command '\(path.joined(separator: " "))'", data: kind("usage"))
        }
        await fetchMissing(receive(request?["state"] ?? .null))
        let context = request?["context"]?.recordValue
        let width = context?["width"]?.intValue ?? 80
        let format = context?["format"]?.stringValue.flatMap(OutputFormat.init(rawValue:)) ?? .table
        let baseDirectory = context?["baseDirectory"]?.stringValue ?? "/"
        let now = context?["now"]?.stringValue.flatMap(Timestamp.parse) ?? 0
        let sink = LineCollector()
        let environment = SessionEnvironment(
            clock: .fixed(at: now), width: { width }, style: .plain, isInteractive: false, animations: false,
            stateDirectory: folders.state, workingDirectory: baseDirectory)
        let input = request?["input"] ?? .null
        let invocation = Invocation(
            command: DeclaredCommand(command),
            arguments: Arguments(
                json: request?["arguments"] ?? .null, options: request?["options"] ?? .null, for: command.spec),
            input: input.isNull ? nil : input, state: StateAccess(backend: store, owner: plugin.name),
            environment: environment, console: Console(sink: sink, format: format, terminal: nil),
            baseDirectory: baseDirectory, format: format, objects: objects)
        do {
            let (result, proposals) = try await store.proposals(for: ownKeys) { try await command.run(invocation) }
            let render = invocation.renderContext
            if Task.isCancelled { return fail(id, code: -32800, "cancelled") }
            var pairs: [(String, Value)] = [("value", result?.value ?? .null)]
            if let view = result?.view {
                let lines = view.render(in: render).split(separator: "\n", omittingEmptySubsequences: false)
                pairs.append(("display", .list(lines.map { .string(String($0)) })))
            }
            if !proposals.isEmpty {
                pairs.append(
                    (
                        "stateChanges",
                        .list(proposals.map { .record(Record(["key": .string($0.key), "value": $0.value])) })
                    ))
            }
            if !sink.messages.isEmpty { pairs.append(("messages", .list(sink.messages))) }
            answer(id, .record(Record(pairs: pairs)))
        } catch is CancellationError {
            fail(id, code: -32800, "cancelled")
        } catch let failure as CommandFailure {
            fail(id, code: -32000, failure.message, data: Self.errorData(of: failure))
        } catch {
            let message = (error as? any CustomStringConvertible)?.description ?? "\(error)"
            fail(id, code: -32000, message, data: kind("failed"))
        }
    }

    /// The `data` of the error answer for `failure`: its kind, the
    /// argument or option it is about, and its help.
    static func errorData(of failure: CommandFailure) -> Value {
        var data: [(String, Value)]
        switch failure.subject {
        case .argument(let name)?: data = [("kind", "invalid-argument"), ("argument", .string(name))]
        case .option(let name)?: data = [("kind", "invalid-argument"), ("option", .string(name))]
        case nil: data = [("kind", "failed")]
        }
        if let help = failure.help { data.append(("help", .string(help))) }
        return .record(Record(pairs: data))
    }

    private func kind(_ kind: String) -> Value {
        .record(Record(["kind": .string(kind)]))
    }

    // MARK: State

    /// Takes the `state` of a request: new values replace the kept ones; a key sent without
    /// a value keeps the value this process holds. Returns the keys (with the host's
    /// revisions) whose values it does not hold.
    private func receive(_ state: Value) -> [(key: String, revision: UInt64)] {
        var missing: [(key: String, revision: UInt64)] = []
        var values: [(key: String, value: Value)] = []
        for (key, entry) in state.recordValue?.fields ?? [] {
            let revision = UInt64(entry.recordValue?["revision"]?.intValue ?? 0)
            if let value = entry.recordValue?["value"] {
                values.append((key, value))
                revisions[key] = revision
            } else if revisions[key] != revision {
                missing.append((key, revision))
            }
        }
        if !values.isEmpty { try? store.load(values) }
        return missing
    }

    /// Asks the host for the values this process does not hold, and keeps them with their
    /// revisions.
    private func fetchMissing(_ missing: [(key: String, revision: UInt64)]) async {
        guard !missing.isEmpty else { return }
        let keys = missing.map(\.key)
        let id = nextID
        nextID += 1
        let answer = await withCheckedContinuation { continuation in
            waitingForState[id] = continuation
            channel.send([
                ("id", .int(id)), ("method", "state/get"),
                ("params", .record(Record(["keys": .list(keys.map(Value.string))]))),
            ])
        }
        let values = answer.recordValue?["values"]?.recordValue?.fields.map { (key: $0.name, value: $0.value) } ?? []
        guard (try? store.load(values)) != nil else { return }
        for (key, revision) in missing where values.contains(where: { $0.key == key }) { revisions[key] = revision }
    }

    // MARK: Completion

    private func complete(_ params: Value) -> [String] {
        let request = params.recordValue
        let path = request?["command"]?.listValue?.map(\.plainText) ?? []
        let name = request?["argument"]?.stringValue ?? ""
        let prefix = request?["prefix"]?.stringValue ?? ""
        guard let spec = commands[path]?.spec else { return [] }
        let source =
            spec.arguments.first { $0.name == name }?.completion ?? spec.options.first { $0.name == name }?.completion
        guard let produce = source?.producer else { return [] }
        _ = receive(request?["state"] ?? .null)
        let candidates = produce(
            CompletionRequest(
                prefix: prefix, state: store.snapshot(), command: path, argument: name, objects: objects))
        return candidates.map(\.value).filter { $0.hasPrefix(prefix) }
    }
}

/// The console of a call: its lines, as the answer's `messages`.
final class LineCollector: OutputSink {
    private let lines = Mutex<[Value]>([])

    func write(_ text: String, to stream: OutputStreamKind) {
        let isWarning = stream == .standardError && text.hasPrefix("warning: ")
        let body = isWarning ? String(text.dropFirst("warning: ".count)) : text
        let level: Value = isWarning || stream == .standardError ? "warning" : "info"
        lines.withLock { lines in
            for line in body.split(separator: "\n") {
                lines.append(.record(Record(["level": level, "text": .string(String(line))])))
            }
        }
    }

    func flush() {}

    var messages: [Value] { lines.withLock { $0 } }
}
