import ShopPluginAPI

/// The error of a response: a code, a message and optional data.
///
/// ```swift
/// WireError(.methodNotFound, "unknown method 'frobnicate'")
/// ```
public struct WireError: Error, Sendable, Equatable {
    /// The code: one of ``WireErrorCode``'s, or any other a plugin chose.
    public var code: Int
    public var message: String
    public var data: Value?

    public init(code: Int, message: String, data: Value? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public init(_ code: WireErrorCode, _ message: String, data: Value? = nil) {
        self.init(code: code.rawValue, message: message, data: data)
    }

    /// A command's failure, with its data.
    public init(failure message: String, _ data: FailureData) {
        self.init(.commandFailed, message, data: data.json)
    }

    /// Whether the code is `code`.
    public func `is`(_ code: WireErrorCode) -> Bool {
        self.code == code.rawValue
    }

    /// Reads the `error` member of a response.
    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "error")
        code = try fields.int("code")
        message = try fields.optionalString("message") ?? ""
        data = fields.value("data")
    }

    /// The error as JSON.
    public var json: Value {
        var pairs: [(String, Value)] = [("code", .int(code)), ("message", .string(message))]
        if let data { pairs.append(("data", data)) }
        return .record(Record(pairs: pairs))
    }
}
