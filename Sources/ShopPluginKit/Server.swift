import ShopPluginAPI
import ShopState
import ShopWire
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
    let channel: any MessageChannel
    private let commands: [[String]: any Command]
    private let store: StateStore
    /// The plugin's own keys: the only ones its commands can write.
    private let ownKeys: [String]
    /// The host's revision of each value this process holds.
    private var revisions: [String: UInt64] = [:]
    private let objects = SessionObjects()
    /// The features both sides listed.
    private var features: Set<WireFeature> = []
    private var folders: (cache: String, state: String) = ("/tmp", "/tmp")
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextID = 1
    private var waitingForState: [Int: CheckedContinuation<WireMessage.Outcome, Never>] = [:]

    /// The features the kit knows.
    static let features: Set<WireFeature> = [.stateCache, .describedCompletions]

    init(plugin: any Plugin, channel: any MessageChannel) {
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
    func handle(_ message: WireMessage) async {
        switch message {
        case .notification(let method, let params):
            guard case .cancel(let cancel)? = try? HostNotification(method: method, params: params) else { return }
            running[cancel.id]?.cancel()
        case .response(let id, let outcome):
            waitingForState.removeValue(forKey: id)?.resume(returning: outcome)
        case .request(let id, let method, let params):
            do throws(WireFormatError) {
                guard let request = try HostRequest(method: method, params: params) else {
                    return fail(id, WireError(.methodNotFound, "unknown method '\(method)'"))
                }
                handle(request, id: id)
            } catch {
                fail(id, WireError(.invalidParams, "\(method): \(error)"))
            }
        }
    }

    private func handle(_ request: HostRequest, id: Int) {
        switch request {
        case .initialize(let offer):
            guard offer.protocolVersions.contains(WireProtocol.current) else {
                let data = UnsupportedProtocolData(
                    protocolVersions: WireProtocol.versions,
                    plugin: PeerIdentity(name: plugin.name, version: plugin.version))
                return fail(id, WireError(.unsupportedProtocol, "no common protocol version", data: data.json))
            }
            features = offer.features.intersection(Self.features)
            folders = (offer.cacheFolder, offer.stateFolder)
            answer(
                id,
                InitializeResult(
                    plugin: PeerIdentity(name: plugin.name, version: plugin.version), features: features))
        case .manifest:
            answer(id, ManifestAnswer(PluginManifest(plugin)))
        case .run(let run):
            running[id] = Task { await self.run(id, run) }
        case .complete(let complete):
            let result = CompleteResult(candidates: candidates(for: complete))
            answer(id, features.contains(.describedCompletions) ? result : result.undescribed)
        case .shutdown:
            for task in running.values { task.cancel() }
            answer(id, Nothing())
        }
    }

    /// Waits for runs still going.
    func finish() async {
        for task in running.values { await task.value }
    }

    private func answer(_ id: Int, _ result: some WireValue) {
        channel.send(.result(id: id, result))
    }

    private func fail(_ id: Int, _ error: WireError) {
        channel.send(.error(id: id, error))
    }

    // MARK: Running

    private func run(_ id: Int, _ request: RunRequest) async {
        defer { running[id] = nil }
        guard let command = commands[request.command] else {
            let message = "unknown command '\(request.command.spacedOut)'"
            return fail(id, WireError(failure: message, FailureData(kind: .usage)))
        }
        await fetchMissing(receive(request.state))
        let context = request.context
        let sink = LineCollector()
        let environment = SessionEnvironment(
            clock: .fixed(at: context.now), width: { context.width }, style: .plain, isInteractive: false,
            animations: false, stateDirectory: folders.state, workingDirectory: context.baseDirectory)
        let invocation = Invocation(
            command: DeclaredCommand(command),
            arguments: Arguments(json: request.arguments, options: request.options, for: command.spec),
            input: request.input, state: StateAccess(backend: store, owner: plugin.name),
            environment: environment, console: Console(sink: sink, format: context.format, terminal: nil),
            baseDirectory: context.baseDirectory, format: context.format, objects: objects)
        do {
            let (result, proposals) = try await store.proposals(for: ownKeys) { try await command.run(invocation) }
            if Task.isCancelled { return fail(id, Self.cancelled) }
            let display = result?.view.map { view in
                view.render(in: invocation.renderContext).split(separator: "\n", omittingEmptySubsequences: false)
                    .map(String.init)
            }
            answer(
                id,
                RunResult(
                    value: result?.value, display: display,
                    stateChanges: proposals.map { StateChange(key: $0.key, value: $0.value) },
                    messages: sink.messages))
        } catch is CancellationError {
            fail(id, Self.cancelled)
        } catch let failure as CommandFailure {
            fail(id, WireError(failure: failure.message, FailureData(failure)))
        } catch {
            let message = (error as? any CustomStringConvertible)?.description ?? "\(error)"
            fail(id, WireError(failure: message, FailureData(kind: .failed)))
        }
    }

    private static let cancelled = WireError(.cancelled, "cancelled")

    // MARK: State

    /// Takes the `state` of a request: new values replace the kept ones; a key sent without
    /// a value keeps the value this process holds. Returns the keys (with the host's
    /// revisions) whose values it does not hold.
    private func receive(_ state: StateEntries) -> [(key: String, revision: UInt64)] {
        var missing: [(key: String, revision: UInt64)] = []
        var values: [(key: String, value: Value)] = []
        for entry in state.entries {
            if let value = entry.value {
                values.append((entry.key, value))
                revisions[entry.key] = entry.revision
            } else if revisions[entry.key] != entry.revision {
                missing.append((entry.key, entry.revision))
            }
        }
        if !values.isEmpty { try? store.load(values) }
        return missing
    }

    /// Asks the host for the values this process does not hold, and keeps them with their
    /// revisions.
    private func fetchMissing(_ missing: [(key: String, revision: UInt64)]) async {
        guard !missing.isEmpty else { return }
        let id = nextID
        nextID += 1
        let outcome = await withCheckedContinuation { continuation in
            waitingForState[id] = continuation
            channel.send(.request(id: id, StateGetRequest(keys: missing.map(\.key))))
        }
        guard case .result(let result) = outcome, let answer = try? StateGetResult(json: result),
            (try? store.load(answer.values)) != nil
        else { return }
        for (key, revision) in missing where answer.values.contains(where: { $0.key == key }) {
            revisions[key] = revision
        }
    }

    // MARK: Completion

    /// The candidates of a `dynamic` source, those that start with the word typed.
    private func candidates(for request: CompleteRequest) -> [CompletionCandidate] {
        guard let spec = commands[request.command]?.spec else { return [] }
        let source =
            spec.arguments.first { $0.name == request.argument }?.completion
            ?? spec.options.first { $0.name == request.argument }?.completion
        guard let produce = source?.producer else { return [] }
        _ = receive(request.state)
        let candidates = produce(
            CompletionRequest(
                prefix: request.prefix, state: store.snapshot(), command: request.command, argument: request.argument,
                objects: objects))
        return candidates.filter { $0.value.hasPrefix(request.prefix) }
    }
}

/// The console of a call: its lines, as the answer's `messages`.
final class LineCollector: OutputSink {
    private let lines = Mutex<[RunMessage]>([])

    func write(_ text: String, to stream: OutputStreamKind) {
        let isWarning = stream == .standardError && text.hasPrefix("warning: ")
        let body = isWarning ? String(text.dropFirst("warning: ".count)) : text
        let level: RunMessage.Level = isWarning || stream == .standardError ? .warning : .info
        lines.withLock { lines in
            for line in body.split(separator: "\n") { lines.append(RunMessage(level, String(line))) }
        }
    }

    func flush() {}

    var messages: [RunMessage] { lines.withLock { $0 } }
}
