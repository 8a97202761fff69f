import ShopFormats
import ShopPluginAPI

/// A server's answer as a value: the decoded JSON when the reply says it is JSON, else its
/// text; or, for `--full`, `{status, headers, body}`.
struct HTTPAnswer {
    /// The answer.
    let response: HTTPResponse
    /// The URL asked for, as messages name it.
    let url: String
    /// The command that asked, as messages name it.
    let command: String

    /// The body as a value: nothing is null; JSON (a media type `application/json`,
    /// `text/json` or `…+json`) is decoded, and broken JSON is an error; any other body is
    /// text, and a body that is not UTF-8 text is an error.
    func value() throws(VerbError) -> Value {
        guard !response.body.isEmpty else { return .null }
        if Self.isJSON(response.mediaType) {
            do {
                return try Value(json: response.body)
            } catch {
                throw .invalid(command: command, reason: "'\(url)' sent broken JSON: \(error)")
            }
        }
        guard let text = String(validating: response.body, as: UTF8.self) else {
            throw .invalid(
                command: command,
                reason: "'\(url)' sent \(ByteCount.describe(response.body.count)) of "
                    + "\(response.mediaType ?? "data of no stated type"), which is not text")
        }
        return .string(text)
    }

    /// `{status, headers, body}`: the headers as a record of lowercased names (a name sent
    /// more than once has its values joined by `, `), the body as ``value()`` reads it.
    func full() throws(VerbError) -> Value {
        var headers: [(String, Value)] = []
        var positions: [String: Int] = [:]
        for header in response.headers {
            let name = header.name.lowercased()
            if let position = positions[name], let earlier = headers[position].1.stringValue {
                headers[position].1 = .string(earlier + ", " + header.value)
            } else {
                positions[name] = headers.count
                headers.append((name, .string(header.value)))
            }
        }
        return .record(
            Record(pairs: [
                ("status", .int(response.status)), ("headers", .record(Record(pairs: headers))),
                ("body", try value()),
            ]))
    }

    /// The fields of a `--full` answer.
    static let fullFields = ["status", "headers", "body"]

    /// Whether a media type is JSON's.
    private static func isJSON(_ mediaType: String?) -> Bool {
        guard let mediaType else { return false }
        return mediaType == "application/json" || mediaType == "text/json" || mediaType.hasSuffix("+json")
    }
}
