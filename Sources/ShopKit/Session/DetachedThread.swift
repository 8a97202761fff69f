import Glibc

/// A thread of its own, outside Swift's cooperative pool, for work that blocks or waits on
/// descriptors (reading a plugin's pipes).
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
