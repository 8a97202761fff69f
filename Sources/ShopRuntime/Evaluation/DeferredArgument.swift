import ShopLanguage
import ShopPluginAPI
import ShopState

/// The words of a command's deferred argument, kept unevaluated until the command asks for
/// them as a condition, a command or a value: the runtime's side of ``DeferredWords``.
///
/// Made by the interpreter for each invocation of a command that declares a deferred
/// argument (with no words when it was left out). The runtime's own commands read the words
/// themselves (`math`, `run`, `expect`): they declare theirs with ``Deferred/words(_:_:isOptional:completion:)``.
final class DeferredArgument: DeferredWords {
    /// The words, as written.
    let words: [Word]
    /// The command, for messages.
    private let declared: DeclaredCommand
    private let session: Interpreter
    /// The name the item has besides `$it` (`--item NAME`).
    private let itemName: String?

    init(_ words: [Word], of command: DeclaredCommand, in session: Interpreter, itemName: String? = nil) {
        self.words = words
        self.declared = command
        self.session = session
        self.itemName = itemName
    }

    func condition() throws -> any ItemCondition {
        SessionItemCondition(
            try parseCondition(acceptsInput: false), command: declared.spec.name, itemName: itemName, in: session)
    }

    func command() throws -> any ItemCommand {
        guard let first = words.first else { throw missing }
        return SessionItemCommand(words, first: first, itemName: itemName, in: session)
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
        return DeferredArgument(words, of: declared, in: session, itemName: name)
    }

    /// Whether the words, read as a condition on values (`expect`'s: one that starts with an
    /// operator compares `input`), hold; if not, the first comparison that was false.
    func check(input: Value?) async throws -> (holds: Bool, reason: String) {
        let evaluator = ConditionEvaluator(try parseCondition(acceptsInput: input != nil), mode: .once)
        return try await evaluator.check(input: input, in: session)
    }

    /// The usage error for a deferred argument given no words.
    var missing: CommandError {
        let spec = declared.spec
        let name = spec.arguments.first(where: \.isDeferred)?.name ?? "ARGUMENT"
        return .missingArgument(command: spec.name, argument: name, usage: spec.usage)
    }

    /// The condition the words spell, or an error at the word that breaks it, naming the command.
    private func parseCondition(acceptsInput: Bool) throws -> Condition {
        guard let first = words.first else { throw missing }
        do {
            return try ConditionParser.parse(words, at: first.location, acceptsInput: acceptsInput)
        } catch {
            throw LocatedError(CommandError.failed("\(declared.spec.name): \(error.message)"), at: error.location)
        }
    }
}

extension Deferred where Reading == DeferredArgument {
    /// A deferred argument of one of the runtime's own commands, read as its words: every
    /// remaining word, kept as written.
    static func words(
        _ name: String, _ abstract: String, isOptional: Bool = false, completion: CompletionSource = .none
    ) -> Self {
        Deferred(name, abstract, isOptional: isOptional, takesEveryWord: true, completion: completion) { words in
            guard let argument = words as? DeferredArgument else {
                throw CommandError.failed("internal error: \(name) was not read by the runtime")
            }
            return argument
        }
    }
}
