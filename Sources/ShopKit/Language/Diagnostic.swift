/// A problem found in a script, with a stable identifier and the place it was found.
///
/// The message is lowercase and quotes the offending text in '…'. At the prompt the place is
/// left out (`error: unterminated string`); in a script it leads the message
/// (`error: demo.shopscript:12:9: unterminated string`).
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable names of the problems the lexer and parser report.
    public enum ID: String, Sendable, Equatable {
        case unterminatedString = "unterminated-string"
        case unterminatedVariable = "unterminated-variable"
        case invalidVariableName = "invalid-variable-name"
        case unterminatedContinuation = "unterminated-continuation"
        case missingCommand = "missing-command"
        case expectationWithoutCommand = "expectation-without-command"
        case invalidEncoding = "invalid-encoding"
    }

    /// How bad it is.
    public enum Severity: String, Sendable, Equatable {
        case error, warning
    }

    public var id: ID
    public var severity: Severity
    public var message: String
    public var location: SourceLocation

    public init(_ id: ID, _ message: String, at location: SourceLocation, severity: Severity = .error) {
        self.id = id
        self.message = message
        self.location = location
        self.severity = severity
    }

    /// `FILE:LINE:COLUMN: message`, or just the message for a line typed at the prompt.
    public var description: String {
        location.file == nil ? message : "\(location): \(message)"
    }
}
