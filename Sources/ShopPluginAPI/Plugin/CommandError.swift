import ShopValues

/// Why a command could not run or failed: the errors the host itself reports.
///
/// Plugins throw their own errors; any error's `description` becomes the one-line message.
public enum CommandError: Error, Equatable, CustomStringConvertible {
    /// No command has this name.
    case unknownCommand(String, suggestion: String?)
    /// The plugin has no such verb.
    case unknownVerb(plugin: String, verb: String, suggestion: String?)
    /// A plugin name was typed without a verb and the plugin has no default.
    case missingVerb(plugin: String, verbs: [String])
    /// A required argument is absent.
    case missingArgument(command: String, argument: String, usage: String)
    /// More words than the command takes.
    case tooManyArguments(command: String, extra: String, usage: String)
    /// An argument of the wrong kind.
    case invalidArgument(command: String, argument: String, expected: String, got: String)
    /// An option the command does not have.
    case unknownOption(command: String, option: String, suggestion: String?)
    /// An option that needs a value came last.
    case missingOptionValue(command: String, option: String)
    /// The command needs a pipeline's input.
    case needsInput(command: String)
    /// The command cannot follow `|`.
    case takesNoInput(command: String)
    /// The input has the wrong shape; `got` names what came, with its article (`a string`).
    case invalidInput(command: String, expected: String, got: String)
    /// The command failed for a reason of its own.
    case failed(String)

    public var description: String {
        switch self {
        case .unknownCommand(let name, let suggestion):
            "unknown command '\(name)'" + Suggestion.didYouMean(suggestion)
        case .unknownVerb(let plugin, let verb, let suggestion):
            "unknown \(plugin) command '\(verb)'" + Suggestion.didYouMean(suggestion.map { "\(plugin) \($0)" })
        case .missingVerb(let plugin, let verbs):
            "\(plugin): missing command; one of: \(verbs.joined(separator: ", "))"
        case .missingArgument(let command, let argument, let usage):
            "\(command): missing argument \(argument) (usage: \(usage))"
        case .tooManyArguments(let command, let extra, let usage):
            "\(command): unexpected argument '\(extra)' (usage: \(usage))"
        case .invalidArgument(let command, let argument, let expected, let got):
            "\(command): \(argument) must be \(expected), got \(got)"
        case .unknownOption(let command, let option, let suggestion):
            "\(command): unknown option '\(option)'" + Suggestion.didYouMean(suggestion)
        case .missingOptionValue(let command, let option):
            "\(command): option '\(option)' needs a value"
        case .needsInput(let command):
            "'\(command)' needs input: use it after '|', as in 'services list | \(command) …'"
        case .takesNoInput(let command):
            "'\(command)' does not read input, so it cannot follow '|'"
        case .invalidInput(let command, let expected, let got):
            "\(command): expected \(expected), got \(got)"
        case .failed(let message):
            message
        }
    }
}
