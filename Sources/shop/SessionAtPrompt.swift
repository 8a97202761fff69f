import Dispatch
import ShopRuntime
import Synchronization

/// The session as the line editor's callbacks ask it while the prompt waits for a key: Tab
/// and the line's colours read the session's state when they need it.
///
/// The callbacks run on the main thread inside libedit and cannot `await`, so each question
/// goes to the session actor in a task on the global executor (not the main thread's, which
/// is waiting here) and the main thread waits for the answer, at most ``patience`` seconds.
struct SessionAtPrompt: Sendable {
    let session: Session

    /// How long a callback waits for the session before it answers without the state.
    static let patience = 2.0

    /// What Tab completes from: the state as it is now, or the commands alone when the
    /// session does not answer in time.
    func completion() -> CompletionContext {
        ask { await session.completionContext() } ?? session.commandsAlone
    }

    /// The names of the user's own commands, for the line's colours.
    func userCommandNames() -> Set<String> {
        ask { await session.userCommandNames } ?? []
    }

    /// `question`'s answer, asked on the global executor; nil when it takes longer than
    /// ``patience``.
    private func ask<Answer: Sendable>(_ question: @escaping @Sendable () async -> Answer) -> Answer? {
        let answer = Mutex<Answer?>(nil)
        let answered = DispatchSemaphore(value: 0)
        Task(executorPreference: globalConcurrentExecutor) {
            let value = await question()
            answer.withLock { $0 = value }
            answered.signal()
        }
        _ = answered.wait(timeout: .now() + Self.patience)
        return answer.withLock { $0 }
    }
}
