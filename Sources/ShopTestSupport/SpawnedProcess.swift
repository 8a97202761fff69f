import Glibc
import Synchronization

/// A program started with `posix_spawn` (no `fork` in the multithreaded test process) and
/// reaped with `waitpid` without blocking: how the test doubles run `shop` and its plugins.
///
/// Foundation's `Process` watches for its children's exits itself; on a loaded machine it
/// noticed some late or never (a run's deadline passed, then `waitUntilExit` spun), so the
/// tests ask the kernel directly, every few milliseconds.
///
/// ```swift
/// let process = try SpawnedProcess(executable: path, arguments: ["-c", "exit 3"], environment: [:],
///                                  streams: .files(input: "/dev/null", output: out, error: err))
/// while process.status == nil { try await Task.sleep(for: .milliseconds(2)) }
/// #expect(process.status == .exited(3))
/// ```
public final class SpawnedProcess: Sendable {
    /// How a program ended.
    public enum ExitStatus: Equatable, Hashable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// It was killed by this signal (0: it was reaped elsewhere, how it ended is unknown).
        case signaled(Int32)
    }

    /// Where the program's standard streams go.
    public enum Streams: Sendable {
        /// All three on the terminal at this path, which becomes the controlling terminal of
        /// the program's new session.
        case terminal(String)
        /// Standard input read from one file, output and error written to two others.
        case files(input: String, output: String, error: String)
    }

    /// Why a program could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        /// The call that failed.
        public let call: String
        /// Its error number.
        public let errno: Int32

        public var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
    }

    /// The program's process id (with ``Streams/terminal(_:)``, also its process group and
    /// session id).
    public let processIdentifier: pid_t
    private let exitStatus = Mutex<ExitStatus?>(nil)

    /// glibc's `POSIX_SPAWN_SETSID` (not exported to Swift): the child starts a new session.
    private static let spawnSetSession: Int32 = 0x80

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments` (after the
    /// program name) and exactly `environment`, in `workingDirectory` (nil: this process's),
    /// its signals at their defaults and none blocked.
    public init(
        executable: String, arguments: [String], environment: [String: String], workingDirectory: String? = nil,
        streams: Streams
    ) throws(SpawnError) {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        if let workingDirectory {
            let status = Self.addChangeDirectory(&actions, workingDirectory)
            guard status == 0 else { throw SpawnError(call: "posix_spawn_file_actions_addchdir_np", errno: status) }
        }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        switch streams {
        case .terminal(let path):
            // A new session (setsid runs before the file actions), then opening the terminal
            // without O_NOCTTY makes it the session's controlling terminal.
            flags |= Self.spawnSetSession
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        case .files(let input, let output, let error):
            posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for argument in argv { free(argument) }
            for variable in envp { free(variable) }
        }
        var pid: pid_t = 0
        let result =
            executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(call: "posix_spawn \(executable)", errno: result) }
        processIdentifier = pid
    }

    /// How the program ended, collected without blocking; nil while it runs.
    public var status: ExitStatus? {
        exitStatus.withLock { exitStatus in
            if let exitStatus { return exitStatus }
            var status: Int32 = 0
            let result = waitpid(processIdentifier, &status, WNOHANG)
            guard result == processIdentifier else {
                // ECHILD: already reaped elsewhere; report it as gone.
                if result < 0 && errno == ECHILD { exitStatus = .signaled(0) }
                return exitStatus
            }
            // The WIFEXITED / WEXITSTATUS / WTERMSIG macros, which Swift cannot import.
            let signal = status & 0x7F
            exitStatus = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
            return exitStatus
        }
    }

    /// Kills the program (and, when it leads one, its process group) if it still runs, and
    /// reaps it, waiting at most two seconds. Idempotent.
    public func kill() {
        guard status == nil else { return }
        _ = Glibc.kill(-processIdentifier, SIGKILL)
        _ = Glibc.kill(processIdentifier, SIGKILL)
        let deadline = ContinuousClock.now + .seconds(2)
        while status == nil && ContinuousClock.now < deadline {
            usleep(1000)
        }
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29), looked up at run time because
    /// Swift's Glibc module does not export it.
    private static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t, _ path: String) -> Int32 {
        typealias AddChangeDirectory =
            @convention(c) (
                UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
            ) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
            return ENOSYS
        }
        let function = unsafeBitCast(symbol, to: AddChangeDirectory.self)
        return path.withCString { function(&actions, $0) }
    }
}
