import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real HTTP/1.1 server on `127.0.0.1` and an ephemeral port, for tests of network code.
///
/// It serves generated news pages at `/api/news/{page}/{size}` (``newsTotalCount`` items in
/// all), images at `/images/…` (``FixtureImages``; `/images/not-an-image.png` answers with
/// HTML), and anything set with ``setResponse(_:forPath:)``. Every request is counted per
/// path. Faults (``FixtureFault``) can be set per path or for every path, optionally for a
/// limited number of requests.
///
/// Each connection gets its own thread and keeps alive between requests. Sends use
/// `MSG_NOSIGNAL` (a client that hangs up never raises `SIGPIPE`) and a send timeout;
/// delays wake up when the server stops. ``stop()`` closes the listening socket and every
/// connection and waits for their threads, so a test never hangs on the server.
///
/// ```swift
/// let server = FixtureServer(newsTotalCount: 40)
/// try server.start()
/// defer { server.stop() }
/// server.setFault(.status(500), forPath: "/api/news/2/15", times: 1)
/// let url = URL(string: server.baseURL + "/api/news/1/15")!
/// ```
public final class FixtureServer: Sendable {
    /// A fixed answer for one path.
    public struct Response: Sendable, Equatable {
        public var status: Int
        public var contentType: String
        public var body: [UInt8]

        public init(status: Int = 200, contentType: String, body: [UInt8]) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }
    }

    private struct FaultEntry {
        var fault: FixtureFault
        var remaining: Int?
    }

    private struct State {
        var newsTotalCount: Int
        var responses: [String: Response] = [:]
        var pathFaults: [String: FaultEntry] = [:]
        var globalFault: FaultEntry?
        var requestLog: [String] = []
        var requests: [FixtureRequest] = []
        var abandoned = 0
        var slowAnswersCompleted = 0
        var accepted = 0
        /// Raised by ``releaseDelays()``: delays that began before it end at once.
        var delayRelease = 0
        var bodyBytesSent: [String: Int] = [:]
        var connections: Set<Int32> = []
        var listener: Int32 = -1
        var wakeRead: Int32 = -1
        var wakeWrite: Int32 = -1
        var port: UInt16
        var running = false
        var stopped = false
    }

    private let state: Mutex<State>
    private let threads = DispatchGroup()

    /// A stopped server; `newsTotalCount` is how many news items the API has in all.
    ///
    /// `port` 0 (the default) lets the system pick a free port; another port is useful to
    /// bring a server back where a stopped one was.
    public init(newsTotalCount: Int = 40, port: UInt16 = 0) {
        var initial = State(newsTotalCount: newsTotalCount, port: port)
        initial.responses["/images/sample.png"] = Response(
            contentType: "image/png", body: FixtureImages.png(width: 4, height: 3))
        initial.responses["/images/sample.jpg"] = Response(contentType: "image/jpeg", body: FixtureImages.jpeg)
        initial.responses["/images/not-an-image.png"] = Response(
            contentType: "text/html; charset=utf-8",
            body: Array("<!DOCTYPE html>\n<html><body><h1>Image gone</h1></body></html>\n".utf8))
        state = Mutex(initial)
    }

    deinit {
        stop()
    }

    // MARK: - Lifecycle

    /// Binds `127.0.0.1:0`, listens, and starts accepting connections.
    public func start() throws(FixtureServerError) {
        let alreadyRunning = state.withLock { $0.running || $0.stopped }
        guard !alreadyRunning else { throw .alreadyStarted }

        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw .system(call: "socket", errno: errno) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = state.withLock { $0.port }.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(listener)
            throw .system(call: "bind", errno: code)
        }
        guard listen(listener, 128) == 0 else {
            let code = errno
            close(listener)
            throw .system(call: "listen", errno: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else {
            let code = errno
            close(listener)
            throw .system(call: "pipe", errno: code)
        }
        let port = UInt16(bigEndian: address.sin_port)
        state.withLock {
            $0.listener = listener
            $0.wakeRead = wake[0]
            $0.wakeWrite = wake[1]
            $0.port = port
            $0.running = true
        }
        let wakeRead = wake[0]
        threads.enter()
        Thread.detachNewThread { [self] in
            acceptLoop(listener: listener, wake: wakeRead)
            threads.leave()
        }
    }

    /// Stops accepting, closes every connection, and waits (at most 2 s) for their threads.
    ///
    /// Idempotent; a stopped server cannot be started again.
    public func stop() {
        let (wasRunning, wakeWrite) = state.withLock { state -> (Bool, Int32) in
            let wasRunning = state.running
            state.running = false
            state.stopped = true
            guard wasRunning else { return (false, -1) }
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
            return (true, state.wakeWrite)
        }
        guard wasRunning else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        _ = threads.wait(timeout: .now() + 2)
        state.withLock {
            close($0.listener)
            close($0.wakeRead)
            close($0.wakeWrite)
            $0.listener = -1
        }
    }

    /// The port the server listens on (0 before ``start()``).
    public var port: UInt16 { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    // MARK: - Configuration

    /// How many news items the generated API has in all; changeable at any time.
    public var newsTotalCount: Int {
        get { state.withLock { $0.newsTotalCount } }
        set { state.withLock { $0.newsTotalCount = newValue } }
    }

    /// Answers `path` (without query) with `response` from now on; nil restores the default.
    public func setResponse(_ response: Response?, forPath path: String) {
        state.withLock { $0.responses[path] = response }
    }

    /// Serves `data` as an image at `path`.
    public func setImage(_ data: [UInt8], contentType: String = "image/png", atPath path: String) {
        setResponse(Response(contentType: contentType, body: data), forPath: path)
    }

    /// Misbehaves on `path` for the next `times` requests (every request when nil); nil clears.
    ///
    /// A path's own fault wins over the global one.
    public func setFault(_ fault: FixtureFault?, forPath path: String, times: Int? = nil) {
        state.withLock { $0.pathFaults[path] = fault.map { FaultEntry(fault: $0, remaining: times) } }
    }

    /// Misbehaves on every path for the next `times` requests (every request when nil); nil clears.
    public func setGlobalFault(_ fault: FixtureFault?, times: Int? = nil) {
        state.withLock { $0.globalFault = fault.map { FaultEntry(fault: $0, remaining: times) } }
    }

    /// Removes every fault.
    public func clearFaults() {
        state.withLock {
            $0.pathFaults = [:]
            $0.globalFault = nil
        }
    }

    // MARK: - Observation

    /// Every request's path (without query), in arrival order.
    public var requestedPaths: [String] { state.withLock { $0.requestLog } }

    /// Every request, in arrival order, with its method, headers and body.
    public var requests: [FixtureRequest] { state.withLock { $0.requests } }

    /// How many requests reached the server for `path`.
    public func requestCount(forPath path: String) -> Int {
        state.withLock { $0.requestLog.count { $0 == path } }
    }

    /// How many requests reached the server in all.
    public var requestCount: Int { state.withLock { $0.requestLog.count } }

    /// How many connections the server accepted in all (a client that keeps connections
    /// alive makes fewer than it makes requests).
    public var acceptedConnectionCount: Int { state.withLock { $0.accepted } }

    /// How many delayed requests the client gave up on (closed the connection) before the answer.
    public var abandonedRequestCount: Int { state.withLock { $0.abandoned } }

    /// How many slow answers (`.delay`, `.drip`) ran their whole time: a client that stopped
    /// waiting for one, as it should, leaves this at 0 however loaded the machine is.
    public var slowAnswersCompleted: Int { state.withLock { $0.slowAnswersCompleted } }

    /// Body bytes actually written to sockets for `path`, over all its requests.
    public func bodyBytesSent(forPath path: String) -> Int {
        state.withLock { $0.bodyBytesSent[path, default: 0] }
    }

    /// Ends every `.delay` under way now, as if its time had passed, so a test decides when a
    /// held answer goes out instead of racing a clock.
    public func releaseDelays() {
        state.withLock { $0.delayRelease += 1 }
    }

    /// Forgets the request log and counters.
    public func resetCounts() {
        state.withLock {
            $0.requestLog = []
            $0.requests = []
            $0.abandoned = 0
            $0.slowAnswersCompleted = 0
            $0.accepted = 0
            $0.bodyBytesSent = [:]
        }
    }

    // MARK: - Accepting

    private func acceptLoop(listener: Int32, wake: Int32) {
        while true {
            var fds = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == EAGAIN || errno == ECONNABORTED { continue }
                return
            }
            var yes: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            var sendTimeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
            let accepted = state.withLock { state -> Bool in
                guard state.running else { return false }
                state.connections.insert(connection)
                state.accepted += 1
                return true
            }
            guard accepted else {
                close(connection)
                return
            }
            threads.enter()
            Thread.detachNewThread { [self] in
                serve(connection, wake: wake)
                state.withLock {
                    $0.connections.remove(connection)
                    close(connection)
                }
                threads.leave()
            }
        }
    }

    // MARK: - Serving

    /// Serves requests on one connection until either side closes it.
    private func serve(_ connection: Int32, wake: Int32) {
        var reader = FixtureRequestReader(connection: connection, wake: wake)
        while let request = reader.next() {
            let fault = takeFault(for: request.path)
            state.withLock {
                $0.requestLog.append(request.path)
                $0.requests.append(request)
            }
            guard respond(to: request, fault: fault, on: connection, wake: wake), request.keepAlive else { return }
        }
    }

    /// Picks (and uses up) the fault for `path`.
    private func takeFault(for path: String) -> FixtureFault? {
        state.withLock { state in
            if let entry = state.pathFaults[path] {
                if let remaining = entry.remaining {
                    state.pathFaults[path] =
                        remaining > 1 ? FaultEntry(fault: entry.fault, remaining: remaining - 1) : nil
                }
                return entry.fault
            }
            if let entry = state.globalFault {
                if let remaining = entry.remaining {
                    state.globalFault = remaining > 1 ? FaultEntry(fault: entry.fault, remaining: remaining - 1) : nil
                }
                return entry.fault
            }
            return nil
        }
    }

    /// Writes the answer; returns false when the connection must close.
    private func respond(to request: FixtureRequest, fault: FixtureFault?, on connection: Int32, wake: Int32) -> Bool {
        let writer = FixtureResponseWriter(connection: connection) { [self] sent in
            state.withLock { $0.bodyBytesSent[request.path, default: 0] += sent }
        }
        switch fault {
        case nil:
            let response = normalResponse(for: request.path)
            return writer.writeResponse(status: response.status, contentType: response.contentType, body: response.body)
        case .status(let code):
            let body = Array(#"{"error":"fixture status \#(code)"}"#.utf8)
            return writer.writeResponse(status: code, contentType: "application/json", body: body)
        case .delay(let seconds):
            let outcome = waitOrHangUp(seconds: seconds, connection: connection, wake: wake)
            switch outcome {
            case .elapsed, .released:
                if outcome == .elapsed { state.withLock { $0.slowAnswersCompleted += 1 } }
                let response = normalResponse(for: request.path)
                return writer.writeResponse(
                    status: response.status, contentType: response.contentType, body: response.body)
            case .clientGone:
                state.withLock { $0.abandoned += 1 }
                return false
            case .stopping:
                return false
            }
        case .truncatedBody:
            let response = normalResponse(for: request.path)
            _ = writer.writeTruncated(status: response.status, contentType: response.contentType, body: response.body)
            return false
        case .invalidJSON:
            let body = Array(#"{"news":[{"id":1,"title":"Cut off mid-stri"#.utf8)
            return writer.writeResponse(status: 200, contentType: "application/json", body: body)
        case .wrongSchema:
            return writer.writeResponse(
                status: 200, contentType: "application/json", body: Array(#"{"news": 5, "totalCount": 1}"#.utf8))
        case .hugeBody(let bytes, let declaresLength, let bytesPerSecond):
            _ = writer.writeFiller(bytes: bytes, declaresLength: declaresLength, bytesPerSecond: bytesPerSecond)
            return false
        case .drip(let bytes, let interval):
            guard writer.writeHead(status: 200, contentType: "application/json", length: bytes) else { return false }
            for _ in 0..<bytes {
                switch waitOrHangUp(seconds: interval, connection: connection, wake: wake) {
                case .elapsed, .released:
                    guard writer.writeBody([UInt8(ascii: " ")]) else { return false }
                case .clientGone:
                    state.withLock { $0.abandoned += 1 }
                    return false
                case .stopping:
                    return false
                }
            }
            state.withLock { $0.slowAnswersCompleted += 1 }
            return true
        case .closeWithoutReply:
            return false
        case .body(let data, let contentType, let status):
            return writer.writeResponse(status: status, contentType: contentType, body: data)
        case .raw(let bytes):
            _ = writer.writeRaw(bytes)
            return false
        }
    }

    /// `POLLRDHUP` (Linux; hidden behind `_GNU_SOURCE` in the C headers).
    private static let pollReadHangUp: Int16 = 0x2000

    private enum WaitOutcome {
        case elapsed, released, clientGone, stopping
    }

    /// Sleeps `seconds`, waking early when the client closes the connection or the server stops.
    private func waitOrHangUp(seconds: Double, connection: Int32, wake: Int32) -> WaitOutcome {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        let release = state.withLock { $0.delayRelease }
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .elapsed }
            guard state.withLock({ $0.delayRelease }) == release else { return .released }
            var fds = [
                pollfd(fd: connection, events: Int16(POLLIN) | Self.pollReadHangUp, revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            // Short polls, so a release is noticed within 20 ms.
            let milliseconds = Int32(min(20, (deadline - now + 999_999) / 1_000_000))
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .stopping
            }
            if fds[1].revents != 0 { return .stopping }
            if fds[0].revents != 0 {
                var byte: UInt8 = 0
                let peeked = recv(connection, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
                if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EINTR) { return .clientGone }
                if fds[0].revents & Self.pollReadHangUp != 0 || fds[0].revents & Int16(POLLHUP) != 0 {
                    return .clientGone
                }
                // Pipelined bytes from the client: keep waiting, but without spinning.
                usleep(1000)
            }
        }
    }

    /// The answer without faults.
    private func normalResponse(for path: String) -> Response {
        let (custom, total) = state.withLock { ($0.responses[path], $0.newsTotalCount) }
        if let custom { return custom }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 5, parts[0].isEmpty, parts[1] == "api", parts[2] == "news",
            let page = Int(parts[3]), let size = Int(parts[4]), page >= 1, size >= 1
        {
            return Response(
                contentType: "application/json",
                body: FixtureNews.page(page, size: size, total: total, baseURL: baseURL))
        }
        return Response(status: 404, contentType: "application/json", body: Array(#"{"error":"not found"}"#.utf8))
    }
}
