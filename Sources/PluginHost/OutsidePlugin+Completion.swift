import Dispatch
import ShopPluginAPI
import Synchronization

extension OutsidePlugin {
    /// How long Tab waits for a plugin's `complete` answer, in seconds.
    static let completionBudget = 0.150

    /// Tab on an argument whose source is `dynamic`: the plugin's answer within 150 ms. A
    /// late answer is kept for the next Tab on the same word; a plugin that is not running is
    /// started in the background and offers nothing this time. A candidate may come with a
    /// description, as `{"value": "SPRING", "description": "20% off until May"}`.
    func completions(for request: CompletionRequest) -> [CompletionCandidate] {
        let supervisor = supervisor(in: request.objects, workingDirectory: request.workingDirectory)
        let key = CompletionCache.Key(command: request.command, argument: request.argument, prefix: request.prefix)
        if let cached = supervisor.completions.take(key) { return cached }
        guard case .running = supervisor.status else {
            Task { try? await supervisor.start() }
            return []
        }
        let params: Value = .record(
            Record(pairs: [
                ("command", .list(request.command.map(Value.string))), ("argument", .string(request.argument)),
                ("prefix", .string(request.prefix)),
            ]))
        let scope = scope
        let state = request.state
        let exchange = Mutex(CompletionExchange.waiting)
        let answered = DispatchSemaphore(value: 0)
        Task {
            let result = try? await supervisor.call(
                "complete", label: "complete", timeout: 5,
                params: { peer in Self.completionParams(params, scope: scope, state: state, peer: peer) })
            let candidates = result?.recordValue?["candidates"]?.listValue?.map(Self.candidate) ?? []
            let wasAbandoned = exchange.withLock { exchange in
                defer { exchange = .answered(candidates) }
                return exchange == .abandoned
            }
            if wasAbandoned { supervisor.completions.keep(candidates, for: key) }
            answered.signal()
        }
        _ = answered.wait(timeout: .now() + Self.completionBudget)
        return exchange.withLock { exchange in
            if case .answered(let candidates) = exchange { return candidates }
            exchange = .abandoned  // too late: whatever comes is kept for the next Tab
            return []
        }
    }

    /// A candidate of a `complete` answer: a word, or a record of the word and its description.
    private static func candidate(_ value: Value) -> CompletionCandidate {
        guard let record = value.recordValue, let word = record["value"] else {
            return CompletionCandidate(value.plainText)
        }
        return CompletionCandidate(word.plainText, description: record["description"]?.stringValue)
    }

    private static func completionParams(
        _ params: Value, scope: [String], state: StateSnapshot, peer: PluginConnection.Peer
    ) -> Value {
        var entries: [(String, Value)] = []
        for key in scope {
            guard let value = state[key] else { continue }
            let revision = state.revision(of: key)
            var entry: [(String, Value)] = [("revision", .int(Int(revision)))]
            if peer.needsValue(of: key, revision: revision) { entry.append(("value", value)) }
            entries.append((key, .record(Record(pairs: entry))))
        }
        guard var record = params.recordValue else { return params }
        record = record.setting("state", to: .record(Record(pairs: entries)))
        return .record(record)
    }
}

/// Where one Tab's `complete` stands.
private enum CompletionExchange: Equatable {
    case waiting
    case answered([CompletionCandidate])
    case abandoned
}

/// Answers to `complete` that came after Tab stopped waiting, kept for the next Tab on the
/// same word (one session's, at most 64 words).
final class CompletionCache: Sendable {
    struct Key: Hashable, Sendable {
        var command: [String]
        var argument: String
        var prefix: String
    }

    private let answers = Mutex<[Key: [CompletionCandidate]]>([:])

    func keep(_ candidates: [CompletionCandidate], for key: Key) {
        answers.withLock { answers in
            if answers.count >= 64 { answers.removeAll() }
            answers[key] = candidates
        }
    }

    func take(_ key: Key) -> [CompletionCandidate]? {
        answers.withLock { $0.removeValue(forKey: key) }
    }
}
