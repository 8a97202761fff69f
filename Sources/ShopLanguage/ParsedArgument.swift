/// The words of a command's deferred argument as the parser read them, when the command
/// reads them as more than words (see ``CallSyntax``).
public indirect enum ParsedArgument: Sendable, Equatable {
    /// A condition (`where`, `expect`).
    case condition(Condition)
    /// An arithmetic expression (`math`).
    case expression(MathExpression)
    /// A command and its words (`each`).
    case command(CommandCall)
}
