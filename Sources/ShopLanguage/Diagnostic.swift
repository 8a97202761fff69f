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
        case invalidEscape = "invalid-escape"
        case missingCommand = "missing-command"
        case expectationWithoutCommand = "expectation-without-command"
        case unclosedLiteral = "unclosed-literal"
        case invalidLiteral = "invalid-literal"
        case duplicateField = "duplicate-field"
        case unclosedSubexpression = "unclosed-subexpression"
        case nestingTooDeep = "nesting-too-deep"
        case missingEnd = "missing-end"
        case misplacedKeyword = "misplaced-keyword"
        case invalidStatement = "invalid-statement"
        case invalidCondition = "invalid-condition"
        case invalidExpression = "invalid-expression"
        case unreadableText = "unreadable-text"
    }

    /// Whether the problem is that the text ended too early — an open quote, literal, `$(`,
    /// block or `\` — so that more input could complete it (the REPL's `...>` prompt).
    public var isEndOfInput: Bool {
        switch id {
        case .unterminatedString, .unterminatedContinuation, .unclosedLiteral, .unclosedSubexpression, .missingEnd:
            true
        default:
            false
        }
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
