import ShopLanguage
import ShopPluginAPI
import ShopState

/// The words of a command's deferred argument, kept unevaluated until the command asks for
/// them as a condition, a command or a value: the runtime's side of ``DeferredWords``.
///
/// Made by the interpreter for each invocation of a command that declares a deferred
/// argument (with no words when it was left out), with what the parser read the words as
/// (``ParsedArgument``). The runtime's own commands read it themselves (`math`, `run`,
/// `expect`): they declare theirs with ``Deferred/words(_:_:shape:isOptional:completion:)``.
final class DeferredArgument: DeferredWords {
    /// The words, as written.
    let words: ArraySlice<Word>
    /// What the parser read the words as, for a command that reads them as more than words.
    let read: ParsedArgument?
    /// The command, for messages.
    private let declared: DeclaredCommand
    private let session: Interpreter
    /// The name the item has besides `$it` (`--item NAME`).
    private let itemName: String?

    init(
        _ words: ArraySlice<Word>, read: ParsedArgument?, of command: DeclaredCommand, in session: Interpreter,
        itemName: String? = nil
    ) {
        self.words = words
        self.read = read
        self.declared = command
        self.session = session
        self.itemName = itemName
    }

    func condition() throws -> any ItemCondition {
        SessionItemCondition(try parsedCondition(), command: declared.spec.name, itemName: itemName, in: session)
    }

    func command() throws -> any ItemCommand {
        guard !words.isEmpty else { throw missing }
        guard case .command(let call) = read else { throw unread("a command") }
        return SessionItemCommand(call, itemName: itemName, in: session)
    }

    func value() throws -> any ItemValue {
        guard let word = words.first else { throw missing }
        return SessionItemValue(word, itemName: itemName, in: session)
    }

    func namingItem(_ name: String) throws -> any DeferredWords {
        guard !Reference.isReserved(name) else {
            throw CommandError.failed("\(declared.spec.name): --item: '\(name)' is reserved; choose another name")
        }
        guard StateStore.isVariableName(name) else {
            throw CommandError.failed(
                "\(declared.spec.name): --item takes a name for a variable (letters, digits, _), not '\(name)'")
        }
        return DeferredArgument(words, read: read, of: declared, in: session, itemName: name)
    }

    /// The arithmetic expression the words spell (`math`).
    func expression() throws -> MathExpression {
        guard !words.isEmpty else { throw missing }
        guard case .expression(let expression) = read else { throw unread("an expression") }
        return expression
    }

    /// Whether the words, read as a condition on values (`expect`'s: one that starts with an
    /// operator compares `input`), hold; if not, the first comparison that was false.
    func check(input: Value?) async throws -> (holds: Bool, reason: String) {
        let condition = try parsedCondition()
        if input == nil, let comparison = Self.inputComparison(condition) {
            throw LocatedError(
                CommandError.failed(
                    "\(declared.spec.name): expected a value before '\(comparison.comparator.rawValue)'"),
                at: comparison.location)
        }
        return try await ConditionEvaluator(condition, mode: .once).check(input: input, in: session)
    }

    /// The usage error for a deferred argument given no words.
    var missing: CommandError {
        let spec = declared.spec
        let name = spec.arguments.first(where: \.isDeferred)?.name ?? "ARGUMENT"
        return .missingArgument(command: spec.name, argument: name, usage: spec.usage)
    }

    /// The condition the parser read from the words.
    private func parsedCondition() throws -> Condition {
        guard !words.isEmpty else { throw missing }
        guard case .condition(let condition) = read else { throw unread("a condition") }
        return condition
    }

    /// The error for words the parser did not read as `what`: the step was parsed without the
    /// session's commands (``Session/parse(_:file:)`` reads them so).
    private func unread(_ what: String) -> CommandError {
        .failed("\(declared.spec.name): its words were not read as \(what) when the line was parsed")
    }

    /// The comparison a condition starts with that compares the pipeline's input, if any.
    private static func inputComparison(_ condition: Condition) -> Comparison? {
        switch condition {
        case .comparison(let comparison): if case .input = comparison.left { comparison } else { nil }
        case .and(let conditions), .or(let conditions): conditions.first.flatMap(inputComparison)
        case .truth, .not: nil
        }
    }
}

extension Deferred where Reading == DeferredArgument {
    /// A deferred argument of one of the runtime's own commands, read as its words: every
    /// remaining word, kept as written, and read by the parser as `shape` says.
    static func words(
        _ name: String, _ abstract: String, shape: DeferredShape = .words, isOptional: Bool = false,
        completion: CompletionSource = .none
    ) -> Self {
        Deferred(name, abstract, shape: shape, isOptional: isOptional, completion: completion) { words in
            guard let argument = words as? DeferredArgument else {
                throw CommandError.failed("internal error: \(name) was not read by the runtime")
            }
            return argument
        }
    }
}
