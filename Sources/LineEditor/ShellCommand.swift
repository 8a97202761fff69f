import Glibc

/// Runs a command the user named (`$PAGER`, `$VISUAL`) the way git does: through `/bin/sh -c`,
/// so that it may hold arguments and quotes.
public enum ShellCommand {
    /// Starts `command` with `arguments` after it, as `/bin/sh -c 'exec COMMAND "$@"'`: the
    /// shell becomes the command, so ending the child ends it.
    ///
    /// The child gets `input` as standard input and `terminal` as its three standard streams
    /// when given, no blocked signal (the calling thread may block some), and the signals shop
    /// ignores or handles back at their defaults. Returns nil when it cannot start.
    public static func start(
        _ command: String, arguments: [String] = [], input: Int32? = nil, terminal: Int32? = nil
    ) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        if let terminal {
            for stream in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
                posix_spawn_file_actions_adddup2(&actions, terminal, stream)
            }
        }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO) }
        var noSignals = sigset_t()
        var defaults = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let script = "exec " + command + (arguments.isEmpty ? "" : " \"$@\"")
        let words = ["/bin/sh", "-c", script, "sh"] + arguments
        let pointers = words.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var child: pid_t = 0
        guard posix_spawn(&child, "/bin/sh", &actions, &attributes, pointers, environ) == 0 else { return nil }
        return child
    }

    /// How a child ended, from its wait status.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)

        /// Reads a `waitpid` status (`WIFEXITED`, `WEXITSTATUS`, `WTERMSIG`, which Swift cannot import).
        public init(waitStatus status: Int32) {
            self = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
        }
    }
}
