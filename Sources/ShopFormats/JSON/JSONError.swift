import ShopValues

/// Why JSON could not be read, and where: the path of the failing value and its line and column.
public struct JSONError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Equatable, Sendable {
        /// The input ended inside a value.
        case unexpectedEnd
        /// A character that cannot start or continue a value here.
        case unexpectedCharacter(String)
        /// Something specific was expected, in words.
        case expected(String)
        /// A value of another type than the decoder needs.
        case typeMismatch(expected: String, found: String)
        /// A string without its closing quote.
        case unterminatedString
        /// A raw control character inside a string.
        case controlCharacterInString
        /// A backslash escape JSON does not have.
        case invalidEscape(String)
        /// A malformed or out-of-range number.
        case invalidNumber
        /// A whole number (as written) that does not fit in 64 bits.
        case integerTooLarge(String)
        /// More than white space after the value.
        case trailingCharacters
        /// Containers nested deeper than the limit.
        case tooDeep(Int)
        /// A required member is absent.
        case missingMember(String)
        /// An object names this key twice (the path is the object's).
        case duplicateKey(String)
        /// A value of the right type that the decoder still cannot accept.
        case invalidValue(String)
    }

    /// What went wrong.
    public var problem: Problem
    /// The path from the root to the failing value, outermost first.
    public var path: [JSONPathComponent]
    /// The 1-based line of the failure in the input.
    public var line: Int
    /// The 1-based column (in bytes) of the failure in the input.
    public var column: Int

    public init(problem: Problem, path: [JSONPathComponent], line: Int, column: Int) {
        self.problem = problem
        self.path = path
        self.line = line
        self.column = column
    }

    /// The same error seen from the container that holds the failing value.
    public func inside(_ component: JSONPathComponent) -> JSONError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }

    /// How many steps of a path are shown before its middle is left out.
    static let longestShownPath = 12

    /// The path written as `services[3].price`, or `the top level` for the root. The middle of
    /// a path longer than ``longestShownPath`` steps is shown as `…(N more)…`.
    public var pathDescription: String {
        guard !path.isEmpty else { return "the top level" }
        var shown = path[...]
        var omitted = 0
        if path.count > Self.longestShownPath {
            omitted = path.count - Self.longestShownPath
            shown = path.prefix(Self.longestShownPath / 2) + path.suffix(Self.longestShownPath / 2)
        }
        var text = ""
        for (index, component) in shown.enumerated() {
            if omitted > 0, index == Self.longestShownPath / 2 { text += "…(\(omitted) more)…" }
            switch component {
            case .key(let key):
                let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                text += plain ? (text.isEmpty ? key : ".\(key)") : "[\(JSONWriter.compact(.string(key)))]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    public var description: String {
        "\(problemDescription) at \(pathDescription) (line \(line), column \(column))"
    }

    private var problemDescription: String {
        switch problem {
        case .unexpectedEnd: "unexpected end of JSON"
        case .unexpectedCharacter(let character): "unexpected \(character)"
        case .expected(let what): "expected \(what)"
        case .typeMismatch(let expected, let found): "expected \(expected), found \(found)"
        case .unterminatedString: "unterminated string"
        case .controlCharacterInString: "control character in string"
        case .invalidEscape(let escape): "invalid escape \(escape)"
        case .invalidNumber: "invalid number"
        case .integerTooLarge(let text): NumberError.tooLarge(text)
        case .trailingCharacters: "unexpected text after the JSON value"
        case .tooDeep(let limit): "nesting deeper than \(limit) levels"
        case .missingMember(let name): "missing member '\(name)'"
        case .duplicateKey(let key): "duplicate key '\(key)'"
        case .invalidValue(let reason): reason
        }
    }
}

/// One step of a JSON path.
public enum JSONPathComponent: Equatable, Sendable {
    case key(String)
    case index(Int)
}
