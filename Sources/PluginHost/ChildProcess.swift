import CPluginSpawn
import Glibc
import Synchronization

/// A plugin's process: started with `posix_spawn` in a process group of its own, with its
/// stdin, stdout and stderr connected to pipes the host holds.
///
/// The group keeps the terminal's Ctrl-C away from the plugin (the host owns
/// cancellation); the child gets the three pipes and no other descriptor of shop (the pipes
/// are made with `O_CLOEXEC`, and every descriptor from 3 up is closed in the child). The
/// process is reaped by ``reap()`` or ``waitForExit(within:)``: no zombie outlives it, and
/// whatever is left of its group (a child of the plugin still holding its pipes) is killed
/// before it is reaped, while its group id cannot yet belong to anyone else.
///
/// The host learns of the exit from the process, not its pipes: ``exitNotice`` becomes
/// readable when it exits, even while a child of the plugin keeps stdout open.
final class ChildProcess: Sendable {
    /// The process id, which is also its process group's id.
    let pid: pid_t
    /// The write end of the child's stdin, non-blocking.
    let standardInput: Int32
    /// The read end of the child's stdout, non-blocking.
    let standardOutput: Int32
    /// The read end of the child's stderr, non-blocking.
    let standardError: Int32
    /// A descriptor readable once the process exited (a pidfd), for whoever watches its pipes
    /// to poll and close; -1 where the kernel has none, and the exit is then polled for.
    let exitNotice: Int32
    /// How it ended, once reaped.
    private let status = Mutex<ExitStatus?>(nil)

    private init(pid: pid_t, standardInput: Int32, standardOutput: Int32, standardError: Int32) {
        self.pid = pid
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
        exitNotice = shop_pidfd_open(pid)
    }

    /// Starts `executable` with no arguments in `workingDirectory`, with `environment`.
    static func spawn(
        executable: String, environment: [String: String], workingDirectory: String
    ) throws(SpawnError) -> ChildProcess {
        ignoreBrokenPipes
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard shop_pipe_cloexec(&input) == 0 else { throw SpawnError(code: errno) }
        guard shop_pipe_cloexec(&output) == 0 else {
            closeAll(input)
            throw SpawnError(code: errno)
        }
        guard shop_pipe_cloexec(&errors) == 0 else {
            closeAll(input + output)
            throw SpawnError(code: errno)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        shop_spawn_add_chdir(&actions, workingDirectory)
        // Only the three pipes: a descriptor of shop's opened without O_CLOEXEC (a socket of a
        // library, a file) must not live on in the plugin, where it keeps a connection open.
        shop_spawn_add_closefrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // shop ignores SIGINT and SIGPIPE, and ignored signals survive exec: give the plugin
        // the defaults back, and an empty signal mask.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGPIPE, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments = [executable]
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = withCStrings(arguments) { argv in
            withCStrings(variables) { envp in
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            }
        }
        close(input[0])
        close(output[1])
        close(errors[1])
        guard result == 0 else {
            closeAll([input[1], output[0], errors[0]])
            throw SpawnError(code: result)
        }
        for descriptor in [input[1], output[0], errors[0]] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        PluginProcesses.started(pid)
        return ChildProcess(pid: pid, standardInput: input[1], standardOutput: output[0], standardError: errors[0])
    }

    /// Sends `signal` to the plugin's whole process group, unless it was reaped already.
    func signalGroup(_ signal: Int32) {
        status.withLock { status in
            guard status == nil else { return }
            kill(-pid, signal)
        }
    }

    /// How the process ended, reaping it if it has just exited (and killing what is left of
    /// its group first); nil while it runs.
    @discardableResult
    func reap() -> ExitStatus? {
        status.withLock { status in
            if let status { return status }
            // Looked at without reaping: while unreaped, its pid is still its group's id.
            var info = siginfo_t()
            let looked = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if looked == 0 && info.si_signo == SIGCHLD { kill(-pid, SIGKILL) }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            guard result == pid else {
                // Reaped by someone else (a test harness waiting for any child): it is gone.
                if result < 0 && errno == ECHILD {
                    status = .exited(0)
                    PluginProcesses.ended(pid)
                }
                return status
            }
            let signal = raw & 0x7F
            status = signal == 0 ? .exited((raw >> 8) & 0xFF) : .signalled(signal)
            PluginProcesses.ended(pid)
            return status
        }
    }

    /// Waits up to `seconds` for the process to exit, reaping it; nil if it still runs.
    func waitForExit(within seconds: Double) async -> ExitStatus? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            if let status = reap() { return status }
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops the process: SIGTERM to its group, SIGKILL `grace` seconds later if it is still
    /// there, and reaps it.
    func terminate(grace: Double = 1) async -> ExitStatus {
        if let status = reap() { return status }
        signalGroup(SIGTERM)
        if let status = await waitForExit(within: grace) { return status }
        signalGroup(SIGKILL)
        return await waitForExit(within: 10) ?? .signalled(SIGKILL)
    }

    /// Gives up on a process whose pipes nobody watches: SIGKILL to its group, its pipes and
    /// exit notice closed, and reaped in the background.
    func abandon() {
        signalGroup(SIGKILL)
        for descriptor in [standardInput, standardOutput, standardError, exitNotice] where descriptor >= 0 {
            close(descriptor)
        }
        Task { _ = await waitForExit(within: 10) }
    }

    private static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
    }
}

/// Ignores SIGPIPE for the whole process, once: a write to a plugin that died is an error,
/// not the end of shop.
private let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
}()

/// Calls `body` with a NULL-terminated C array of the strings, valid for the call; returns
/// its result (an `errno`-style code).
private func withCStrings(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32
) -> Int32 {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return EINVAL }
        return body(base)
    }
}

/// How a process ended.
enum ExitStatus: Sendable, Equatable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// `exited with status 3`, `was killed by signal 11 (SIGSEGV)`.
    var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .signalled(let signal): "was killed by signal \(signal)\(Self.names[signal].map { " (\($0))" } ?? "")"
        }
    }

    private static let names: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
        SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
        SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
    ]
}

/// Why a process could not be started: the `errno` of the failed call.
struct SpawnError: Error, Equatable, CustomStringConvertible {
    let code: Int32

    var description: String { String(cString: strerror(code)) }
}
