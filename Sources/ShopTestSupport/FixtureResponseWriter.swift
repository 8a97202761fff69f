import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes HTTP/1.1 responses to a connection with `MSG_NOSIGNAL`, reporting body bytes as
/// the kernel accepts them.
struct FixtureResponseWriter {
    private let connection: Int32
    private let onBodyBytes: (Int) -> Void

    init(connection: Int32, onBodyBytes: @escaping (Int) -> Void) {
        self.connection = connection
        self.onBodyBytes = onBodyBytes
    }

    /// A complete response; false when the client is gone.
    func writeResponse(status: Int, contentType: String, body: [UInt8]) -> Bool {
        guard write(head(status: status, contentType: contentType, length: body.count)) else { return false }
        return writeBody(body)
    }

    /// The header with the full length, then only the first half of the body.
    func writeTruncated(status: Int, contentType: String, body: [UInt8]) -> Bool {
        guard write(head(status: status, contentType: contentType, length: body.count)) else { return false }
        return writeBody(Array(body.prefix(body.count / 2)))
    }

    /// `bytes` bytes of filler streamed from one reused 64 KiB chunk, optionally paced; stops
    /// when the client goes.
    func writeFiller(bytes: Int, declaresLength: Bool, bytesPerSecond: Int?) -> Bool {
        let head =
            declaresLength
            ? head(status: 200, contentType: "application/json", length: bytes)
            : "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
        guard write(head) else { return false }
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
        var remaining = bytes
        while remaining > 0 {
            let piece = remaining >= chunk.count ? chunk : Array(chunk.prefix(remaining))
            guard writeBody(piece) else { return false }
            remaining -= piece.count
            if let rate = bytesPerSecond, rate > 0 {
                usleep(UInt32(min(1_000_000, piece.count * 1_000_000 / rate)))
            }
        }
        return true
    }

    /// The status line and headers of a response of `length` body bytes; false when the client is gone.
    func writeHead(status: Int, contentType: String, length: Int) -> Bool {
        write(head(status: status, contentType: contentType, length: length))
    }

    /// `bytes` exactly as given; false when the client is gone.
    func writeRaw(_ bytes: [UInt8]) -> Bool {
        writeAll(bytes, countsAsBody: false)
    }

    private func head(status: Int, contentType: String, length: Int) -> String {
        "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\nContent-Length: \(length)\r\n\r\n"
    }

    private func write(_ text: String) -> Bool {
        writeAll(Array(text.utf8), countsAsBody: false)
    }

    /// Body bytes, counted; false when the client is gone.
    func writeBody(_ data: [UInt8]) -> Bool {
        writeAll(data, countsAsBody: true)
    }

    private func writeAll(_ data: [UInt8], countsAsBody: Bool) -> Bool {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return send(connection, base + offset, data.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            if sent == 0 { return false }
            offset += sent
            if countsAsBody { onBodyBytes(sent) }
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
