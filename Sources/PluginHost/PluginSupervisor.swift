import ShopPluginAPI
import ShopWire
import Synchronization

/// One outside plugin in one session: starts its process on the first call, starts it
/// again after a crash, disables it after 3 crashes within a minute, and stops it after
/// 60 s without a call and when the session ends.
///
/// ```swift
/// let promo = PluginSupervisor(name: "promo", executable: "/usr/local/bin/shop-plugin-promo", settings: settings)
/// let answer = try await promo.call(timeout: 5) { _ in ManifestRequest() }
/// await promo.shutdown()
/// ```
public final class PluginSupervisor: SessionEnding {
    /// The name the plugin must call itself, or nil to accept the name it gives.
    public let expectedName: String?
    /// The name messages use.
    public let name: String
    /// The executable's path.
    public let executable: String
    /// Its stderr and `log` notifications, across restarts.
    public let log = PluginLog()
    /// Answers to `complete` that came too late for their Tab.
    let completions = CompletionCache()
    let settings: PluginSettings
    private let state = Mutex(State())

    private struct State {
        var connection: PluginConnection?
        var identity: PluginIdentity?
        var starting: Task<(PluginConnection, PluginIdentity), any Error>?
        var crashes: [ContinuousClock.Instant] = []
        var disabled = false
        var activeCalls = 0
        var lastActivity = ContinuousClock.now
        var idleWatch: Task<Void, Never>?
        var isShutDown = false
    }

    /// Where the plugin stands now, for `plugin list`.
    public enum Status: Sendable, Equatable, CustomStringConvertible {
        case stopped
        case running(pid: Int32)
        case disabled

        public var description: String {
            switch self {
            case .stopped: "stopped"
            case .running(let pid): "running (pid \(pid))"
            case .disabled: "disabled"
            }
        }
    }

    /// A plugin to start from `executable`; `expectedName` (when known) must match what it
    /// says in the handshake.
    public init(expectedName: String?, executable: String, settings: PluginSettings) {
        self.expectedName = expectedName
        self.name = expectedName ?? PluginSupervisor.name(fromPath: executable)
        self.executable = executable
        self.settings = settings
    }

    /// The name a plugin file suggests: `NAME` for `shop-plugin-NAME`, else the file's name.
    public static func name(fromPath path: String) -> String {
        let file = FilePath.lastComponent(of: path)
        return file.hasPrefix("shop-plugin-") ? String(file.dropFirst("shop-plugin-".count)) : file
    }

    /// Where the plugin stands now.
    public var status: Status {
        state.withLock { state in
            if state.disabled { return .disabled }
            guard let connection = state.connection, connection.failure == nil else { return .stopped }
            return .running(pid: connection.process.pid)
        }
    }

    /// What the running (or last) process said in the handshake.
    public var identity: PluginIdentity? { state.withLock { $0.identity } }

    /// How the last process ended, when it ended by itself or was stopped; nil while it runs
    /// (or before the first).
    var ending: PluginHostError? { state.withLock { $0.connection?.failure } }

    // MARK: Calls

    /// Starts the plugin if it is not running and sends it a request; see
    /// ``PluginConnection/call(label:timeout:features:request:handlers:)``.
    func call<Request: WireRequest>(
        label: String? = nil, timeout: Double?, handlers: PluginConnection.Handlers = PluginConnection.Handlers(),
        request: (PluginConnection.Peer) -> Request
    ) async throws -> Request.Result {
        try await withConnection { connection, identity in
            try await connection.call(
                label: label, timeout: timeout, features: identity.features, request: request, handlers: handlers)
        }
    }

    /// Sends `method`, a method the protocol may not know, with `params`: what `plugin check`
    /// asks to see how an unknown method is answered.
    func call(_ method: String, timeout: Double?, params: Value) async throws -> Value {
        try await withConnection { connection, identity in
            try await connection.call(
                method, label: method, timeout: timeout, features: identity.features, params: { _ in params })
        }
    }

    /// Runs `body` with the running connection (started first when needed), counting a crash
    /// during it.
    private func withConnection<Answer>(
        _ body: (PluginConnection, PluginIdentity) async throws -> Answer
    ) async throws -> Answer {
        state.withLock { $0.activeCalls += 1 }
        defer {
            state.withLock { state in
                state.activeCalls -= 1
                state.lastActivity = .now
            }
        }
        var (connection, identity) = try await running()
        await connection.settle()
        if connection.failure != nil { (connection, identity) = try await running() }
        do {
            return try await body(connection, identity)
        } catch let error as PluginHostError where error.isCrash {
            throw recordCrash(error)
        }
    }

    /// Starts the plugin now unless it runs; the handshake's errors are thrown.
    @discardableResult
    public func start() async throws -> PluginIdentity {
        try await running().1
    }

    /// The running connection, started (or restarted) first when needed.
    private func running() async throws -> (PluginConnection, PluginIdentity) {
        enum Next {
            case ready(PluginConnection, PluginIdentity)
            case wait(Task<(PluginConnection, PluginIdentity), any Error>)
        }
        let next: Next = try state.withLock { state throws(PluginHostError) in
            // After three quick crashes the plugin is not started again this session.
            if state.disabled { throw .disabled(plugin: name) }
            if let connection = state.connection, let identity = state.identity, connection.failure == nil {
                return .ready(connection, identity)
            }
            state.connection = nil
            if let starting = state.starting { return .wait(starting) }
            let task = Task { try await self.launch() }
            state.starting = task
            return .wait(task)
        }
        switch next {
        case .ready(let connection, let identity):
            return (connection, identity)
        case .wait(let task):
            do {
                let (connection, identity) = try await task.value
                return (connection, identity)
            } catch let error as PluginHostError where error.isCrash {
                throw recordCrash(error)
            }
        }
    }

    /// Spawns the process and runs the handshake within the start limit.
    private func launch() async throws -> (PluginConnection, PluginIdentity) {
        defer { state.withLock { $0.starting = nil } }
        let connection = try PluginConnection.start(
            plugin: name, executable: executable, environment: settings.environment,
            workingDirectory: settings.workingDirectory, log: log, cancelGrace: settings.cancelGrace)
        let outcome: WireMessage.Outcome
        do {
            let request = Handshake.request(host: settings.host, folders: settings.folders(name))
            outcome = .result(
                try await connection.call(
                    InitializeRequest.method.rawValue, label: InitializeRequest.method.rawValue,
                    timeout: settings.startLimit,
                    features: [], params: { _ in request.json }))
        } catch let error as WireError {
            outcome = .error(error)
        } catch PluginHostError.timeout {
            let error = PluginHostError.startTimeout(plugin: name, seconds: Int(settings.startLimit))
            await connection.stop(because: error)
            throw error
        } catch {
            await connection.stop(because: (error as? PluginHostError) ?? .stopped(plugin: name))
            throw error
        }
        let identity: PluginIdentity
        do throws(PluginHostError) {
            identity = try Handshake.identity(from: outcome, plugin: name, host: settings.host)
            if let expectedName, identity.name != expectedName {
                throw .nameMismatch(expected: expectedName, actual: identity.name)
            }
        } catch {
            await connection.stop(because: error)
            throw error
        }
        log.append("shop: \(identity.name) \(identity.version) speaks protocol \(identity.protocolVersion)")
        state.withLock { state in
            state.connection = connection
            state.identity = identity
            state.lastActivity = .now
            state.idleWatch?.cancel()
            state.idleWatch = Task { await self.watchIdleness(of: connection) }
        }
        return (connection, identity)
    }

    /// Counts a crash; the third within the window disables the plugin.
    private func recordCrash(_ error: PluginHostError) -> PluginHostError {
        state.withLock { state in
            let now = ContinuousClock.now
            state.crashes = state.crashes.filter { now - $0 < .seconds(settings.crashWindow) } + [now]
            guard state.crashes.count >= settings.crashLimit, !state.disabled else { return error }
            state.disabled = true
            log.append("shop: disabled for this session after \(settings.crashLimit) crashes")
            return .crashedAndDisabled(error)
        }
    }

    // MARK: Stopping

    /// Stops the process after ``PluginSettings/idleLimit`` seconds without a call.
    private func watchIdleness(of connection: PluginConnection) async {
        while !Task.isCancelled {
            let (current, idle, busy) = state.withLock { state in
                (state.connection === connection, ContinuousClock.now - state.lastActivity, state.activeCalls > 0)
            }
            guard current, connection.failure == nil else { return }
            let limit = Duration.milliseconds(Int(settings.idleLimit * 1000))
            if !busy && idle >= limit {
                let stillCurrent = state.withLock { state in
                    guard state.connection === connection, state.activeCalls == 0 else { return false }
                    state.connection = nil
                    return true
                }
                if stillCurrent {
                    log.append("shop: idle for \(Int(settings.idleLimit)) s")
                    await connection.shutdown()
                }
                return
            }
            try? await Task.sleep(for: busy ? limit : limit - idle)
        }
    }

    public func sessionEnded() async {
        await shutdown()
    }

    /// Ends the plugin for the session: `shutdown`, then the process is stopped and reaped.
    public func shutdown() async {
        _ = await shutdownReportingExit()
    }

    /// ``shutdown()``, saying whether the running process ended by itself (true when none ran).
    func shutdownReportingExit() async -> Bool {
        let (connection, starting, watch) = state.withLock { state in
            state.isShutDown = true
            defer {
                state.connection = nil
                state.idleWatch = nil
            }
            return (state.connection, state.starting, state.idleWatch)
        }
        watch?.cancel()
        if let starting, let (started, _) = try? await starting.value {
            state.withLock { $0.connection = nil }
            return await started.shutdown()
        }
        return await connection?.shutdown() ?? true
    }
}

/// How outside plugins run in a session.
public struct PluginSettings: Sendable {
    /// shop's identity in the handshake.
    public var host: HostIdentity
    /// The environment of plugin processes.
    public var environment: [String: String]
    /// Their working folder.
    public var workingDirectory: String
    /// The base of the cache and state folders passed in `initialize` (`…/shop/plugins`).
    public var cacheBase: String
    public var stateBase: String
    /// Seconds spawn plus `initialize` may take.
    public var startLimit: Double = 5
    /// Seconds without a call before the process is stopped.
    public var idleLimit: Double = 60
    /// Seconds a cancelled request may take to be answered.
    public var cancelGrace: Double = 1
    /// Crashes within ``crashWindow`` seconds that disable the plugin.
    public var crashLimit = 3
    public var crashWindow: Int64 = 60

    public init(
        host: HostIdentity, environment: [String: String], workingDirectory: String, cacheBase: String,
        stateBase: String
    ) {
        self.host = host
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.cacheBase = cacheBase
        self.stateBase = stateBase
    }

    /// The folders of plugin `name`.
    func folders(_ name: String) -> PluginFolders {
        PluginFolders(cache: cacheBase + "/" + name, state: stateBase + "/" + name)
    }
}
