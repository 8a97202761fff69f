/// The status line and the headers of an HTTP/1.x response.
struct HTTP1ResponseHead: Equatable {
    /// `1` for HTTP/1.1, `0` for HTTP/1.0.
    var minorVersion: Int
    var statusCode: Int
    /// Header names lowercased, values without surrounding blanks; a repeated header keeps
    /// its values joined by `, `.
    var headers: [String: String]

    /// Parses the bytes up to and including the blank line; nil when they are not a response head.
    init?(_ bytes: ArraySlice<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: true).makeIterator()
        guard let statusLine = lines.next() else { return nil }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let minor = Int(parts[0].dropFirst(7)),
            parts[1].count == 3, let status = Int(parts[1]), status >= 100
        else { return nil }
        minorVersion = minor
        statusCode = status
        headers = [:]
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingBlanks()
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
    }

    /// `Content-Length`, when present and valid.
    var contentLength: Int? {
        headers["content-length"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Whether the body comes in chunks (`Transfer-Encoding: chunked`).
    var isChunked: Bool {
        headers["transfer-encoding"]?.lowercased().contains("chunked") ?? false
    }

    /// Whether the connection may carry another request after this response.
    var keepsAlive: Bool {
        let connection = headers["connection"]?.lowercased() ?? ""
        return minorVersion >= 1 ? !connection.contains("close") : connection.contains("keep-alive")
    }

    /// Whether the response has no body whatever its headers say (1xx, 204, 304).
    var hasNoBody: Bool {
        statusCode < 200 || statusCode == 204 || statusCode == 304
    }

    /// `text/html` from `Content-Type: Text/HTML; charset=utf-8`.
    var mediaType: String? {
        guard let type = headers["content-type"] else { return nil }
        let bare = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? type
        return bare.trimmingBlanks().lowercased()
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate func trimmingBlanks() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
