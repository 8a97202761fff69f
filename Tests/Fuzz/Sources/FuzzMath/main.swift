import FuzzSupport
import ShopLanguage
import ShopValues

/// `math`'s expressions: any text parses without crashing or hanging, however deep or long,
/// and an expression read evaluates (every `$name` a 3) to a number, a duration (`3m`) or a
/// date, or a one-line error, the same each time.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard UTF8Text.firstInvalidOffset(in: bytes) == nil else { return 0 }
    let text = String(decoding: bytes, as: UTF8.self)
    let script = Parser.parse("math \(text)\n", file: "fuzz", syntax: ExpressionSyntax())
    for step in script.steps {
        for case .pipeline(let pipeline) in step.statements {
            guard case .expression(let expression)? = pipeline.first.argument else { continue }
            let operands = [Value](repeating: .int(3), count: expression.operands.count)
            let first = result(of: expression, operands)
            if first != result(of: expression, operands) { fail("two evaluations differ: \(first)") }
            if case .success(let value) = first, !isArithmetic(value) {
                fail("not a number, duration or date: \(value)")
            }
        }
    }
    return 0
}

/// Reads the words after `math` as an expression, as a session's commands do.
struct ExpressionSyntax: CallSyntax {
    func argumentSyntax(of words: ArraySlice<Word>) -> ArgumentSyntax? {
        words.first?.bareText == "math" ? ArgumentSyntax(command: "math", start: 1, form: .expression) : nil
    }
}

/// Whether `value` is what arithmetic gives: a number, a duration or a date.
func isArithmetic(_ value: Value) -> Bool {
    switch value {
    case .int, .double, .exact, .duration, .date: true
    default: false
    }
}

func result(of expression: MathExpression, _ operands: [Value]) -> Result<Value, Diagnostic> {
    Result { () throws(Diagnostic) in try expression.evaluate(operands: operands) }
}

runFuzzer()
