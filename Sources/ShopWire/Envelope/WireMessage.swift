import ShopFormats
import ShopPluginAPI

/// One JSON-RPC 2.0 message of the plugin protocol: a request, a response or a notification,
/// read from and written to one line. Its method stays text, so a method this side does not
/// know can be answered; ``HostRequest``, ``PluginRequest``, ``HostNotification`` and
/// ``PluginNotification`` read the known ones.
///
/// ```swift
/// WireMessage.request(id: 1, ManifestRequest()).line   // {"jsonrpc":"2.0","id":1,"method":"manifest"}\n
/// ```
public enum WireMessage: Sendable, Equatable {
    /// A call that expects an answer with the same id.
    case request(id: Int, method: String, params: Value)
    /// The answer to request `id`: its result or its error.
    case response(id: Int, outcome: Outcome)
    /// A message that expects no answer.
    case notification(method: String, params: Value)

    /// What a response carries.
    public enum Outcome: Sendable, Equatable {
        case result(Value)
        case error(WireError)
    }

    /// Why a line is not a protocol message.
    public enum ReadingError: Error, Equatable {
        /// Not JSON at all, or JSON with a problem: the reader's words.
        case malformed(String)
        /// JSON, but not an object.
        case notAnObject
    }

    /// A typed request.
    public static func request<Request: WireRequest>(id: Int, _ request: Request) -> WireMessage {
        .request(id: id, method: Request.method.rawValue, params: request.json)
    }

    /// A typed notification.
    public static func notification<Notification: WireNotification>(_ notification: Notification) -> WireMessage {
        .notification(method: Notification.method.rawValue, params: notification.json)
    }

    /// A typed answer.
    public static func result(id: Int, _ result: some WireValue) -> WireMessage {
        .response(id: id, outcome: .result(result.json))
    }

    /// An error answer.
    public static func error(id: Int, _ error: WireError) -> WireMessage {
        .response(id: id, outcome: .error(error))
    }

    /// Reads one line. Fields the protocol does not know are ignored.
    public init(line: [UInt8]) throws(ReadingError) {
        let value: Value
        do {
            value = try Value(json: line)
        } catch {
            throw .malformed(error.description)
        }
        try self.init(json: value)
    }

    /// Reads one message from its JSON.
    public init(json value: Value) throws(ReadingError) {
        guard case .record(let record) = value else { throw .notAnObject }
        let params = record["params"] ?? .null
        let method: String?
        switch record["method"] {
        case nil, .null?: method = nil
        case .string(let name)?: method = name
        case let other?: throw .malformed("the method must be a string, got \(other.typeName)")
        }
        switch (record["id"], method) {
        case (nil, let method?), (.null?, let method?):
            self = .notification(method: method, params: params)
        case (let id?, let method?):
            guard let id = id.intValue else { throw .malformed("the request id must be an integer") }
            self = .request(id: id, method: method, params: params)
        case (let id?, nil):
            guard let id = id.intValue else { throw .malformed("the response id must be an integer") }
            if let error = record["error"], !error.isNull {
                do {
                    self = .response(id: id, outcome: .error(try WireError(json: error)))
                } catch {
                    throw .malformed(error.description)
                }
            } else {
                self = .response(id: id, outcome: .result(record["result"] ?? .null))
            }
        case (nil, nil):
            throw .malformed("a message needs a \"method\" or an \"id\"")
        }
    }

    /// The message as JSON.
    public var json: Value {
        var pairs: [(String, Value)] = [("jsonrpc", "2.0")]
        switch self {
        case .request(let id, let method, let params):
            pairs += [("id", .int(id)), ("method", .string(method))]
            if !params.isNull { pairs.append(("params", params)) }
        case .response(let id, .result(let result)):
            pairs += [("id", .int(id)), ("result", result)]
        case .response(let id, .error(let error)):
            pairs += [("id", .int(id)), ("error", error.json)]
        case .notification(let method, let params):
            pairs.append(("method", .string(method)))
            if !params.isNull { pairs.append(("params", params)) }
        }
        return .record(Record(pairs: pairs))
    }

    /// The message as one line of JSON, newline included.
    public var line: String {
        var text = ""
        JSONWriter.write(json, into: &text, indent: nil, level: 0)
        text += "\n"
        return text
    }
}
