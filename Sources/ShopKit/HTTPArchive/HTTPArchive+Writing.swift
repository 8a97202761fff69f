extension HTTPArchive {
    /// The id of the one page every entry belongs to.
    static let pageID = "session"

    /// The text of an archive file before its first entry: `{"log":{…,"entries":[`.
    ///
    /// A file is ``head(creator:version:title:started:)``, the entries joined by `",\n"`,
    /// then ``tail``; with one entry per line, a recorder adds an entry by rewriting only the
    /// tail, and the file is a complete archive after every write.
    public static func head(creator: String, version: String, title: String, started: Double) -> String {
        let page = Record(pairs: [
            ("startedDateTime", .string(Timestamp.format(started))), ("id", .string(pageID)),
            ("title", .string(title)),
            ("pageTimings", .record(Record(pairs: [("onContentLoad", .int(-1)), ("onLoad", .int(-1))]))),
        ])
        let creatorRecord = Record(pairs: [("name", .string(creator)), ("version", .string(version))])
        return "{\"log\":{\"version\":\(JSONWriter.quote(Self.version)),\"creator\":"
            + JSONWriter.compact(.record(creatorRecord)) + ",\"pages\":[" + JSONWriter.compact(.record(page))
            + "],\"entries\":["
    }

    /// What closes an archive file after its last entry.
    public static let tail = "\n]}}\n"

    /// The whole archive as a file holds it.
    public func encoded(creator: String, version: String, title: String) -> String {
        let started = entries.first?.started ?? 0
        return Self.head(creator: creator, version: version, title: title, started: started)
            + entries.map { "\n" + Self.encode($0) }.joined(separator: ",") + Self.tail
    }

    /// One entry as compact JSON on one line.
    public static func encode(_ entry: Entry) -> String {
        let request: [(String, Value)] = [
            ("method", .string(entry.method)), ("url", .string(entry.url)), ("httpVersion", .string("HTTP/1.1")),
            ("cookies", .list([])), ("headers", headers(entry.requestHeaders)),
            ("queryString", queryString(of: entry.url)), ("headersSize", .int(-1)), ("bodySize", .int(0)),
        ]
        let response: Record
        switch entry.outcome {
        case .response(let answer):
            var content: [(String, Value)] = [
                ("size", .int(answer.body.count)), ("mimeType", .string(answer.mimeType)),
            ]
            if !answer.body.isEmpty {
                if let text = String(validating: answer.body, as: UTF8.self) {
                    content.append(("text", .string(text)))
                } else {
                    content += [("text", .string(Base64.encode(answer.body))), ("encoding", .string("base64"))]
                }
            }
            response = Record(pairs: [
                ("status", .int(answer.status)), ("statusText", .string(reasonPhrase(answer.status))),
                ("httpVersion", .string("HTTP/1.1")), ("cookies", .list([])), ("headers", headers(answer.headers)),
                ("content", .record(Record(pairs: content))), ("redirectURL", .string(answer.redirectURL)),
                ("headersSize", .int(-1)), ("bodySize", .int(answer.body.count)),
            ])
        case .failure(let message):
            response = Record(pairs: [
                ("status", .int(0)), ("statusText", .string("")), ("httpVersion", .string("")), ("cookies", .list([])),
                ("headers", .list([])),
                ("content", .record(Record(pairs: [("size", .int(0)), ("mimeType", .string("x-unknown"))]))),
                ("redirectURL", .string("")), ("headersSize", .int(-1)), ("bodySize", .int(-1)),
                ("_error", .string(message)),
            ])
        }
        let timings = entry.timings
        let entryRecord = Record(pairs: [
            ("pageref", .string(pageID)), ("startedDateTime", .string(Timestamp.format(entry.started))),
            ("time", milliseconds(timings.total)), ("request", .record(Record(pairs: request))),
            ("response", .record(response)), ("cache", .record(Record(pairs: []))),
            (
                "timings",
                .record(
                    Record(pairs: [
                        ("blocked", .int(-1)), ("dns", milliseconds(timings.dns)),
                        ("connect", milliseconds(timings.connect)), ("ssl", milliseconds(timings.ssl)),
                        ("send", milliseconds(timings.send)), ("wait", milliseconds(timings.wait)),
                        ("receive", milliseconds(timings.receive)),
                    ]))
            ),
        ])
        return JSONWriter.compact(.record(entryRecord))
    }

    private static func headers(_ headers: [Header]) -> Value {
        .list(headers.map { .record(Record(pairs: [("name", .string($0.name)), ("value", .string($0.value))])) })
    }

    /// The query's `name=value` pairs, as written in the URL.
    private static func queryString(of url: String) -> Value {
        guard let question = url.firstIndex(of: "?") else { return .list([]) }
        let query = url[url.index(after: question)...].prefix { $0 != "#" }
        return .list(
            query.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return .record(
                    Record(pairs: [
                        ("name", .string(String(parts[0]))),
                        ("value", .string(parts.count > 1 ? String(parts[1]) : "")),
                    ]))
            })
    }

    /// Milliseconds rounded to microseconds; -1 stays -1 (the phase did not apply).
    private static func milliseconds(_ value: Double) -> Value {
        guard value >= 0 else { return .int(-1) }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? .int(Int(rounded)) : .double(rounded)
    }

    /// The standard reason phrase of a status, empty when there is none.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
