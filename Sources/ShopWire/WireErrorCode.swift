/// The error codes of the protocol: the one place each is written.
public enum WireErrorCode: Int, Sendable, CaseIterable {
    /// A command failed; the error's `data` says how (``FailureData``).
    case commandFailed = -32000
    /// The plugin speaks none of the offered protocol versions (``UnsupportedProtocolData``).
    case unsupportedProtocol = -32002
    /// No such method.
    case methodNotFound = -32601
    /// Bad parameters: a `state/get` of a key outside the plugin's scope, or a request the
    /// receiver cannot read.
    case invalidParams = -32602
    /// The request was cancelled.
    case cancelled = -32800
}
