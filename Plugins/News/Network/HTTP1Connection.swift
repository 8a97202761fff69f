import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One TCP connection to an HTTP/1.1 server: a non-blocking socket, every wait bounded by
/// the idle timeout.
///
/// A wait first polls on the calling thread for at most ``inlineWait`` (a local server
/// answers well within it, and the request then costs no thread switch at all); longer
/// waits are parked on a thread of their own, so Swift's concurrency threads are never
/// held for long. Owned by one request at a time; the descriptor is closed by ``close()``
/// (or kept for the next request on the same host and port).
struct HTTP1Connection {
    /// How long a wait may hold the calling thread before it moves to a thread of its own.
    static let inlineWait: Duration = .milliseconds(3)

    /// The socket.
    let descriptor: Int32
    /// `host:port`, the key of the idle connection pool.
    let key: String
    /// Whether an earlier request used this connection (it may have been closed by the
    /// server since: a reply-less close then means "try a new connection").
    var reused = false
    /// Bytes received but not consumed yet.
    private var buffer: [UInt8] = []
    private var consumed = 0

    /// The connection on an open socket.
    init(descriptor: Int32, key: String) {
        self.descriptor = descriptor
        self.key = key
    }

    /// Connects to `host`:`port`, trying each address the name resolves to. `attach` is told
    /// each socket before the connection is awaited, and refuses it when the caller left.
    static func connect(
        host: String, port: Int, timeout: Double, attach: (Int32) -> Bool
    ) async throws(SocketFailure) -> HTTP1Connection {
        var failure = SocketFailure.unknownHost
        for address in try await SocketAddress.resolve(host: host, port: port) {
            let descriptor = socket(address.family, address.type, address.protocol)
            guard descriptor >= 0 else {
                failure = .system(errno)
                continue
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            var yes: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            guard attach(descriptor) else {
                Glibc.close(descriptor)
                throw .closed
            }
            do throws(SocketFailure) {
                let started = address.bytes.withUnsafeBytes { raw in
                    raw.withMemoryRebound(to: sockaddr.self) {
                        Glibc.connect(descriptor, $0.baseAddress, socklen_t(raw.count))
                    }
                }
                if started != 0 {
                    guard errno == EINPROGRESS else { throw .system(errno) }
                    try await wait(for: Int16(POLLOUT), on: descriptor, timeout: timeout)
                    var code: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length)
                    guard code == 0 else { throw .system(code) }
                }
                return HTTP1Connection(descriptor: descriptor, key: "\(host):\(port)")
            } catch {
                Glibc.close(descriptor)
                failure = error
                if error == .timedOut { throw error }
            }
        }
        throw failure
    }

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8], timeout: Double) async throws(SocketFailure) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress.map { $0 + sent }, raw.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try await Self.wait(for: Int16(POLLOUT), on: descriptor, timeout: timeout)
            } else {
                throw count == 0 || errno == EPIPE ? .closed : .system(errno)
            }
        }
    }

    /// Whether unconsumed bytes are waiting in the buffer.
    var hasBufferedBytes: Bool { consumed < buffer.count }

    /// Reads more bytes into the buffer; throws `closed` at the end of the stream.
    mutating func fill(timeout: Double) async throws(SocketFailure) {
        if consumed > 0, consumed == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            consumed = 0
        }
        let chunk = 64 * 1024
        while true {
            let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { scratch in
                let count = recv(descriptor, scratch.baseAddress, chunk, 0)
                if count > 0 { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<count])) }
                return count
            }
            if count > 0 { return }
            if count == 0 { throw .closed }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try await Self.wait(for: Int16(POLLIN), on: descriptor, timeout: timeout)
                continue
            }
            throw errno == ECONNRESET ? .closed : .system(errno)
        }
    }

    /// The bytes up to and including the first `\r\n\r\n` (a response head), once buffered.
    mutating func takeHead() -> ArraySlice<UInt8>? {
        guard buffer.count - consumed >= 4 else { return nil }
        var index = consumed
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                let head = buffer[consumed..<index + 4]
                consumed = index + 4
                return head
            }
            index += 1
        }
        return nil
    }

    /// The bytes up to and including the next `\r\n`, once buffered.
    mutating func takeLine() -> ArraySlice<UInt8>? {
        var index = consumed
        while index + 1 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10 {
                let line = buffer[consumed..<index]
                consumed = index + 2
                return line
            }
            index += 1
        }
        return nil
    }

    /// Moves up to `limit` buffered bytes to the end of `data`; returns how many.
    @discardableResult
    mutating func move(upTo limit: Int, into data: inout Data) -> Int {
        let count = min(buffer.count - consumed, max(0, limit))
        buffer.withUnsafeBufferPointer { bytes in
            data.append(UnsafeBufferPointer(rebasing: bytes[consumed..<consumed + count]))
        }
        consumed += count
        return count
    }

    /// How many bytes are buffered and not consumed.
    var bufferedCount: Int { buffer.count - consumed }

    /// Closes the socket.
    func close() {
        Glibc.close(descriptor)
    }

    /// Waits until `descriptor` is ready for `events`, at most `timeout` seconds: on this
    /// thread for up to ``inlineWait``, then on a thread of its own.
    private static func wait(for events: Int16, on descriptor: Int32, timeout: Double) async throws(SocketFailure) {
        let deadline = ContinuousClock.now + .milliseconds(Int64((timeout * 1000).rounded(.up)))
        if try poll(descriptor, events, until: min(deadline, .now + inlineWait)) { return }
        guard ContinuousClock.now < deadline else { throw .timedOut }
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<SocketFailure?, Never>) in
            Thread.detachNewThread {
                do throws(SocketFailure) {
                    continuation.resume(returning: try poll(descriptor, events, until: deadline) ? nil : .timedOut)
                } catch {
                    continuation.resume(returning: error)
                }
            }
        }
        if let outcome { throw outcome }
    }

    /// Polls until `descriptor` is ready (true) or `deadline` passes (false).
    private static func poll(_ descriptor: Int32, _ events: Int16, until deadline: ContinuousClock.Instant)
        throws(SocketFailure) -> Bool
    {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = Glibc.poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { throw .system(errno) }
        }
    }
}
