import Glibc

/// A thread of its own, outside Swift's cooperative pool, for work that blocks or waits on
/// descriptors (a plugin's pipes, libcurl's loop, the signal pipe, reaping a child); it
/// takes no signals.
///
/// ```swift
/// if let code = DetachedThread.start({ readUntilTheEnd() }) { print(String(cString: strerror(code))) }
/// ```
public enum DetachedThread {
    /// Runs `body` on a new detached thread; the `errno`-style code when none could start.
    public static func start(_ body: @escaping @Sendable () -> Void) -> Int32? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                // Signals sent to the process go to the threads that expect them (a handler
                // on the main thread, libdispatch's signal sources), never to this one.
                var all = sigset_t()
                sigfillset(&all)
                pthread_sigmask(SIG_BLOCK, &all, nil)
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return started
        }
        pthread_detach(thread)
        return nil
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}
