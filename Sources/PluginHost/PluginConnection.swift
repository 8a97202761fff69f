import Dispatch
import Glibc
import ShopPluginAPI
import ShopWire
import Synchronization

/// One running plugin process and the conversation with it.
///
/// stdout and stderr are watched by a thread of the connection's own (``PipeReader``, not
/// dispatch read sources: see there why) and read without blocking on one serial queue, in
/// line on that thread when the queue is idle: stdout is cut into lines and each line
/// decoded as a message, stderr goes to the log; each is closed by that thread once it ended,
/// or once the process was reaped. The same thread watches the process itself
/// (``ChildProcess/exitNotice``): a plugin that exits is seen at once, even when a child of
/// its keeps its stdout open.
///
/// Requests are numbered from 1 and typed (``ShopWire``); each waiting caller gets its call's events (output,
/// progress, warnings, `state/get`) and finally its answer on its own task, so whatever a
/// caller does with them happens where the caller runs. A line is written at once when the
/// pipe takes it; the rest of a large one (a pipe that is full) goes through a serial queue of
/// its own that waits for the pipe. Thread hops are what a warm round trip costs, so a call
/// makes no other: its clock is one timer per connection, armed for the earliest deadline.
///
/// A protocol error, an over-long line, an answer to an id never sent, or the end of stdout
/// ends the connection: every waiting call fails with one error naming the plugin, and the
/// process is stopped and reaped. A caller whose task is cancelled (Ctrl-C) returns at
/// once; the plugin gets `cancel` and 1 s to answer before it is stopped.
final class PluginConnection: Sendable {
    /// The plugin's name, for messages.
    let plugin: String
    let process: ChildProcess
    let log: PluginLog
    /// How long a cancelled request may take to be answered before the process is stopped.
    let cancelGrace: Double

    /// Where everything that touches `buffer`, the splitter or the output descriptors runs,
    /// and the timers fire.
    private let queue = DispatchQueue(label: "shop.plugin.read")
    private let reader: PipeReader
    private let writer = DispatchQueue(label: "shop.plugin.write")
    private let state: Mutex<State>
    /// The bytes of one read; touched only on `queue`.
    nonisolated(unsafe) private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)

    /// The longest line a plugin may write.
    static let lineLimit = 16 << 20

    private struct State {
        var nextID = 1
        var calls: [Int: Call] = [:]
        /// Cancelled or timed-out requests whose late answers are dropped.
        var abandoned: Set<Int> = []
        /// Set once the connection ended: why.
        var failure: PluginHostError?
        var splitter = LineSplitter(limit: PluginConnection.lineLimit)
        /// The revision of each key whose value this process was sent with a `run` (`state-cache`).
        var sentRevisions: [String: UInt64] = [:]
        /// The last line the process wrote on stderr or sent as a `log`, quoted when it exits.
        var lastWords: String?
        /// When the connection's timer fires next, if it is armed.
        var clockFiresAt: DispatchTime?
        /// Set (on `queue`) when the stdout descriptor is done with and about to be closed:
        /// its number may belong to another process's pipe from then on, so it is never
        /// read again (the exit notice, seen after it, reads what stdout holds only while open).
        var outputClosed = false
        /// The same for the stderr descriptor.
        var errorsClosed = false
    }

    private struct Call {
        let label: String
        let events: AsyncStream<CallEvent>.Continuation
        let timeout: Double?
        /// When the call times out, unless a `progress` moves it.
        var expires: DispatchTime?
    }

    /// What waits to be written to stdin; touched under the lock, which also orders writes.
    private struct Outgoing {
        /// Blocks on `writer` not finished yet: while there are any, lines queue behind them.
        var queued = 0
        var closed = false
    }

    private let outgoing = Mutex(Outgoing())

    /// What happens during a call, in order, ending with its answer or failure.
    private enum CallEvent: Sendable {
        case output([String])
        case progress(message: String?, fraction: Double?)
        case warning(String)
        case stateGet(requestID: Int, StateGetRequest)
        case answer(WireMessage.Outcome)
        case failed(PluginHostError)
    }

    private init(plugin: String, process: ChildProcess, reader: PipeReader, log: PluginLog, cancelGrace: Double) {
        self.plugin = plugin
        self.process = process
        self.reader = reader
        self.log = log
        self.cancelGrace = cancelGrace
        self.state = Mutex(State())
    }

    deinit {
        buffer.deallocate()
    }

    /// Starts the executable and begins reading its output.
    static func start(
        plugin: String, executable: String, environment: [String: String], workingDirectory: String, log: PluginLog,
        cancelGrace: Double = 1
    ) throws(PluginHostError) -> PluginConnection {
        let process: ChildProcess
        let reader: PipeReader
        do {
            reader = try PipeReader()
            process = try ChildProcess.spawn(
                executable: executable, environment: environment, workingDirectory: workingDirectory)
        } catch {
            throw .cannotStart(plugin: plugin, path: executable, reason: error.description)
        }
        let connection = PluginConnection(
            plugin: plugin, process: process, reader: reader, log: log, cancelGrace: cancelGrace)
        log.append("shop: started \(executable) (pid \(process.pid))")
        do {
            try connection.startReading()
        } catch {
            process.abandon()
            throw .cannotStart(plugin: plugin, path: executable, reason: "no thread to read it (\(error))")
        }
        return connection
    }

    // MARK: Calls

    /// What a caller does with a call's events while it waits for the answer.
    struct Handlers {
        /// Lines of `output` to show now.
        var output: ([String]) -> Void = { _ in }
        /// A `progress` note for a status line.
        var progress: (_ message: String?, _ fraction: Double?) -> Void = { _, _ in }
        /// A `log` line of level warning or error.
        var warning: (String) -> Void = { _ in }
        /// The answer to a `state/get`.
        var stateGet: (StateGetRequest) -> Result<StateGetResult, WireError> = { _ in
            .failure(WireError(.invalidParams, "no state is available now"))
        }
    }

    /// What a request's parameters may depend on: the features both sides listed, and which
    /// key values this process already holds.
    struct Peer {
        let connection: PluginConnection
        let features: Set<WireFeature>
        /// Whether the values this request carries count as sent: only a `run`'s do. A plugin
        /// caches the values of every request, but one that does not cache those of a
        /// `complete` (which the host may abandon after its Tab budget) still gets them again.
        let recordsSentValues: Bool

        /// Whether `key` at `revision` must be sent; with `state-cache`, only when this
        /// process was not sent that revision with a `run` before.
        func needsValue(of key: String, revision: UInt64) -> Bool {
            guard features.contains(.stateCache) else { return true }
            return connection.state.withLock { state in
                guard state.sentRevisions[key] != revision else { return false }
                if recordsSentValues { state.sentRevisions[key] = revision }
                return true
            }
        }

        /// The entries of `keys` that hold a value in `read` (each with its revision), a value
        /// only where the process needs it.
        func state(of keys: [String], read: (String) -> (value: Value, revision: UInt64)?) -> StateEntries {
            StateEntries(
                keys.compactMap { key in
                    guard let (value, revision) = read(key) else { return nil }
                    let entry = StateEntries.Entry(key: key, revision: revision, value: value)
                    return needsValue(of: key, revision: revision) ? entry : entry.leavingOutTheValue
                })
        }
    }

    /// Whether the connection ended (and why).
    var failure: PluginHostError? { state.withLock { $0.failure } }

    /// Waits until every cancelled request was answered, or the grace ran out and the
    /// process was stopped: a plugin gets one request at a time (`cancel` aside).
    func settle() async {
        while state.withLock({ $0.failure == nil && !$0.abandoned.isEmpty }) {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Sends a request and waits for its answer, read as the request's result type; `label`
    /// names it in messages (the method's name unless given). See
    /// ``call(_:label:timeout:features:params:handlers:)-(String,_,_,_,_,_)``. An answer that
    /// is not of that type fails the call.
    func call<Request: WireRequest>(
        label: String? = nil, timeout: Double?, features: Set<WireFeature>, request makeRequest: (Peer) -> Request,
        handlers: Handlers = Handlers()
    ) async throws -> Request.Result {
        let label = label ?? Request.method.rawValue
        let answer = try await call(
            Request.method.rawValue, label: label, timeout: timeout, features: features,
            params: { makeRequest($0).json }, handlers: handlers)
        do {
            return try Request.Result(json: answer)
        } catch {
            throw PluginHostError.malformedMessage(plugin: plugin, reason: "its answer to '\(label)': \(error)")
        }
    }

    /// Sends request `method` and waits for its answer, handling the events of the call on
    /// the caller's task; `label` names it in messages (`promo apply`). `timeout` (seconds)
    /// restarts with each `progress`.
    ///
    /// Throws the plugin's error answer as ``WireError``, a ``PluginHostError`` when the
    /// connection fails, and `CancellationError` when the caller's task is cancelled.
    func call(
        _ method: String, label: String, timeout: Double?, features: Set<WireFeature>,
        params makeParams: (Peer) -> Value, handlers: Handlers = Handlers()
    ) async throws -> Value {
        let (events, continuation) = AsyncStream.makeStream(of: CallEvent.self, bufferingPolicy: .unbounded)
        let id: Int = try state.withLock { state throws(PluginHostError) in
            if let failure = state.failure { throw failure }
            defer { state.nextID += 1 }
            state.calls[state.nextID] = Call(label: label, events: continuation, timeout: timeout)
            return state.nextID
        }
        continuation.onTermination = { [self] termination in
            if case .cancelled = termination { abandon(id) }
        }
        let peer = Peer(connection: self, features: features, recordsSentValues: method == WireMethod.run.rawValue)
        let line = WireMessage.request(id: id, method: method, params: makeParams(peer)).line
        send(line)
        startClock(of: id)
        for await event in events {
            switch event {
            case .output(let lines): handlers.output(lines)
            case .progress(let message, let fraction): handlers.progress(message, fraction)
            case .warning(let text): handlers.warning(text)
            case .stateGet(let requestID, let request):
                switch handlers.stateGet(request) {
                case .success(let values): send(WireMessage.result(id: requestID, values).line)
                case .failure(let error): send(WireMessage.error(id: requestID, error).line)
                }
            case .answer(.result(let value)): return value
            case .answer(.error(let error)): throw error
            case .failed(let error): throw error
            }
        }
        throw CancellationError()
    }

    /// Sends a notification.
    func notify(_ notification: some WireNotification) {
        send(WireMessage.notification(notification).line)
    }

    // MARK: Ending

    /// Ends the conversation politely: `shutdown`, stdin closed, up to `wait` seconds for the
    /// exit, then SIGTERM and SIGKILL. Waiting calls fail with `stopped`.
    ///
    /// Returns whether the process ended by itself, without a signal from the host.
    @discardableResult
    func shutdown(wait: Double = 2) async -> Bool {
        if failure == nil {
            _ = try? await call(timeout: wait, features: [], request: { _ in ShutdownRequest() })
        }
        closeInput()
        let exitedAlone = await process.waitForExit(within: wait) != nil
        if !exitedAlone { _ = await process.terminate(grace: 1) }
        fail(.stopped(plugin: plugin))
        log.append("shop: stopped the plugin (\(process.reap()?.description ?? "gone"))")
        reader.stop()
        return exitedAlone
    }

    /// Stops the process at once (SIGTERM, then SIGKILL after the grace); waiting calls fail.
    func stop(because error: PluginHostError) async {
        fail(error)
        closeInput()
        let status = await process.terminate(grace: cancelGrace)
        log.append("shop: stopped the plugin (\(status))")
        reader.stop()
    }

    // MARK: Writing

    private func send(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            outgoing.withLock { outgoing in
                guard !outgoing.closed else { return }
                var written = 0
                if outgoing.queued == 0 {
                    guard let count = write(bytes, waiting: false) else { return }
                    written = count
                }
                guard written < bytes.count else { return }
                let rest = Array(bytes[written...])
                outgoing.queued += 1
                writer.async { [self] in
                    rest.withUnsafeBufferPointer { _ = write($0, waiting: true) }
                    self.outgoing.withLock { $0.queued -= 1 }
                }
            }
        }
    }

    /// Writes `bytes` to stdin (non-blocking); how many went out before the pipe was full, or
    /// nil when the plugin cannot be written to. `waiting` waits for room instead.
    private func write(_ bytes: UnsafeBufferPointer<UInt8>, waiting: Bool) -> Int? {
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(process.standardInput, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if count >= 0 {
                offset += count
                continue
            }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                guard waiting else { return offset }
                var room = pollfd(fd: process.standardInput, events: Int16(POLLOUT), revents: 0)
                _ = poll(&room, 1, -1)
                continue
            }
            // A plugin that cannot be written to is gone: its stdout ends, and that ends the calls.
            log.append("shop: could not write to the plugin: \(String(cString: strerror(errno)))")
            return nil
        }
        return offset
    }

    /// Closes stdin once what was sent before is written.
    private func closeInput() {
        outgoing.withLock { outgoing in
            guard !outgoing.closed else { return }
            outgoing.closed = true
            guard outgoing.queued > 0 else {
                _ = close(process.standardInput)
                return
            }
            outgoing.queued += 1
            writer.async { [process] in _ = close(process.standardInput) }
        }
    }

    // MARK: Reading

    /// Starts the reader thread; each read runs on `queue`, inline when it is idle. Without an
    /// exit notice from the kernel, a task looks for the exit every 50 ms instead.
    private func startReading() throws(SpawnError) {
        let notice = process.exitNotice
        let watched = [process.standardOutput, process.standardError] + (notice >= 0 ? [notice] : [])
        try reader.start(watched) { [self] index, last in
            queue.sync {
                switch index {
                case 0: readOutput(last: last)
                case 1: readErrors(last: last)
                default: processMayHaveExited()
                }
            }
        }
        guard notice < 0 else { return }
        Task { [self] in
            while failure == nil && process.reap() == nil { try? await Task.sleep(for: .milliseconds(50)) }
            queue.async { _ = self.processMayHaveExited() }
        }
    }

    /// Reads what stdout has now; runs on `queue`. True once it ended (or `last`), and then
    /// the descriptor is marked closed: the reader closes it next.
    private func readOutput(last: Bool) -> Bool {
        guard !state.withLock({ $0.outputClosed }) else { return true }
        while true {
            let count = read(process.standardOutput, buffer.baseAddress, buffer.count)
            if count > 0 {
                var pieces: [LineSplitter.Piece] = []
                state.withLock { state in
                    state.splitter.append(UnsafeRawBufferPointer(rebasing: buffer[..<count])) { pieces.append($0) }
                }
                for piece in pieces { handle(piece) }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && !last { return false }
            state.withLock { $0.outputClosed = true }
            outputEnded()
            return true
        }
    }

    /// Reads what stderr has now into the log; runs on `queue`. True once it ended (or
    /// `last`), and then the descriptor is marked closed: the reader closes it next.
    private func readErrors(last: Bool) -> Bool {
        while true {
            let count = read(process.standardError, buffer.baseAddress, buffer.count)
            if count > 0 {
                keepErrors(count)
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && !last { return false }
            let rest = log.finishStandardError()
            state.withLock { state in
                if let rest { state.lastWords = rest }
                state.errorsClosed = true
            }
            return true
        }
    }

    /// stdout ended: the process exited or is about to. Waits briefly for its status, then
    /// fails what waits with how it ended and its last stderr line (stopping it if it still runs).
    private func outputEnded() {
        guard failure == nil else { return }
        drainErrors()
        let during = state.withLock { $0.calls.values.first?.label }
        Task { [self] in
            let status = await process.waitForExit(within: 0.5)
            await withCheckedContinuation { continuation in
                queue.async {
                    self.drainErrors()
                    continuation.resume()
                }
            }
            let error = exitError(status, during: during)
            if status == nil { await stop(because: error) } else { ended(because: error, status: status) }
        }
    }

    /// The process's exit notice fired (or, without one, it was seen to exit); runs on
    /// `queue`. What it wrote before exiting is read, then what waits fails with how it ended.
    /// Returns true: the notice is done with.
    private func processMayHaveExited() -> Bool {
        guard failure == nil, let status = process.reap() else { return true }
        _ = readOutput(last: false)
        drainErrors()
        ended(because: exitError(status, during: state.withLock { $0.calls.values.first?.label }), status: status)
        return true
    }

    /// `exited` with how the process ended (nil: it closed stdout but runs) and its last words:
    /// its own, never a line of the host's, nor one of an earlier process.
    private func exitError(_ status: ExitStatus?, during: String?) -> PluginHostError {
        .exited(
            plugin: plugin, how: status?.description ?? "closed its stdout", during: during ?? "idle",
            lastError: state.withLock { $0.lastWords })
    }

    /// The process ended by itself: the connection fails with `error` (unless it failed
    /// already), stdin is closed and the reader stops.
    private func ended(because error: PluginHostError, status: ExitStatus?) {
        guard fail(error) else { return }
        closeInput()
        log.append("shop: the plugin \(status?.description ?? "ended")")
        reader.stop()
    }

    /// Reads what is left on stderr right now; runs on `queue`.
    private func drainErrors() {
        while !state.withLock({ $0.errorsClosed }) {
            let count = read(process.standardError, buffer.baseAddress, buffer.count)
            guard count > 0 else { return }
            keepErrors(count)
        }
    }

    /// Keeps the first `count` bytes of `buffer`, read from stderr, in the log; runs on `queue`.
    private func keepErrors(_ count: Int) {
        guard let latest = log.appendStandardError(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
        state.withLock { $0.lastWords = latest }
    }

    private func handle(_ piece: LineSplitter.Piece) {
        switch piece {
        case .overlong(let prefix):
            protocolError(.nonProtocolText(plugin: plugin, text: String(decoding: prefix, as: UTF8.self)))
        case .line(var line):
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard !line.isEmpty else { return }
            do {
                handle(try WireMessage(line: line))
            } catch {
                let text = String(decoding: line.prefix(LineSplitter.prefixLength), as: UTF8.self)
                if line.first == UInt8(ascii: "{"), case .malformed(let reason) = error {
                    protocolError(.malformedMessage(plugin: plugin, reason: reason))
                } else {
                    protocolError(.nonProtocolText(plugin: plugin, text: text))
                }
            }
        }
    }

    private func handle(_ message: WireMessage) {
        do throws(WireFormatError) {
            switch message {
            case .response(let id, let outcome):
                let known: Bool = state.withLock { state in
                    if let call = state.calls.removeValue(forKey: id) {
                        call.events.yield(.answer(outcome))
                        call.events.finish()
                        return true
                    }
                    return state.abandoned.remove(id) != nil
                }
                if !known { protocolError(.unknownResponse(plugin: plugin, id: id)) }
            case .notification(let method, let params):
                guard let notification = try PluginNotification(method: method, params: params) else { return }
                handle(notification)
            case .request(let id, let method, let params):
                guard case .stateGet(let request)? = try PluginRequest(method: method, params: params) else {
                    return send(
                        WireMessage.error(id: id, WireError(.methodNotFound, "unknown method '\(method)'")).line)
                }
                let delivered = state.withLock { state in
                    state.calls.values.first.map { $0.events.yield(.stateGet(requestID: id, request)) } != nil
                }
                if !delivered {
                    send(WireMessage.error(id: id, WireError(.invalidParams, "no call is in progress")).line)
                }
            }
        } catch {
            protocolError(.malformedMessage(plugin: plugin, reason: error.description))
        }
    }

    private func handle(_ notification: PluginNotification) {
        switch notification {
        case .output(let output):
            deliver(.output(output.lines), to: output.id)
        case .progress(let progress):
            deliver(
                .progress(message: progress.message, fraction: progress.fraction), to: progress.id, restartsClock: true)
        case .log(let line):
            log.append("[\(line.level.rawValue)] \(line.message)")
            state.withLock { state in
                state.lastWords = line.message
                if line.level == .warning || line.level == .error {
                    _ = state.calls.values.first?.events.yield(.warning(line.message))
                }
            }
        }
    }

    /// Passes a notification's event to call `id`.
    private func deliver(_ event: CallEvent, to id: Int, restartsClock: Bool = false) {
        let known = state.withLock { state -> Bool in
            guard state.calls[id] != nil else { return false }
            state.calls[id]?.events.yield(event)
            return true
        }
        if known && restartsClock { startClock(of: id) }
    }

    // MARK: Timeouts and cancel

    /// Starts (or restarts) the clock of call `id`: sets when it expires, and arms the
    /// connection's timer only when it is not armed for that time or earlier.
    private func startClock(of id: Int) {
        let fireAt: DispatchTime? = state.withLock { state in
            guard let timeout = state.calls[id]?.timeout else { return nil }
            let expires = DispatchTime.now() + timeout
            state.calls[id]?.expires = expires
            if let armed = state.clockFiresAt, armed <= expires { return nil }
            state.clockFiresAt = expires
            return expires
        }
        if let fireAt { armClock(at: fireAt) }
    }

    private func armClock(at time: DispatchTime) {
        queue.asyncAfter(deadline: time) { [self] in clockFired(at: time) }
    }

    /// Fails the calls whose time is up, and arms the timer again for the earliest deadline
    /// left (a `progress` moved it later, or a newer call), unless another timer is armed.
    private func clockFired(at time: DispatchTime) {
        let now = DispatchTime.now()
        let (expired, next): ([(id: Int, call: Call)], DispatchTime?) = state.withLock { state in
            let expired = state.calls.filter { $0.value.expires.map { $0 <= now } ?? false }.map { ($0.key, $0.value) }
            for (id, _) in expired {
                state.calls[id] = nil
                state.abandoned.insert(id)
            }
            guard state.clockFiresAt == time else { return (expired, nil) }
            state.clockFiresAt = state.calls.values.compactMap(\.expires).min()
            return (expired, state.clockFiresAt)
        }
        if let next { armClock(at: next) }
        for (id, call) in expired {
            call.events.yield(.failed(.timeout(plugin: plugin, request: call.label, seconds: call.timeout ?? 0)))
            call.events.finish()
            giveUp(on: id)
        }
    }

    /// The caller stopped waiting for `id` (Ctrl-C).
    private func abandon(_ id: Int) {
        let wasWaiting = state.withLock { state in
            guard state.calls.removeValue(forKey: id) != nil else { return false }
            state.abandoned.insert(id)
            return true
        }
        if wasWaiting { giveUp(on: id) }
    }

    /// Sends `cancel` for `id` and stops the process unless it answers within the grace.
    private func giveUp(on id: Int) {
        notify(CancelNotification(id: id))
        queue.asyncAfter(deadline: .now() + cancelGrace) { [self] in
            let unanswered = state.withLock { $0.failure == nil && $0.abandoned.contains(id) }
            guard unanswered else { return }
            log.append("shop: request \(id) was not answered within \(cancelGrace) s of 'cancel'; stopping the plugin")
            Task { await stop(because: .stopped(plugin: plugin)) }
        }
    }

    // MARK: Failing

    private func protocolError(_ error: PluginHostError) {
        guard failure == nil else { return }
        log.append("shop: \(error.description)")
        fail(error)
        Task { await stop(because: error) }
    }

    /// Ends the connection: every waiting call fails with `error` (the first failure wins);
    /// true when this was the first.
    @discardableResult
    private func fail(_ error: PluginHostError) -> Bool {
        let calls: [Call]? = state.withLock { state in
            guard state.failure == nil else { return nil }
            state.failure = error
            defer {
                state.calls = [:]
                state.abandoned = []
            }
            return Array(state.calls.values)
        }
        guard let calls else { return false }
        for call in calls {
            call.events.yield(.failed(error))
            call.events.finish()
        }
        return true
    }
}
