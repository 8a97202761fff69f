import ShopLanguage
import ShopPluginAPI

/// `math EXPRESSION`: arithmetic over numbers and variables.
struct MathCommand: SessionCommand {
    static let expression = Deferred.words(
        "EXPRESSION", "numbers, $variables, + - * / % and parentheses", shape: .expression)

    let spec = CommandSpec(
        path: ["math"], abstract: "Compute an arithmetic expression",
        discussion: """
            The words are one expression, blanks between tokens optional: numbers, $variables, $( … ), \
            + - * / %, unary minus and parentheses; * / % bind tighter than + -. Ints stay ints except for / of \
            numbers that do not divide; % takes ints. An int overflow and a division by zero are errors.
            """,
        arguments: [Self.expression],
        examples: [Example("math 1 + 2 * 3"), Example("math 2*-3"), Example("set n 7; math ($n + 1) / 2")])

    func run(_ invocation: Invocation, in session: Interpreter) async throws -> CommandResult? {
        let expression = try invocation[Self.expression].expression()
        var operands: [Value] = []
        operands.reserveCapacity(expression.operands.count)
        for word in expression.operands { operands.append(try await session.value(of: word)) }
        do {
            return .value(try expression.evaluate(operands: operands))
        } catch {
            throw LocatedError(CommandError.failed("math: \(error.message)"), at: error.location)
        }
    }
}
