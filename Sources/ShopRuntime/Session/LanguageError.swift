/// Why evaluating a word or running a statement failed: the language's own errors (a command's
/// errors are its own).
public enum LanguageError: Error, Equatable, CustomStringConvertible {
    /// A path names a field a record does not have.
    case noField(String, in: String, suggestion: String?)
    /// A path names an index past a list's end.
    case noItem(Int, in: String, count: Int)
    /// A path reads into a value that has no fields or items.
    case notAContainer(String, type: String, segment: String)
    /// A path reads a field of a list by a name that is not an index.
    case listField(String, segment: String)
    /// A path reads into a string (`$name.csv`).
    case stringField(String, segment: String, braced: String)
    /// `$env.NAME` for a variable the environment lacks.
    case unknownEnvironmentVariable(String, suggestion: String?)
    /// `$it` outside a per-item evaluation.
    case noItemHere
    /// `$_` before anything was shown.
    case nothingShown
    /// A value started a command and words followed it.
    case valueTakesNoArguments(String, extra: String)
    /// A value after `|`.
    case valueAfterPipe(String)
    /// `for` over something that is not a list or record.
    case notIterable(String, type: String)
    /// A name that no variable may take.
    case reservedName(String)
    /// A `param` line where no script or `def` binds it.
    case parameterOutsideScript
    /// An `expect` whose condition did not hold.
    case expectationFailed(String)
    /// Two values a comparison cannot order (`5 < 'x'`).
    case cannotCompare(String)

    /// A type's name after `a` or `an`: `an int`, `a list`.
    static func withArticle(_ type: String) -> String {
        (type.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + type
    }

    public var description: String {
        switch self {
        case .noField(let field, let path, let suggestion):
            "no field '\(field)' in \(path)" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .noItem(let index, let path, let count):
            "no item \(index) in \(path) (" + (count == 0 ? "it is empty)" : "it has \(count), from 0 to \(count - 1))")
        case .notAContainer(let path, let type, let segment):
            "\(path) is \(Self.withArticle(type)), so it has no field '\(segment)'"
        case .listField(let path, let segment):
            "\(path) is a list: read an item by its index (\(path).0), not '\(segment)'"
        case .stringField(let path, let segment, let braced):
            "\(path) is a string, so it has no field '\(segment)' (for text after a variable, write '\(braced)')"
        case .unknownEnvironmentVariable(let name, let suggestion):
            "no environment variable '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .noItemHere:
            "'$it' is the item of 'where', 'each', 'insert' and 'update', and there is none here"
        case .nothingShown:
            "'$_' is the last value shown, and nothing was shown yet"
        case .valueTakesNoArguments(let value, let extra):
            "\(value) is a value, not a command, so '\(extra)' cannot follow it (pass it on with '|')"
        case .valueAfterPipe(let value):
            "\(value) is a value: it can start a pipeline but not follow '|'"
        case .notIterable(let value, let type):
            "for: \(value) is \(Self.withArticle(type)); it needs a list or a record"
        case .reservedName(let name):
            "'\(name)' is reserved and cannot be set"
        case .parameterOutsideScript:
            "'param' declares a script's or a 'def''s parameters; it has no meaning at the prompt"
        case .expectationFailed(let what):
            "expect failed: \(what)"
        case .cannotCompare(let what):
            "cannot compare \(what)"
        }
    }
}
