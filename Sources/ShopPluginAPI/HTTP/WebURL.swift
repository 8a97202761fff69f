/// An absolute URL split into its parts, read without Foundation: `scheme://host:port/path?query`.
///
/// Parsing keeps what was written and makes it safe to send: the scheme is lowercased,
/// the fragment dropped, and every byte of the path and query that may not appear in a URL
/// (blanks, controls, non-ASCII letters, `"<>\^`{|}`) is percent-encoded; `%XX` stays.
/// The host may be a name, an IPv4 address or a bracketed IPv6 address.
///
/// ```swift
/// let url = try WebURL(parsing: "HTTP://News.Example/my api?q=a b#top")
/// url.description   // http://News.Example/my%20api?q=a%20b
/// ```
public struct WebURL: Sendable, Hashable, CustomStringConvertible {
    /// Why text is not an absolute URL, in a few words.
    public enum ParseError: Error, Equatable, Sendable {
        /// Nothing but blanks.
        case empty
        /// No `scheme:` at the start.
        case noScheme
        /// A scheme but no `//host`.
        case noHost(scheme: String)
        /// Characters that cannot be in a URL where they stand.
        case notAURL

        /// `no host`, `not a url`: a few words for a message.
        public var reason: String {
            switch self {
            case .empty: "empty"
            case .noScheme: "no scheme"
            case .noHost: "no host"
            case .notAURL: "not a url"
            }
        }
    }

    /// Lowercased: `http`.
    public var scheme: String
    /// As written, brackets kept for IPv6: `News.Example`, `[::1]`.
    public var host: String
    /// The port, when one was written.
    public var port: Int?
    /// Percent-encoded, empty or starting with `/`.
    public var path: String
    /// Percent-encoded, without the `?`; nil when there is none.
    public var query: String?

    public init(scheme: String, host: String, port: Int? = nil, path: String = "", query: String? = nil) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.query = query
    }

    /// Reads `text` (blanks around it ignored).
    public init(parsing text: String) throws(ParseError) {
        var bytes = Array(text.utf8)
        while let last = bytes.last, Self.isBlank(last) { bytes.removeLast() }
        let start = bytes.firstIndex { !Self.isBlank($0) } ?? bytes.endIndex
        let input = bytes[start...]
        guard !input.isEmpty else { throw .empty }
        guard let colon = input.firstIndex(of: UInt8(ascii: ":")) else {
            throw input.allSatisfy(Self.isURLByte) ? .noScheme : .notAURL
        }
        let schemeBytes = input[..<colon]
        guard let first = schemeBytes.first, Self.isLetter(first),
            schemeBytes.allSatisfy(Self.isSchemeByte)
        else {
            throw input[..<colon].contains(where: { $0 == UInt8(ascii: "/") }) ? .noScheme : .notAURL
        }
        // ASCII by the check above: lowercased a byte at a time (`lowercased()` goes through
        // Unicode's tables).
        let scheme = String(decoding: schemeBytes.map { Self.isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        var rest = input[(colon + 1)...]
        guard rest.starts(with: "//".utf8) else { throw .noHost(scheme: scheme) }
        rest = rest.dropFirst(2)
        let authorityEnd = rest.firstIndex(where: Self.endsAuthority) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        let (host, port) = try Self.split(authority)
        guard !host.isEmpty else { throw .noHost(scheme: scheme) }
        var remainder = rest[authorityEnd...]
        if let hash = remainder.firstIndex(of: UInt8(ascii: "#")) { remainder = remainder[..<hash] }
        let queryStart = remainder.firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = remainder[..<(queryStart ?? remainder.endIndex)]
        self.init(
            scheme: scheme, host: host, port: port, path: Self.encoded(pathBytes),
            query: queryStart.map { Self.encoded(remainder[($0 + 1)...]) })
    }

    /// `http://host:port/path?query`.
    public var description: String {
        var text = "\(scheme)://\(host)"
        if let port { text += ":\(port)" }
        text += path
        if let query { text += "?\(query)" }
        return text
    }

    /// The last segment of the path, percent-decoding left undone: `launch.png`.
    public var lastPathComponent: String {
        String(path.split(separator: "/").last ?? "")
    }

    /// This URL with `segments` added to the path, a `/` between each.
    public func appendingPath(_ segments: String) -> WebURL {
        var copy = self
        var base = path
        while base.hasSuffix("/") { base.removeLast() }
        copy.path = base + "/" + Self.encoded(ArraySlice(segments.utf8))
        return copy
    }

    // MARK: - Parts

    /// Host and port of an authority without user info.
    private static func split(_ authority: ArraySlice<UInt8>) throws(ParseError) -> (String, Int?) {
        var hostBytes = authority
        var portBytes: ArraySlice<UInt8>?
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { throw .notAURL }
            hostBytes = authority[...close]
            let after = authority[(close + 1)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { throw .notAURL }
                portBytes = after.dropFirst()
            }
            guard hostBytes.dropFirst().dropLast().allSatisfy({ isHexDigit($0) || $0 == 0x3A || $0 == 0x2E }) else {
                throw .notAURL
            }
        } else {
            if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
                hostBytes = authority[..<colon]
                portBytes = authority[(colon + 1)...]
            }
            guard hostBytes.allSatisfy(isHostByte) else { throw .notAURL }
        }
        var port: Int?
        if let portBytes, !portBytes.isEmpty {
            guard portBytes.count <= 5, portBytes.allSatisfy(isDigit) else { throw .notAURL }
            let number = portBytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard number <= 65535 else { throw .notAURL }
            port = number
        }
        return (String(decoding: hostBytes, as: UTF8.self), port)
    }

    /// `bytes` with everything a URL may not hold percent-encoded.
    private static func encoded(_ bytes: ArraySlice<UInt8>) -> String {
        guard !bytes.allSatisfy(isURLByte) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if isURLByte(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Printable ASCII that may stand in a URL as it is: all but `"<>\^`{|}`.
    ///
    /// A `switch`, as the host's bytes below: searching a string of the others for each byte
    /// was a fifth of a news page request's own work.
    private static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E: true
        default: false
        }
    }

    /// A letter, a digit, one of `-._~%!$&'()*+,;=`, or a byte of a non-ASCII character.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x24...0x2E, 0x30...0x39, 0x3B, 0x3D, 0x41...0x5A, 0x5F, 0x61...0x7A, 0x7E, 0x80...: true
        default: false
        }
    }

    /// A letter, a digit, `+`, `-` or `.`.
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
    }

    /// `/`, `?` or `#`.
    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == 0x2F || byte == 0x3F || byte == 0x23
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isUppercase(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
