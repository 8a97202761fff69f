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
        .value(try await session.value(of: invocation[Self.expression].expression()))
    }
}
