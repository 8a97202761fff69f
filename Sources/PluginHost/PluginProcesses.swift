import Glibc
import Synchronization

/// Every plugin process of shop still running, so that shop ending on a signal (or with
/// `exit` between commands) ends their process groups too, not only the sessions it closes.
public enum PluginProcesses {
    private static let running = Mutex<Set<pid_t>>([])

    static func started(_ pid: pid_t) {
        running.withLock { _ = $0.insert(pid) }
    }

    static func ended(_ pid: pid_t) {
        running.withLock { _ = $0.remove(pid) }
    }

    /// Ends every plugin's process group: SIGTERM, then SIGKILL to what is left after up to
    /// `grace` seconds. For the end of shop: nothing is reaped, shop exits next.
    public static func endAll(grace: Double = 0.5) {
        let groups = running.withLock { $0 }
        guard !groups.isEmpty else { return }
        for pid in groups { kill(-pid, SIGTERM) }
        let deadline = ContinuousClock.now + .milliseconds(Int(grace * 1000))
        var left = groups
        while !left.isEmpty, ContinuousClock.now < deadline {
            // A leader that exited is reaped here, so that its group counts as gone.
            left = left.filter { pid in
                _ = waitpid(pid, nil, WNOHANG)
                return kill(-pid, 0) == 0
            }
            if !left.isEmpty { usleep(10_000) }
        }
        for pid in left { kill(-pid, SIGKILL) }
    }
}
