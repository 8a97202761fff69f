/// The words of a command's deferred argument as one value, evaluated once per item with
/// `$it` bound (once in all when they do not mention `$it`): what `insert` and `update` take.
///
/// ```swift
/// static let value = ArgumentSpec.deferred("VALUE", "the new value; may use $it", isVariadic: false)
/// let value = try await invocation.itemValue()
/// for row in rows { let new = try await value.value(for: row) }
/// ```
public struct ItemValue {
    private let word: Word
    private let interpreter: Interpreter
    /// The value, when the word does not mention `$it`.
    private let constant: Value?

    init(_ word: Word, interpreter: Interpreter) async throws {
        self.word = word
        self.interpreter = interpreter
        constant = word.mentionsItem ? nil : try await interpreter.value(of: word)
    }

    /// The value for `item`.
    public func value(for item: Value) async throws -> Value {
        if let constant { return constant }
        return try await interpreter.withItem(item) { try await interpreter.value(of: word) }
    }
}

/// The words of a command's deferred argument read as a condition (SPEC §10.2), checked once
/// per item: text on the left names a field of the item, `$it` is the item. What `where` takes.
///
/// ```swift
/// static let condition = ArgumentSpec.deferred("CONDITION", "price < 1000, isSelected, …")
/// let condition = try invocation.itemCondition()
/// let kept = try await rows.asyncFilter { try await condition.holds(for: $0) }
/// ```
public struct ItemCondition {
    private let evaluator: ConditionEvaluator
    private let interpreter: Interpreter

    init(_ condition: Condition, interpreter: Interpreter) {
        evaluator = ConditionEvaluator(condition, mode: .perItem)
        self.interpreter = interpreter
    }

    /// Whether the condition holds for `item`.
    public func holds(for item: Value) async throws -> Bool {
        try await evaluator.holds(item: item, input: nil, in: interpreter)
    }
}

/// The words of a command's deferred argument read as a command, run once per item with
/// `$it` bound (and the item as its input when it reads input). What `each` takes.
///
/// ```swift
/// static let command = ArgumentSpec.deferred("COMMAND", "a command to run for every item")
/// let command = try invocation.itemCommand()
/// for item in items { if let result = try await command.run(for: item) { … } }
/// ```
public struct ItemCommand {
    private let call: CommandCall
    private let interpreter: Interpreter

    init(_ call: CommandCall, interpreter: Interpreter) {
        self.call = call
        self.interpreter = interpreter
    }

    /// The command's value for `item`, or nil when it yields none.
    public func run(for item: Value) async throws -> Value? {
        try await interpreter.withItem(item) {
            try await interpreter.run(call, input: item, isFirst: false, offersInput: true)?.value
        }
    }
}

extension Invocation {
    /// The deferred argument's words as a per-item value (a single word).
    public func itemValue() async throws -> ItemValue {
        guard let word = arguments.deferred.first else { throw missingDeferred() }
        return try await ItemValue(word, interpreter: interpreter)
    }

    /// The deferred argument's words as a condition checked per item.
    public func itemCondition() throws -> ItemCondition {
        ItemCondition(try parsedCondition(acceptsInput: false), interpreter: interpreter)
    }

    /// The deferred argument's words as a command run per item.
    public func itemCommand() throws -> ItemCommand {
        guard let first = arguments.deferred.first else { throw missingDeferred() }
        return ItemCommand(CommandCall(words: arguments.deferred, location: first.location), interpreter: interpreter)
    }

    /// The deferred argument's words as a condition on values (`expect`), reading the input
    /// when it starts with an operator; its evaluator for one check.
    func valueCondition() throws -> ConditionEvaluator {
        ConditionEvaluator(try parsedCondition(acceptsInput: input != nil), mode: .once)
    }

    /// The deferred argument's words as `math`'s expression, evaluated.
    func mathValue() async throws -> Value {
        let words = arguments.deferred
        guard let first = words.first else { throw missingDeferred() }
        do {
            let expression = try MathExpression.parse(words, at: first.location)
            var operands: [Value] = []
            operands.reserveCapacity(expression.operands.count)
            for word in expression.operands { operands.append(try await interpreter.value(of: word)) }
            return try expression.evaluate(operands: operands)
        } catch let diagnostic as Diagnostic {
            throw LocatedError(CommandError.failed("\(spec.name): \(diagnostic.message)"), at: diagnostic.location)
        }
    }

    private func parsedCondition(acceptsInput: Bool) throws -> Condition {
        guard let first = arguments.deferred.first else { throw missingDeferred() }
        do {
            return try ConditionParser.parse(arguments.deferred, at: first.location, acceptsInput: acceptsInput)
        } catch {
            throw LocatedError(CommandError.failed("\(spec.name): \(error.message)"), at: error.location)
        }
    }

    private func missingDeferred() -> CommandError {
        let name = spec.arguments.first(where: \.isDeferred)?.name ?? "ARGUMENT"
        return .missingArgument(command: spec.name, argument: name, usage: spec.usage)
    }
}
