import ShopLanguage
import ShopPluginAPI

/// What a script takes and says about itself before it runs: its top-level `param` lines and
/// its first `##` line — read without running anything, for `shop run FILE ARG…`, `run FILE
/// ARG…`, `--help`, and the commands folder.
///
/// ```swift
/// let interface = try ScriptInterface(text: text, name: "tour.shopscript")
/// let locals = try interface.bind(["Ann", "--percent", "20"])   // ["who": "Ann", "percent": 20]
/// ```
public struct ScriptInterface: Sendable {
    /// The first `##` line.
    public let description: String?
    let parameters: [ParameterDeclaration]
    /// The command the parameters make: its spec gives the usage and help.
    let command: UserCommand

    /// Reads the leading `param` lines of `text` (up to its first command); throws the first
    /// problem in them.
    public init(text: String, name: String) throws(Diagnostic) {
        try self.init(reading: ScriptReader(text: text, file: name), name: name)
    }

    /// Reads the leading `param` lines of a script file, as ``init(text:name:)`` does.
    public init(file: ScriptFile) throws(Diagnostic) {
        let reader: ScriptReader
        do {
            reader = try ScriptReader(file)
        } catch {
            throw Diagnostic(.unreadableText, "\(error)", at: SourceLocation(file: file.name, line: 1, column: 1))
        }
        try self.init(reading: reader, name: file.name)
    }

    /// Reads the leading `param` lines of the script `reader` reads (a copy: the caller's
    /// reader is where it was).
    init(reading reader: ScriptReader, name: String) throws(Diagnostic) {
        var parser = reader
        var description: String?
        var parameters: [ParameterDeclaration] = []
        reading: while let item = parser.next() {
            switch item {
            case .narration(let narration):
                if description == nil { description = narration.text }
            case .expectation:
                continue
            case .invalid(let diagnostics):
                if let first = diagnostics.first { throw first }
            case .step(let step):
                for statement in step.statements {
                    guard case .parameter(let parameter) = statement else { break reading }
                    parameters.append(parameter)
                }
            }
        }
        self.init(name: name, description: description, parameters: parameters)
    }

    init(name: String, description: String?, parameters: [ParameterDeclaration]) {
        self.description = description
        self.parameters = parameters
        command = UserCommand(name: name, description: description, parameters: parameters, body: .statements([]))
    }

    /// Whether it declares parameters (a script without `param` lines takes any arguments).
    public var hasParameters: Bool { !parameters.isEmpty }

    /// The parameters a run must be given.
    public var requiredParameters: [String] {
        parameters.filter(\.isRequired).map(\.name)
    }

    /// `usage: NAME [WHO] [--percent INT]`.
    public var usage: String { command.spec.usage }

    /// What `shop run FILE --help` prints: usage, description, parameters.
    public func help(width: Int, style: TerminalStyle) -> String {
        Help.page(command.spec, width: width, style: style)
    }

    /// The parameters' values for these argument words, bound by each parameter's type (an
    /// `any` parameter types a word by the usual word rules); no parameters take any words.
    public func bind(_ words: [String]) throws(CommandError) -> [String: Value] {
        try bind(words.map(Self.argument)).dictionary
    }

    /// ``bind(_:)`` for words evaluated already (`run FILE ARG…` in a session).
    func bind(_ words: [EvaluatedWord]) throws(CommandError) -> Locals {
        guard hasParameters else { return Locals() }
        var listed = ListedWords(words)
        let arguments = try RegisteredCommand(session: command).bind(&listed)
        return try command.values(from: arguments)
    }

    /// A word of the command line as an argument: typed by the word rules, never evaluated.
    static func argument(_ word: String) -> EvaluatedWord {
        EvaluatedWord(value: Parser.value(ofArgument: word), text: word, isOptionLike: word.hasPrefix("--"))
    }
}
