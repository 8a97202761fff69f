/// Why a message does not say what the protocol says it must: the JSON path of the first bad
/// field and what is wrong with it (`result.stateChanges[0]: missing field 'key'`).
public struct WireFormatError: PathNamedError, Equatable, CustomStringConvertible {
    /// Where, as a JSON path from the message's `params` or `result`.
    public var path: String
    /// What is wrong.
    public var reason: String

    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
