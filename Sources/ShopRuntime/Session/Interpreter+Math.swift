import ShopLanguage
import ShopPluginAPI

extension Interpreter {
    /// The value of an arithmetic expression (`math`): its operand words evaluated in order,
    /// then the expression over their values; an arithmetic error is placed at its operator.
    func value(of expression: MathExpression) async throws -> Value {
        var operands: [Value] = []
        operands.reserveCapacity(expression.operands.count)
        for word in expression.operands { operands.append(try await value(of: word)) }
        do {
            return try expression.evaluate(operands: operands)
        } catch {
            throw LocatedError(CommandError.failed("math: \(error.message)"), at: error.location)
        }
    }
}
