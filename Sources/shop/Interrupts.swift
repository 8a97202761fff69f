import Glibc
import ShopPluginAPI
import Synchronization

/// Turns Ctrl-C into cancellation of the running command's task, and SIGTERM and SIGHUP into
/// a clean end (``ProcessEnd``).
///
/// ``observe()``, the first thing `main` does, installs a handler for the three signals that
/// writes the signal's number to a pipe, and starts a thread of its own that reads the pipe:
/// from that moment no signal is lost, however early it comes. SIGTERM and SIGHUP end shop
/// there: temporary files removed, plugin process groups ended, then the signal's default
/// action. When one comes, the task registered with ``run(_:)`` is
/// cancelled; with no task running, the `idle` action runs instead (scripts exit with status
/// 130); before any `Interrupts` exists, the process exits with status 130, as SIGINT's
/// default action would end it. A program `shop` starts gets SIGINT's default action back, as
/// `exec` resets caught signals. The task runs on the main thread, as the program's does
/// (``MainThreadExecutor``). The same handler and thread tell of the terminal's resizes as
/// they happen, once something asks (``onResize(_:)``).
final class Interrupts: Sendable {
    /// The active handlers, which the signal thread reads.
    private static let active = Mutex<Interrupts?>(nil)
    /// What a resize of the terminal does, and whether its signal is handled yet.
    private static let resize = Mutex<(action: (@Sendable () -> Void)?, handled: Bool)>((nil, false))

    private let idle: @Sendable () -> Void
    private let cancelCurrent = Mutex<(@Sendable () -> Void)?>(nil)
    private let arrived = Atomic<Bool>(false)

    /// Handles SIGINT from now on (the newest `Interrupts` replaces an older one).
    init(idle: @escaping @Sendable () -> Void) {
        self.idle = idle
        Self.active.withLock { $0 = self }
    }

    /// SIGTERM or SIGHUP, once one came (0 before): the program's own exit, should it come
    /// before the signal thread acts, ends by that signal all the same (``ProcessEnd``).
    static let termination = Atomic<Int32>(0)

    /// Installs the signal handler and starts the thread that acts on it. Call it before anything else.
    static func observe() {
        // Made now, before a handler could be the first to touch it.
        _ = termination.load(ordering: .relaxed)
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        signalPipe = (descriptors[0], descriptors[1])
        guard DetachedThread.start({ takeSignals() }) == nil else { return }
        for signal in [SIGINT, SIGTERM, SIGHUP] { handle(signal) }
    }

    /// Calls `action` on the signal thread each time the terminal's window changes size, from
    /// now on (nil: nothing). SIGWINCH is handled from the first call only, so a program that
    /// never asks has no handler that could interrupt its waits.
    static func onResize(_ action: (@Sendable () -> Void)?) {
        let handled = resize.withLock { resize in
            defer { resize = (action, resize.handled || action != nil) }
            return resize.handled
        }
        if !handled, action != nil { handle(SIGWINCH) }
    }

    /// Installs the handler that writes `signal`'s number to the pipe.
    private static func handle(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            // Only async-signal-safe calls here: an atomic store, one write, errno kept.
            let saved = errno
            if signal != SIGINT && signal != SIGWINCH { Interrupts.termination.store(signal, ordering: .relaxed) }
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(Interrupts.signalPipe.write, &byte, 1)
            errno = saved
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }

    /// Runs `operation` in a task that Ctrl-C cancels; returns its result and whether Ctrl-C came.
    func run<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) async -> (Result, interrupted: Bool)
    {
        arrived.store(false, ordering: .relaxed)
        // Registered before the task can run: a Ctrl-C as soon as it has started cancels it.
        let task = cancelCurrent.withLock { cancel in
            let task = Task(executorPreference: MainThreadExecutor.shared) { await operation() }
            cancel = { task.cancel() }
            return task
        }
        let result = await task.value
        cancelCurrent.withLock { $0 = nil }
        return (result, arrived.exchange(false, ordering: .relaxed))
    }

    // MARK: - The signal thread

    /// The pipe from the handler to the signal thread. `nonisolated(unsafe)`: written once by
    /// ``observe()`` before the handler is installed and the thread started, only read after.
    nonisolated(unsafe) private static var signalPipe: (read: Int32, write: Int32) = (-1, -1)

    private static func takeSignals() -> Never {
        while true {
            var byte: UInt8 = 0
            guard read(signalPipe.read, &byte, 1) == 1 else { continue }
            if Int32(byte) == SIGWINCH {
                resize.withLock { $0.action }?()
                continue
            }
            guard Int32(byte) == SIGINT else { ProcessEnd.end(by: Int32(byte)) }
            guard let interrupts = active.withLock({ $0 }) else { ProcessEnd.exit(130) }
            interrupts.interrupt()
        }
    }

    private func interrupt() {
        guard let cancel = cancelCurrent.withLock({ $0 }) else { return idle() }
        arrived.store(true, ordering: .relaxed)
        cancel()
    }
}
