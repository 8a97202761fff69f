import ShopPluginAPI

/// `expect CONDITION`: an assertion that fails the command, naming the first comparison that
/// was false.
///
/// After `|` a condition that starts with an operator compares the input:
/// `services list | count | expect == 6`.
struct ExpectCommand: SessionCommand {
    static let condition = Deferred.words(
        "CONDITION", "LEFT OP RIGHT, a value, joined by and/or/not", shape: .inputCondition,
        completion: .choices(ComparisonOperator.spellings))

    let spec = CommandSpec(
        path: ["expect"], abstract: "Check a condition; fail naming the first comparison that is false",
        discussion: """
            CONDITION is a value (true unless false, null, 0, "", [] or {}) or LEFT OP RIGHT with OP one of: \
            \(ComparisonOperator.spelledOut); combine them with not, and, or and \
            parentheses. After '|', 'expect OP RIGHT' compares the input. \(Pattern.dialect)
            """,
        arguments: [Self.condition],
        examples: [
            Example("set x 3; expect $x == 3"), Example("expect 'shop script' contains script"),
            Example("expect [1, 2] contains 2 and not ([] == [1])"),
            Example("expect 'order 4711' matches '^order \\d+$'"),
        ],
        input: .optional)

    func run(_ invocation: Invocation, in session: Interpreter) async throws -> CommandResult? {
        let condition = try invocation[Self.condition]
        let result: (holds: Bool, reason: String)
        do {
            result = try await condition.check(input: invocation.input)
        } catch let error as LocatedError {
            guard case LanguageError.cannotCompare(let what)? = error.underlying as? LanguageError else { throw error }
            throw LocatedError(LanguageError.expectationFailed("cannot compare \(what)"), at: error.location)
        }
        guard result.holds else { throw LanguageError.expectationFailed(result.reason) }
        return nil
    }
}
