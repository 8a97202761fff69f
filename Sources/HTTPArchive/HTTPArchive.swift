import ShopPluginAPI

/// An HTTP Archive (HAR 1.2), the format browsers' developer tools export and import: the
/// exchanges of a session with their requests, responses (or failures) and timings.
///
/// shop writes one while `news source URL --record FILE.har` runs (``HTTPArchiveRecorder``)
/// and serves one back with no network (``HTTPArchiveReplay``). Reading accepts archives
/// from browsers too: members shop does not use are skipped.
public struct HTTPArchive: Sendable, Equatable {
    /// The format version written and accepted.
    public static let version = "1.2"
    /// The largest archive read or written: 256 MB.
    public static let maximumBytes = 256 * 1024 * 1024

    /// The exchanges, in the order they were made.
    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// One request and what came of it.
    public struct Entry: Sendable, Equatable {
        /// When the request started, in seconds since 1970.
        public var started: Double
        /// `GET`.
        public var method: String
        /// The URL asked for (before redirects).
        public var url: String
        /// The headers sent besides the transport's own.
        public var requestHeaders: [HTTPHeader]
        /// The body sent (a `POST`'s); empty for none.
        public var requestBody: [UInt8]
        /// The answer, or why there was none.
        public var outcome: Outcome
        /// Where the time went, in milliseconds.
        public var timings: Timings

        public init(
            started: Double, method: String, url: String, requestHeaders: [HTTPHeader] = [], requestBody: [UInt8] = [],
            outcome: Outcome, timings: Timings = Timings()
        ) {
            self.started = started
            self.method = method
            self.url = url
            self.requestHeaders = requestHeaders
            self.requestBody = requestBody
            self.outcome = outcome
            self.timings = timings
        }
    }

    /// How an exchange ended.
    public enum Outcome: Sendable, Equatable {
        /// The server answered (any status, errors too).
        case response(Response)
        /// No answer arrived (refused, timed out…): HAR's status 0 with an `_error` text.
        case failure(String)
    }

    /// A server's answer.
    public struct Response: Sendable, Equatable {
        /// `200`, `404`.
        public var status: Int
        /// The headers received, in order.
        public var headers: [HTTPHeader]
        /// The body as received.
        public var body: [UInt8]
        /// The URL a redirect pointed to, when the answer is one.
        public var redirectURL: String
        /// Whether the archive lacks the body (`content` without `text` for a body that was
        /// not empty, as browsers export bodies they did not keep); ``body`` is then empty.
        public var isBodyMissing: Bool

        public init(
            status: Int, headers: [HTTPHeader] = [], body: [UInt8] = [], redirectURL: String = "",
            isBodyMissing: Bool = false
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.redirectURL = redirectURL
            self.isBodyMissing = isBodyMissing
        }

        /// The `Content-Type` header, or `application/octet-stream` when there is none.
        public var mimeType: String {
            headers.value(of: "Content-Type") ?? "application/octet-stream"
        }
    }

    /// The phases of an exchange in milliseconds, as HAR names them; -1 when a phase did not
    /// apply (no DNS lookup on a kept-alive connection, no TLS for `http`).
    public struct Timings: Sendable, Equatable {
        public var dns: Double
        /// Opening the connection, the TLS handshake included (HAR counts `ssl` inside it).
        public var connect: Double
        public var ssl: Double
        public var send: Double
        public var wait: Double
        public var receive: Double

        public init(
            dns: Double = -1, connect: Double = -1, ssl: Double = -1, send: Double = 0, wait: Double = 0,
            receive: Double = 0
        ) {
            self.dns = dns
            self.connect = connect
            self.ssl = ssl
            self.send = send
            self.wait = wait
            self.receive = receive
        }

        /// The whole exchange: every phase that applied (`ssl` is inside `connect`).
        public var total: Double {
            [dns, connect, send, wait, receive].filter { $0 > 0 }.reduce(0, +)
        }
    }
}
