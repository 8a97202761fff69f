import Glibc
import PluginHost
import ShopPluginAPI
import Synchronization

/// What shop does on its way out, however it leaves — its last command done, Ctrl-C between
/// commands, SIGTERM or SIGHUP: the temporary files of writes under way and the run's own
/// folders are removed (``TemporaryPaths``), and the process groups of plugins still running
/// are ended.
enum ProcessEnd {
    /// Cleans up and exits with `status`; or, when SIGTERM or SIGHUP came meanwhile, ends by it.
    static func exit(_ status: Int32) -> Never {
        let signal = Interrupts.termination.load(ordering: .relaxed)
        if signal != 0 { end(by: signal) }
        cleanUp()
        Glibc.exit(status)
    }

    /// Cleans up and ends the process by `signal`'s default action, so that whoever started
    /// shop sees it ended by that signal.
    static func end(by signal: Int32) -> Never {
        cleanUp()
        Glibc.signal(signal, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signal)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signal)
        Glibc._exit(128 + signal)
    }

    private static func cleanUp() {
        TemporaryPaths.removeAll()
        PluginProcesses.endAll()
    }
}
