/// A deferred argument's word as one value, evaluated once per item with `$it` bound (once in
/// all when it does not mention `$it`): what `insert` and `update` take.
///
/// ```swift
/// static let value = Deferred<ItemValue>("VALUE", "the new value; may use $it")
/// let value = try invocation[Self.value]
/// for row in rows { let new = try await value.value(for: row) }
/// ```
public final class ItemValue: DeferredValue {
    public static var takesEveryWord: Bool { false }

    private let word: Word
    private let interpreter: Interpreter
    /// The value, once evaluated, when the word does not mention `$it`.
    private var constant: Value?

    public init(words: [Word], in invocation: Invocation) throws {
        guard let word = words.first else { throw invocation.missingDeferredArgument() }
        self.word = word
        interpreter = try invocation.interpreter
    }

    /// The value for `item`.
    public func value(for item: Value) async throws -> Value {
        if let constant { return constant }
        guard word.mentionsItem else {
            let value = try await interpreter.value(of: word)
            constant = value
            return value
        }
        return try await interpreter.withItem(item) { try await interpreter.value(of: word) }
    }
}

extension Invocation {
    /// The usage error for a deferred argument given no words.
    func missingDeferredArgument() -> CommandError {
        let name = spec.arguments.first(where: \.isDeferred)?.name ?? "ARGUMENT"
        return .missingArgument(command: spec.name, argument: name, usage: spec.usage)
    }
}
