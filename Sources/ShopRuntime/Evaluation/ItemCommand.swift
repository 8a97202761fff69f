/// A deferred argument's words read as a command, run once per item with `$it` bound (and the
/// item as its input when it reads input). What `each` takes.
///
/// ```swift
/// static let command = Deferred<ItemCommand>("COMMAND", "a command to run for every item")
/// let command = try invocation[Self.command]
/// for item in items { if let result = try await command.run(for: item) { results.append(result) } }
/// ```
public struct ItemCommand: DeferredValue {
    public static var takesEveryWord: Bool { true }

    private let call: CommandCall
    private let interpreter: Interpreter

    public init(words: [Word], in invocation: Invocation) throws {
        guard let first = words.first else { throw invocation.missingDeferredArgument() }
        call = CommandCall(words: words, location: first.location, runsRepeatedly: true)
        interpreter = try invocation.interpreter
    }

    /// The command's value for `item`, or nil when it yields none.
    public func run(for item: Value) async throws -> Value? {
        try await interpreter.withItem(item) {
            try await interpreter.run(call, input: item, isFirst: false, offersInput: true)?.value
        }
    }
}
