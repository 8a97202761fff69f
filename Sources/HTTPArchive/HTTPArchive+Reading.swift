import Glibc
import ShopFormats
import ShopPluginAPI

extension HTTPArchive {
    /// Reads the archive at `path` (`name` as the user gave it, for messages); the size is
    /// checked before anything is read.
    ///
    /// - Throws: ``HTTPArchiveError`` for an archive that is too large or not HAR 1.2;
    ///   ``FileError`` when the file cannot be read.
    public static func load(path: String, named name: String) throws -> HTTPArchive {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileError(path: name, action: .read, code: errno) }
        guard Int(status.st_size) <= maximumBytes else {
            throw HTTPArchiveError.tooLarge(file: name, bytes: Int(status.st_size))
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw FileError(path: name, action: .read, code: error.code)
        }
        return try decode(bytes, file: name)
    }

    /// Reads an archive from its bytes; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String) throws(HTTPArchiveError) -> HTTPArchive {
        var version: String?
        do {
            let entries = try JSONReader.withReader(over: bytes) { reader throws(JSONError) in
                var entries: [Entry]?
                try reader.readObject { key, reader throws(JSONError) in
                    guard key == "log" else { return try reader.skipValue() }
                    try reader.readObject { key, reader throws(JSONError) in
                        switch key {
                        case "version": version = try reader.readString()
                        case "entries":
                            var read: [Entry] = []
                            try reader.readArray { _, reader throws(JSONError) in read.append(try readEntry(&reader)) }
                            entries = read
                        default: try reader.skipValue()
                        }
                        if let version, version != Self.version {
                            throw reader.error(.invalidValue("version '\(version)'"))
                        }
                    }
                    guard version != nil else { throw reader.error(.missingMember("version")) }
                    guard entries != nil else { throw reader.error(.missingMember("entries")) }
                }
                guard let entries else { throw reader.error(.missingMember("log")) }
                return entries
            }
            return HTTPArchive(entries: entries)
        } catch {
            if let version, version != Self.version { throw .unsupportedVersion(file: file, version: version) }
            do throws(JSONError) {
                try JSONReader.withReader(over: bytes) { reader throws(JSONError) in try reader.skipValue() }
            } catch {
                throw .notJSON(file: file, error)
            }
            throw .notAnArchive(file: file, error)
        }
    }

    private static func readEntry(_ reader: inout JSONReader) throws(JSONError) -> Entry {
        var started = 0.0
        var request: (method: String, url: String, headers: [HTTPHeader], body: [UInt8])?
        var outcome: Outcome?
        var timings = Timings()
        try reader.readObject { key, reader throws(JSONError) in
            switch key {
            case "startedDateTime":
                let text = try reader.readString()
                guard let seconds = Timestamp.parse(text) else {
                    throw reader.error(.invalidValue("'\(text)' is not an ISO 8601 time"))
                }
                started = seconds
            case "request": request = try readRequest(&reader)
            case "response": outcome = try readResponse(&reader)
            case "timings": timings = try readTimings(&reader)
            default: try reader.skipValue()
            }
        }
        guard let request else { throw reader.error(.missingMember("request")) }
        guard let outcome else { throw reader.error(.missingMember("response")) }
        return Entry(
            started: started, method: request.method, url: request.url, requestHeaders: request.headers,
            requestBody: request.body, outcome: outcome, timings: timings)
    }

    private static func readRequest(_ reader: inout JSONReader) throws(JSONError) -> (
        String, String, [HTTPHeader], [UInt8]
    ) {
        var method: String?
        var url: String?
        var headers: [HTTPHeader] = []
        var body: [UInt8] = []
        try reader.readObject { key, reader throws(JSONError) in
            switch key {
            case "method": method = try reader.readString()
            case "url": url = try reader.readString()
            case "headers": headers = try readHeaders(&reader)
            case "postData": body = try readPostData(&reader)
            default: try reader.skipValue()
            }
        }
        guard let method else { throw reader.error(.missingMember("method")) }
        guard let url else { throw reader.error(.missingMember("url")) }
        return (method, url, headers, body)
    }

    /// The text of a request's `postData`, as bytes (none when it has no text).
    private static func readPostData(_ reader: inout JSONReader) throws(JSONError) -> [UInt8] {
        var body: [UInt8] = []
        try reader.readObject { key, reader throws(JSONError) in
            if key == "text", try !reader.readNullIfPresent() {
                body = Array(try reader.readString().utf8)
            } else {
                try reader.skipValue()
            }
        }
        return body
    }

    private static func readResponse(_ reader: inout JSONReader) throws(JSONError) -> Outcome {
        var status: Int?
        var headers: [HTTPHeader] = []
        var body: [UInt8]?
        var redirectURL = ""
        var failure: String?
        try reader.readObject { key, reader throws(JSONError) in
            switch key {
            case "status": status = try reader.readInt()
            case "headers": headers = try readHeaders(&reader)
            case "content": body = try readContent(&reader)
            case "redirectURL": redirectURL = try reader.readString()
            case "_error": failure = try reader.readNullIfPresent() ? nil : reader.readString()
            default: try reader.skipValue()
            }
        }
        guard let status else { throw reader.error(.missingMember("status")) }
        guard status != 0 else { return .failure(failure ?? "no response was recorded") }
        return .response(
            Response(
                status: status, headers: headers, body: body ?? [], redirectURL: redirectURL,
                isBodyMissing: body == nil))
    }

    /// The body of `content`: its `text`, decoded when its `encoding` is `base64`; empty when
    /// there is no text and `size` is 0; nil when the archive does not hold it (no text for a
    /// body of another size, or of no size given).
    private static func readContent(_ reader: inout JSONReader) throws(JSONError) -> [UInt8]? {
        var text: String?
        var encoding: String?
        var size: Int?
        var textOffset = 0
        try reader.readObject { key, reader throws(JSONError) in
            switch key {
            case "text":
                textOffset = reader.offset
                text = try reader.readString()
            case "encoding": encoding = try reader.readString()
            case "size": if case .int(let int)? = try reader.readNumber().number { size = int }
            default: try reader.skipValue()
            }
        }
        guard let text else { return size == 0 ? [] : nil }
        switch encoding {
        case nil, "": return Array(text.utf8)
        case "base64":
            guard let bytes = Base64.decode(text) else {
                throw reader.error(.invalidValue("content.text is not valid base64"), at: textOffset)
            }
            return bytes
        case let other?:
            throw reader.error(.invalidValue("content encoding '\(other)' is not base64"), at: textOffset)
        }
    }

    private static func readHeaders(_ reader: inout JSONReader) throws(JSONError) -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        try reader.readArray { _, reader throws(JSONError) in
            var name = ""
            var value = ""
            try reader.readObject { key, reader throws(JSONError) in
                switch key {
                case "name": name = try reader.readString()
                case "value": value = try reader.readString()
                default: try reader.skipValue()
                }
            }
            headers.append(HTTPHeader(name, value))
        }
        return headers
    }

    private static func readTimings(_ reader: inout JSONReader) throws(JSONError) -> Timings {
        var timings = Timings()
        try reader.readObject { key, reader throws(JSONError) in
            let value = try reader.readNumber().doubleValue ?? -1
            switch key {
            case "dns": timings.dns = value
            case "connect": timings.connect = value
            case "ssl": timings.ssl = value
            case "send": timings.send = value
            case "wait": timings.wait = value
            case "receive": timings.receive = value
            default: break
            }
        }
        return timings
    }
}
