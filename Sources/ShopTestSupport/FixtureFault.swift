/// A way for ``FixtureServer`` to misbehave on a request.
///
/// Set one per path with ``FixtureServer/setFault(_:forPath:times:)`` or for every path
/// with ``FixtureServer/setGlobalFault(_:times:)``.
public enum FixtureFault: Sendable, Equatable {
    /// Answer with this status and a small JSON error body.
    case status(Int)
    /// Wait this many seconds, then answer normally. Ends early when the client hangs up
    /// (counted by ``FixtureServer/abandonedRequestCount``) or the server stops.
    case delay(Double)
    /// Send the header with the full `Content-Length`, then half the body, then close.
    case truncatedBody
    /// Answer 200 with a body that is not valid JSON.
    case invalidJSON
    /// Answer 200 with valid JSON of the wrong shape: `{"news": 5, "totalCount": 1}`.
    case wrongSchema
    /// Stream `bytes` bytes of filler in 64 KiB chunks, with or without a `Content-Length`
    /// (without one, the end of the body is the end of the connection), at most
    /// `bytesPerSecond` when given. Nothing is allocated but one chunk.
    case hugeBody(bytes: Int, declaresLength: Bool = true, bytesPerSecond: Int? = nil)
    /// Send the header with `Content-Length: bytes`, then one byte of the body every
    /// `interval` seconds; ends early when the client hangs up or the server stops.
    case drip(bytes: Int, interval: Double)
    /// Read the request, then close the connection without a reply.
    case closeWithoutReply
    /// Answer with exactly this body.
    case body([UInt8], contentType: String = "application/json", status: Int = 200)
    /// Write exactly these bytes (status line, headers and body as given), then close the
    /// connection: for chunked bodies, redirects, HTTP/1.0 and malformed answers.
    case raw([UInt8])

    /// Write this UTF-8 text as the whole answer, then close; see ``raw(_:)``.
    public static func rawText(_ text: String) -> FixtureFault {
        .raw(Array(text.utf8))
    }

    /// A status line that is not HTTP's: `HTTP/1.1 abc WHAT`.
    public static let badStatusLine = rawText("HTTP/1.1 abc WHAT\r\nContent-Length: 2\r\n\r\n{}")

    /// A chunked body whose first chunk size is `zz`.
    public static let badChunk = rawText(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")

    /// `Content-Length: -1` before a short body.
    public static let negativeLength = rawText("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n{}")

    /// `Content-Length: length` before `body`, then close: a length longer than the body cuts
    /// it short, a shorter one leaves the rest of it unread.
    public static func declaredLength(_ length: Int, body: String) -> FixtureFault {
        rawText("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\n" + body)
    }

    /// A redirect to `location` (absolute or a path), then close.
    public static func redirect(to location: String, status: Int = 302) -> FixtureFault {
        .rawText("HTTP/1.1 \(status) Found\r\nLocation: \(location)\r\nContent-Length: 0\r\n\r\n")
    }

    /// A gzip stream of `compressedBytes` bytes or so that inflates to about 160 times as
    /// many zero bytes, sent as `Content-Encoding: gzip` JSON with its length, then close.
    public static func gzipBomb(compressedBytes: Int) -> FixtureFault {
        let body = GzipBomb.make(compressedBytes: compressedBytes)
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        return .raw(Array(head.utf8) + body)
    }

    /// Answer with this UTF-8 text as the body.
    public static func text(_ text: String, contentType: String = "application/json", status: Int = 200) -> FixtureFault
    {
        .body(Array(text.utf8), contentType: contentType, status: status)
    }
}
