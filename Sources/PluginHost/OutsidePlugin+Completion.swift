import Dispatch
import ShopPluginAPI
import ShopWire
import Synchronization

extension OutsidePlugin {
    /// How long Tab waits for a plugin's `complete` answer, in seconds.
    static let completionBudget = 0.150

    /// Tab on an argument whose source is `dynamic`: the plugin's answer within 150 ms, each
    /// candidate with its description when the plugin gives one (`described-completions`). A
    /// late answer is kept for the next Tab on the same word; a plugin that is not running is
    /// started in the background and offers nothing this time.
    func completions(for request: CompletionRequest) -> [CompletionCandidate] {
        let supervisor = supervisor(in: request.objects, workingDirectory: request.workingDirectory)
        let key = CompletionCache.Key(command: request.command, argument: request.argument, prefix: request.prefix)
        if let cached = supervisor.completions.take(key) { return cached }
        guard case .running = supervisor.status else {
            Task { try? await supervisor.start() }
            return []
        }
        let state = request.state
        let exchange = Mutex(CompletionExchange.waiting)
        let answered = DispatchSemaphore(value: 0)
        Task {
            let answer = try? await supervisor.call(timeout: 5) { peer in
                CompleteRequest(
                    command: request.command, argument: request.argument, prefix: request.prefix,
                    state: peer.state(of: scope) { key in state[key].map { ($0, state.revision(of: key)) } })
            }
            let candidates = answer?.candidates ?? []
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
