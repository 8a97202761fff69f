#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads HTTP/1.1 requests from a connection, one at a time, keeping leftover bytes.
///
/// Waits at most 10 s for the next bytes and stops at once when the server's wake pipe
/// becomes readable (the server is stopping).
struct FixtureRequestReader {
    private let connection: Int32
    private let wake: Int32
    private var buffer: [UInt8] = []

    init(connection: Int32, wake: Int32) {
        self.connection = connection
        self.wake = wake
    }

    /// The next request, or nil when the connection closed, timed out or sent garbage.
    mutating func next() -> FixtureRequest? {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                guard let request = parse(head) else { return nil }
                return request
            }
            guard buffer.count < 64 * 1024, fill() else { return nil }
        }
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    private mutating func fill() -> Bool {
        var fds = [
            pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            // Idle kept-alive connections stay open until the client or `stop()` ends them: a
            // server that closed them after a while would make a busy test's next request
            // meet a dead connection (which libcurl retries, keeping the first error's words).
            let ready = poll(&fds, 2, -1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, fds[1].revents == 0 else { return false }
            break
        }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = recv(connection, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    private mutating func parse(_ head: String) -> FixtureRequest? {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3 else { return nil }
        let target = parts[1]
        let path =
            target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        var keepAlive = parts[2] == "HTTP/1.1"
        var bodyLength = 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingBlanks()
            if name == "connection" {
                let value = value.lowercased()
                keepAlive = value != "close" && (keepAlive || value == "keep-alive")
            }
            if name == "content-length" { bodyLength = Int(value) ?? 0 }
            headers[name] = String(value)
        }
        while buffer.count < bodyLength {
            guard fill() else { return nil }
        }
        let body = Array(buffer[..<bodyLength])
        buffer.removeFirst(bodyLength)
        return FixtureRequest(
            method: String(parts[0]), path: path, keepAlive: keepAlive, headers: headers, body: body)
    }
}

extension Substring {
    fileprivate func trimmingBlanks() -> Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
