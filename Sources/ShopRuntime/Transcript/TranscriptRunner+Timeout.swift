import ShopLanguage
import Synchronization

extension TranscriptRunner {
    /// Checks the script, but stops it and reports a failure once it has run `timeout` seconds.
    ///
    /// The check runs in a task of its own that is cancelled at the timeout; the result is
    /// given at once, without waiting for the task to wind down, so a command that ignores
    /// cancellation still cannot hold up the other files.
    static func run(path: String, name: String, settings: Settings, timeout: Double) async -> TranscriptResult {
        let progress = TranscriptProgress()
        let outcome = FirstOutcome()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                outcome.await(continuation)
                let work = Task {
                    outcome.finish(with: await check(path: path, name: name, settings: settings, progress: progress))
                }
                let timer = Task {
                    try? await Task.sleep(for: .seconds(timeout))
                    guard !Task.isCancelled else { return }
                    outcome.finish(with: timedOut(name: name, after: timeout, progress: progress))
                }
                outcome.cancelOnFinish([work, timer])
            }
        } onCancel: {
            outcome.cancelAll()
        }
    }

    private static func timedOut(name: String, after timeout: Double, progress: TranscriptProgress)
        -> TranscriptResult
    {
        let report = progress.runningStep.map { "\(name):\($0.location.line): \($0.source) was still running" } ?? ""
        return TranscriptResult(name: name, status: .timedOut(timeout), report: report)
    }
}

/// The first of several tasks to finish gives the result; the others are cancelled then.
private final class FirstOutcome: Sendable {
    private struct State {
        var continuation: CheckedContinuation<TranscriptResult, Never>?
        var tasks: [Task<Void, Never>] = []
        var finished = false
        var cancelled = false
    }

    private let state = Mutex(State())

    func await(_ continuation: CheckedContinuation<TranscriptResult, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// The tasks to cancel once a result is in (at once, if it is in already or the caller
    /// was cancelled).
    func cancelOnFinish(_ tasks: [Task<Void, Never>]) {
        let cancelNow = state.withLock { state in
            state.tasks = tasks
            return state.finished || state.cancelled
        }
        if cancelNow { for task in tasks { task.cancel() } }
    }

    /// Gives `result` unless another came first.
    func finish(with result: TranscriptResult) {
        let taken: State? = state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.continuation = nil }
            return state
        }
        taken?.continuation?.resume(returning: result)
        for task in taken?.tasks ?? [] { task.cancel() }
    }

    /// Cancels every task (the caller was cancelled); the work then finishes as interrupted.
    func cancelAll() {
        let tasks = state.withLock { state in
            state.cancelled = true
            return state.tasks
        }
        for task in tasks { task.cancel() }
    }
}
