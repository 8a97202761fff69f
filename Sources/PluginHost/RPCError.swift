import ShopPluginAPI

/// The error of a JSON-RPC response: a code, a message and optional data.
///
/// ```swift
/// RPCError(code: RPCError.methodNotFound, message: "unknown method 'frobnicate'")
/// ```
struct RPCError: Error, Sendable, Equatable {
    var code: Int
    var message: String
    var data: Value?

    /// A command failed; `data.kind` says how.
    static let commandFailed = -32000
    /// The plugin speaks none of the offered protocol versions.
    static let unsupportedProtocol = -32002
    /// No such method.
    static let methodNotFound = -32601
    /// Bad parameters (a `state/get` of a key outside the plugin's scope).
    static let invalidParams = -32602
    /// The request was cancelled.
    static let cancelled = -32800

    init(code: Int, message: String, data: Value? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// Reads the `error` member of a response.
    init(_ value: Value) throws(RPCMessageError) {
        guard case .record(let record) = value, let code = record["code"]?.intValue else {
            throw .malformed("an error needs an integer \"code\"")
        }
        self.code = code
        message = record["message"]?.stringValue ?? ""
        data = record["data"].flatMap { $0.isNull ? nil : $0 }
    }

    /// The error as JSON.
    var value: Value {
        var pairs: [(String, Value)] = [("code", .int(code)), ("message", .string(message))]
        if let data { pairs.append(("data", data)) }
        return .record(Record(pairs: pairs))
    }

    /// A field of `data`, when `data` is a record.
    func detail(_ name: String) -> Value? {
        data?.recordValue?[name]
    }
}
