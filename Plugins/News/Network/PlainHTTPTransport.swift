import Foundation
import Synchronization

/// GET over plain HTTP/1.1 on TCP sockets, for `http://` URLs: a lean path with keep-alive
/// connections, used instead of `URLSession` (whose per-request cost on Linux is about a
/// millisecond of CPU, more than decoding a page).
///
/// - A request runs in its caller's task; waits for the socket poll briefly in place and
///   then move to a thread of their own (``HTTP1Connection``), so a local server's answer
///   costs no thread switch. Cancelling shuts the socket down (``HTTP1Exchange``), which
///   ends any wait at once.
/// - The timeout bounds every wait: connecting, sending, and each arrival of bytes.
/// - A status of 400 or more is answered when the head arrives (the body is not read); a
///   `Content-Length` over the limit is refused at the head; any body is abandoned as soon
///   as it passes the limit. Bodies may have a length, come in chunks, or end with the
///   connection.
/// - A connection whose response was complete goes back to an idle pool for the next
///   request to the same host and port. When a reused connection turns out closed before
///   any byte of the answer, the request is sent once more on a new connection.
/// - Redirects are returned to the caller as ``HTTPOutcome/redirect(_:)``.
final class PlainHTTPTransport: Sendable {
    private let timeout: Double
    private let maxBodyBytes: Int
    private let idle = Mutex<[String: [Int32]]>([:])

    /// The most connections kept idle per host and port.
    private static let maximumIdlePerHost = 8

    init(timeout: Double, maxBodyBytes: Int) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    deinit {
        for descriptors in idle.withLock({ $0.values }) {
            for descriptor in descriptors { HTTP1Connection(descriptor: descriptor, key: "").close() }
        }
    }

    /// One exchange for `url` (an `http` URL with a host).
    func get(_ url: URL) async -> Result<HTTPOutcome, NewsError> {
        let exchange = HTTP1Exchange()
        return await withTaskCancellationHandler {
            await perform(url, exchange)
        } onCancel: {
            exchange.cancel()
        }
    }

    // MARK: - The exchange

    private func perform(_ url: URL, _ exchange: HTTP1Exchange) async -> Result<HTTPOutcome, NewsError> {
        let address = url.absoluteString
        guard let host = url.host(percentEncoded: false), !host.isEmpty else {
            return .failure(.invalidURL(address, reason: "no host"))
        }
        let port = url.port ?? 80
        let key = "\(host):\(port)"
        let request = Self.request(for: url, host: host, port: port)
        var triedFresh = false
        while true {
            guard !exchange.isCancelled else { return .failure(.cancelled(url: address)) }
            var connection: HTTP1Connection
            if !triedFresh, let reused = takeIdle(key) {
                connection = reused
                guard exchange.attach(connection.descriptor) else {
                    connection.close()
                    return .failure(.cancelled(url: address))
                }
            } else {
                triedFresh = true
                do throws(SocketFailure) {
                    connection = try await HTTP1Connection.connect(
                        host: host, port: port, timeout: timeout, attach: exchange.attach)
                } catch {
                    exchange.detach()
                    if exchange.isCancelled { return .failure(.cancelled(url: address)) }
                    return .failure(failure(error, url: address, received: nil))
                }
            }
            let outcome = await converse(request, on: &connection, url: url)
            exchange.detach()
            switch outcome {
            case .finished(let result, let reusable):
                if reusable && !exchange.isCancelled { putIdle(connection) } else { connection.close() }
                if exchange.isCancelled { return .failure(.cancelled(url: address)) }
                return result
            case .staleConnection:
                connection.close()
            }
        }
    }

    private enum ExchangeOutcome {
        /// The answer, and whether the connection can carry another request.
        case finished(Result<HTTPOutcome, NewsError>, reusable: Bool)
        /// A reused connection was closed by the server before any byte of the answer.
        case staleConnection
    }

    /// Sends the request and reads the answer on `connection`.
    private func converse(_ request: [UInt8], on connection: inout HTTP1Connection, url: URL) async -> ExchangeOutcome {
        let address = url.absoluteString
        var receivedAny = false
        do throws(SocketFailure) {
            try await connection.send(request, timeout: timeout)
            var head: HTTP1ResponseHead
            repeat {
                var bytes = connection.takeHead()
                while bytes == nil {
                    guard connection.bufferedCount < 64 * 1024 else {
                        return .finished(
                            .failure(.transport(url: address, reason: "the response header is too long")),
                            reusable: false)
                    }
                    try await connection.fill(timeout: timeout)
                    receivedAny = true
                    bytes = connection.takeHead()
                }
                guard let bytes, let parsed = HTTP1ResponseHead(bytes) else {
                    return .finished(.failure(.transport(url: address, reason: Self.noValidResponse)), reusable: false)
                }
                head = parsed
            } while head.statusCode < 200
            let (result, complete) = try await answer(head, on: &connection, url: url)
            return .finished(result, reusable: complete && head.keepsAlive && !connection.hasBufferedBytes)
        } catch {
            if error == .closed, !receivedAny, connection.reused, !connection.hasBufferedBytes {
                return .staleConnection
            }
            let reason = error == .closed && !receivedAny ? Self.noValidResponse : nil
            return .finished(.failure(failure(error, url: address, received: reason)), reusable: false)
        }
    }

    /// The outcome for a response whose head is `head`, reading the body when there is one
    /// to keep; and whether the body was read to its end (so the connection is ready for another request).
    private func answer(_ head: HTTP1ResponseHead, on connection: inout HTTP1Connection, url: URL)
        async throws(SocketFailure)
        -> (Result<HTTPOutcome, NewsError>, complete: Bool)
    {
        let address = url.absoluteString
        if head.statusCode >= 400 { return (.failure(.httpStatus(url: address, code: head.statusCode)), false) }
        if [301, 302, 303, 307, 308].contains(head.statusCode), let location = head.headers["location"],
            let target = URL(string: location, relativeTo: url)?.absoluteURL
        {
            return (.success(.redirect(target)), false)
        }
        if let length = head.contentLength, length > maxBodyBytes {
            return (.failure(.oversize(url: address, limitBytes: maxBodyBytes)), false)
        }
        var body = Data()
        var complete = true
        if head.hasNoBody {
            complete = true
        } else if head.isChunked {
            guard try await readChunks(into: &body, from: &connection) else {
                return (.failure(.oversize(url: address, limitBytes: maxBodyBytes)), false)
            }
        } else if let length = head.contentLength {
            body.reserveCapacity(length)
            while body.count < length {
                if connection.bufferedCount == 0 {
                    do throws(SocketFailure) {
                        try await connection.fill(timeout: timeout)
                    } catch .closed {
                        let reason = "the connection closed after \(body.count) of \(length) bytes"
                        return (.failure(.transport(url: address, reason: reason)), false)
                    }
                }
                connection.move(upTo: length - body.count, into: &body)
            }
        } else {
            // The body ends with the connection.
            complete = false
            while true {
                connection.move(upTo: Int.max, into: &body)
                guard body.count <= maxBodyBytes else {
                    return (.failure(.oversize(url: address, limitBytes: maxBodyBytes)), false)
                }
                do throws(SocketFailure) {
                    try await connection.fill(timeout: timeout)
                } catch .closed {
                    break
                }
            }
        }
        let response = HTTPResponse(url: url, statusCode: head.statusCode, contentType: head.mediaType, body: body)
        return (.success(.response(response)), complete)
    }

    /// Reads a chunked body; false when it passed the size limit.
    private func readChunks(into body: inout Data, from connection: inout HTTP1Connection) async throws(SocketFailure)
        -> Bool
    {
        while true {
            let line = try await readLine(from: &connection)
            let sizeText = String(decoding: line, as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw .closed
            }
            if size == 0 {
                while try await !readLine(from: &connection).isEmpty {}
                return true
            }
            guard body.count + size <= maxBodyBytes else { return false }
            var remaining = size
            while remaining > 0 {
                if connection.bufferedCount == 0 { try await connection.fill(timeout: timeout) }
                remaining -= connection.move(upTo: remaining, into: &body)
            }
            guard try await readLine(from: &connection).isEmpty else { throw .closed }
        }
    }

    private func readLine(from connection: inout HTTP1Connection) async throws(SocketFailure) -> ArraySlice<UInt8> {
        while true {
            if let line = connection.takeLine() { return line }
            try await connection.fill(timeout: timeout)
        }
    }

    // MARK: - Connections

    private func takeIdle(_ key: String) -> HTTP1Connection? {
        guard let descriptor = idle.withLock({ $0[key]?.popLast() }) else { return nil }
        var connection = HTTP1Connection(descriptor: descriptor, key: key)
        connection.reused = true
        return connection
    }

    private func putIdle(_ connection: HTTP1Connection) {
        let kept = idle.withLock { idle -> Bool in
            guard idle[connection.key, default: []].count < Self.maximumIdlePerHost else { return false }
            idle[connection.key, default: []].append(connection.descriptor)
            return true
        }
        if !kept { connection.close() }
    }

    // MARK: - Messages

    private static let noValidResponse = "the server closed the connection without a valid response"

    private func failure(_ error: SocketFailure, url: String, received reason: String?) -> NewsError {
        switch error {
        case .timedOut: .timeout(url: url, seconds: timeout)
        case .closed: .transport(url: url, reason: reason ?? "the connection closed before the response was complete")
        case .unknownHost, .system: .transport(url: url, reason: error.reason)
        }
    }

    /// `GET /path?query HTTP/1.1` with `Host`, asking to keep the connection.
    private static func request(for url: URL, host: String, port: Int) -> [UInt8] {
        var target = url.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = url.query(percentEncoded: true) { target += "?" + query }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let hostHeader = port == 80 ? shownHost : "\(shownHost):\(port)"
        let text =
            "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: shop-news/1\r\nAccept: */*\r\n"
            + "Connection: keep-alive\r\n\r\n"
        return Array(text.utf8)
    }
}
