import ShopPluginAPI

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
        String(decoding: encodedBytes(entry), as: UTF8.self)
    }

    /// ``encode(_:)`` as UTF-8 bytes, made as bytes: the recorder writes one entry per exchange,
    /// and building records, or strings piece by piece, cost as much as the rest of the exchange.
    static func encodedBytes(_ entry: Entry) -> [UInt8] {
        let timings = entry.timings
        var json = JSONText()
        // Room for the body, a tenth more for its escapes, and the rest: growing by doubling
        // copied a news page's entry four times over.
        if case .response(let answer) = entry.outcome {
            json.bytes.reserveCapacity(answer.body.count * 11 / 10 + 2048)
        }
        json.raw("{\"pageref\":\"\(pageID)\",\"startedDateTime\":\"\(Timestamp.format(entry.started))\"")
        json.raw(",\"time\":\(milliseconds(timings.total)),\"request\":{\"method\":")
        json.quoted(entry.method)
        json.raw(",\"url\":")
        json.quoted(entry.url)
        json.raw(",\"httpVersion\":\"HTTP/1.1\",\"cookies\":[],\"headers\":")
        json.headers(entry.requestHeaders)
        json.raw(",\"queryString\":")
        json.queryString(of: entry.url)
        json.raw(",\"headersSize\":-1,\"bodySize\":\(entry.requestBody.count)")
        if !entry.requestBody.isEmpty {
            json.raw(",\"postData\":{\"mimeType\":")
            json.quoted(entry.requestHeaders.value(of: "Content-Type") ?? "application/octet-stream")
            if let text = String(validating: entry.requestBody, as: UTF8.self) {
                json.raw(",\"text\":")
                json.quoted(text)
            }
            json.raw("}")
        }
        json.raw("},\"response\":")
        switch entry.outcome {
        case .response(let answer):
            json.raw("{\"status\":\(answer.status),\"statusText\":")
            json.quoted(reasonPhrase(answer.status))
            json.raw(",\"httpVersion\":\"HTTP/1.1\",\"cookies\":[],\"headers\":")
            json.headers(answer.headers)
            json.raw(",\"content\":{\"size\":\(answer.body.count),\"mimeType\":")
            json.quoted(answer.mimeType)
            if !answer.body.isEmpty {
                if let text = String(validating: answer.body, as: UTF8.self) {
                    json.raw(",\"text\":")
                    json.quoted(text)
                } else {
                    json.raw(",\"text\":\"\(Base64.encode(answer.body))\",\"encoding\":\"base64\"")
                }
            }
            json.raw("},\"redirectURL\":")
            json.quoted(answer.redirectURL)
            json.raw(",\"headersSize\":-1,\"bodySize\":\(answer.body.count)}")
        case .failure(let message):
            json.raw("{\"status\":0,\"statusText\":\"\",\"httpVersion\":\"\",\"cookies\":[],\"headers\":[]")
            json.raw(",\"content\":{\"size\":0,\"mimeType\":\"x-unknown\"},\"redirectURL\":\"\",\"headersSize\":-1")
            json.raw(",\"bodySize\":-1,\"_error\":")
            json.quoted(message)
            json.raw("}")
        }
        json.raw(",\"cache\":{},\"timings\":{\"blocked\":-1,\"dns\":\(milliseconds(timings.dns))")
        json.raw(",\"connect\":\(milliseconds(timings.connect)),\"ssl\":\(milliseconds(timings.ssl))")
        json.raw(",\"send\":\(milliseconds(timings.send)),\"wait\":\(milliseconds(timings.wait))")
        json.raw(",\"receive\":\(milliseconds(timings.receive))}}")
        return json.bytes
    }

    /// JSON text being made as bytes.
    private struct JSONText {
        var bytes: [UInt8] = []

        mutating func raw(_ text: String) {
            // Copied whole from the string's storage, not appended a byte at a time.
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        mutating func quoted(_ text: String) {
            JSONWriter.appendQuoted(text, to: &bytes)
        }

        mutating func headers(_ headers: [HTTPHeader]) {
            pairs(headers.map { ($0.name, $0.value) })
        }

        /// The query's `name=value` pairs, as written in the URL.
        mutating func queryString(of url: String) {
            // Looked for as a byte: as a Character, each of the URL's took a grapheme break test.
            guard let question = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return raw("[]") }
            let query = url[url.index(after: question)...].prefix { $0 != "#" }
            pairs(
                query.split(separator: "&").map { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
                })
        }

        /// `[{"name":…,"value":…},…]`.
        private mutating func pairs(_ pairs: [(name: String, value: String)]) {
            raw("[")
            for (index, pair) in pairs.enumerated() {
                raw(index == 0 ? "{\"name\":" : ",{\"name\":")
                quoted(pair.name)
                raw(",\"value\":")
                quoted(pair.value)
                raw("}")
            }
            raw("]")
        }
    }

    /// Milliseconds rounded to microseconds; -1 stays -1 (the phase did not apply).
    private static func milliseconds(_ value: Double) -> String {
        guard value >= 0 else { return "-1" }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && rounded < 1e15 ? String(Int(rounded)) : String(rounded)
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
