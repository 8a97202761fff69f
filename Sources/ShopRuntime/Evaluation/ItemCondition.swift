/// A deferred argument's words read as a condition (SPEC §10.2), checked once per item: text
/// on the left names a field of the item, `$it` is the item. What `where` takes.
///
/// ```swift
/// static let condition = Deferred<ItemCondition>("CONDITION", "price < 1000, isSelected, …")
/// let condition = try invocation[Self.condition]
/// for row in rows where try await condition.holds(for: row) { kept.append(row) }
/// ```
public struct ItemCondition: DeferredValue {
    public static var takesEveryWord: Bool { true }

    private let evaluator: ConditionEvaluator
    private let interpreter: Interpreter

    public init(words: [Word], in invocation: Invocation) throws {
        evaluator = ConditionEvaluator(
            try Self.parse(words, in: invocation, acceptsInput: false), mode: .perItem(command: invocation.spec.name))
        interpreter = try invocation.interpreter
    }

    /// Whether the condition holds for `item`, the `index`th (0-based) of its list.
    public func holds(for item: Value, at index: Int = 0) async throws -> Bool {
        try await evaluator.holds(item: item, at: index, input: nil, in: interpreter)
    }

    /// The items of `items` for which the condition holds, in order.
    public func filter(_ items: [Value]) async throws -> [Value] {
        try await evaluator.filter(items, in: interpreter)
    }

    /// Throws the "no field" error (naming the nearest) for a field the condition names that
    /// none of `items`, all checked, had: a mistyped field is never a silently empty result.
    public func requireKnownFields(in items: [Value]) throws {
        try evaluator.requireKnownFields(in: items)
    }

    /// The condition the words spell, or an error at the word that breaks it, naming the command.
    static func parse(_ words: [Word], in invocation: Invocation, acceptsInput: Bool) throws -> Condition {
        guard let first = words.first else { throw invocation.missingDeferredArgument() }
        do {
            return try ConditionParser.parse(words, at: first.location, acceptsInput: acceptsInput)
        } catch {
            throw LocatedError(CommandError.failed("\(invocation.spec.name): \(error.message)"), at: error.location)
        }
    }
}

/// A deferred argument's words read as a condition on values, checked once — `expect`'s: a
/// condition that starts with an operator compares the pipeline's input.
struct ValueCondition: DeferredValue {
    static var takesEveryWord: Bool { true }

    let evaluator: ConditionEvaluator
    let interpreter: Interpreter

    init(words: [Word], in invocation: Invocation) throws {
        let condition = try ItemCondition.parse(words, in: invocation, acceptsInput: invocation.input != nil)
        evaluator = ConditionEvaluator(condition, mode: .once)
        interpreter = try invocation.interpreter
    }
}
