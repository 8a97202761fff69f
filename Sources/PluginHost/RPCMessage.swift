import ShopPluginAPI

/// One JSON-RPC 2.0 message of the plugin protocol: a request, a response or a notification,
/// read from and written to one line.
///
/// ```swift
/// RPCMessage.request(id: 1, method: "manifest", params: .null).line   // {"jsonrpc":"2.0","id":1,"method":"manifest"}\n
/// ```
enum RPCMessage: Sendable, Equatable {
    /// A call that expects an answer with the same id.
    case request(id: Int, method: String, params: Value)
    /// The answer to request `id`: its result or its error.
    case response(id: Int, outcome: Outcome)
    /// A message that expects no answer.
    case notification(method: String, params: Value)

    /// What a response carries.
    enum Outcome: Sendable, Equatable {
        case result(Value)
        case error(RPCError)
    }

    /// Reads one line. Fields the protocol does not know are ignored.
    init(line: [UInt8]) throws(RPCMessageError) {
        let value: Value
        do {
            value = try Value(json: line)
        } catch {
            throw .malformed(error.description)
        }
        guard case .record(let record) = value else { throw .notAnObject }
        let method = record["method"]?.stringValue
        let params = record["params"] ?? .null
        switch (record["id"], method) {
        case (nil, let method?), (.null?, let method?):
            self = .notification(method: method, params: params)
        case (let id?, let method?):
            guard let id = id.intValue else { throw .malformed("the request id must be an integer") }
            self = .request(id: id, method: method, params: params)
        case (let id?, nil):
            guard let id = id.intValue else { throw .malformed("the response id must be an integer") }
            if let error = record["error"], !error.isNull {
                self = .response(id: id, outcome: .error(try RPCError(error)))
            } else {
                self = .response(id: id, outcome: .result(record["result"] ?? .null))
            }
        case (nil, nil):
            throw .malformed("a message needs a \"method\" or an \"id\"")
        }
    }

    /// The message as one line of JSON, newline included.
    var line: String {
        var pairs: [(String, Value)] = [("jsonrpc", "2.0")]
        switch self {
        case .request(let id, let method, let params):
            pairs += [("id", .int(id)), ("method", .string(method))]
            if !params.isNull { pairs.append(("params", params)) }
        case .response(let id, .result(let result)):
            pairs += [("id", .int(id)), ("result", result)]
        case .response(let id, .error(let error)):
            pairs += [("id", .int(id)), ("error", error.value)]
        case .notification(let method, let params):
            pairs.append(("method", .string(method)))
            if !params.isNull { pairs.append(("params", params)) }
        }
        var text = ""
        JSONWriter.write(.record(Record(pairs: pairs)), into: &text, indent: nil, level: 0)
        text += "\n"
        return text
    }
}

/// Why a line from a plugin is not a protocol message.
enum RPCMessageError: Error, Equatable {
    /// Not JSON at all, or JSON with a problem: the reader's words.
    case malformed(String)
    /// JSON, but not an object.
    case notAnObject
}
