import Synchronization

extension DetachedThread {
    /// Runs `body` on a thread of its own and waits for what it returns or throws, holding
    /// none of the cooperative pool's threads meanwhile: for long blocking work (an SQLite
    /// query) that must not keep the pool from running what stops it. When no thread can
    /// start, `body` runs here.
    ///
    /// `body` runs outside any task, where `Task.isCancelled` is false: when the waiting task
    /// is cancelled, `onCancel` runs (at once if it already is), and must make `body` stop.
    ///
    /// ```swift
    /// let interrupter = query.interrupter
    /// let rows = try await DetachedThread.run { try query.run() } onCancel: { interrupter.interrupt() }
    /// ```
    public static func run<Output: Sendable>(
        _ body: sending @escaping () throws -> Output, onCancel: @Sendable () -> Void
    ) async throws -> Output {
        let work = Work(body)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let finish: @Sendable () -> Void = { continuation.resume(with: Result { try work.run() }) }
                if start(finish) != nil { finish() }
            }
        } onCancel: {
            onCancel()
        }
    }

    /// The work handed to the thread, which runs it once: `body` is `sending`, so nothing
    /// else holds what it uses, and the lock hands it over to the thread that takes it.
    private final class Work<Output>: Sendable {
        private let body: Mutex<(() throws -> Output)?>

        init(_ body: sending @escaping () throws -> Output) {
            self.body = Mutex(body)
        }

        /// Runs the body; called once, by the thread `run(_:onCancel:)` starts or in its place.
        func run() throws -> Output {
            guard let body = body.withLock({ $0.take() }) else { preconditionFailure("the work ran twice") }
            return try body()
        }
    }
}
