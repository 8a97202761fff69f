import Dispatch
import Glibc
import Synchronization

/// Turns Ctrl-C into cancellation of the running command's task.
///
/// SIGINT is ignored by the process and observed through a dispatch source; when it
/// arrives, the task registered with ``run(_:)`` is cancelled. With no task running, the
/// `idle` action runs instead (scripts exit with status 130).
final class Interrupts {
    /// What the signal handler and the runner share.
    private final class Shared: Sendable {
        let cancelCurrent = Mutex<(@Sendable () -> Void)?>(nil)
        let arrived = Atomic<Bool>(false)
    }

    private let shared = Shared()
    private let source: any DispatchSourceSignal

    init(idle: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [shared] in
            guard let cancel = shared.cancelCurrent.withLock({ $0 }) else { return idle() }
            shared.arrived.store(true, ordering: .relaxed)
            cancel()
        }
        source.resume()
    }

    /// Runs `operation` in a task that Ctrl-C cancels; returns its result and whether Ctrl-C came.
    func run<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) async -> (Result, interrupted: Bool)
    {
        shared.arrived.store(false, ordering: .relaxed)
        let task = Task { await operation() }
        shared.cancelCurrent.withLock { $0 = { task.cancel() } }
        let result = await task.value
        shared.cancelCurrent.withLock { $0 = nil }
        return (result, shared.arrived.exchange(false, ordering: .relaxed))
    }
}
