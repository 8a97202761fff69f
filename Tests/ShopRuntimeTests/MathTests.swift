import ShopRendering
import ShopRuntime
import ShopTestSupport
import Testing

@Suite struct MathTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [], format: .json)
    }

    @Test(arguments: [
        ("1 + 2", "3"), ("1+2", "3"), ("2*-3", "-6"), ("1 + 2 * 3", "7"), ("(1 + 2) * 3", "9"),
        ("((2))", "2"), ("7 / 2", "3.5"), ("6 / 2", "3"), ("-6 / 4", "-1.5"), ("7 % 3", "1"), ("-7 % 3", "-1"),
        ("10 - 2 - 3", "5"), ("2 * 3 % 4", "2"), ("1.5 * 2", "3.0"), ("0.1 + 0.2", "0.30000000000000004"),
        ("- -3", "3"), ("-(2 + 3)", "-5"), ("1e3 + 1", "1001.0"), ("$n * 2", "14"), ("$n*$n", "49"),
        ("($n + 1) / 2", "4"), ("$(math 2 + 2) * 2", "8"), ("${xs.1} + 1", "21"),
        ("9223372036854775807 - 1", "9223372036854775806"),
    ])
    func expressionsFollowPrecedenceAndIntRules(expression: String, result: String) async throws {
        #expect(await shop.run("set n 7; set xs [10, 20]; math \(expression)") == result + "\n")
    }

    @Test(arguments: [
        ("math 1 1️⃣/ 0", "math: division by zero"),
        ("math 1 1️⃣% 0", "math: division by zero"),
        ("math 1.5 1️⃣/ 0", "math: division by zero"),
        ("math 2 1️⃣+", "math: expected a number after '+'"),
        ("math 9223372036854775807 1️⃣+ 1", "math: the result does not fit in an int"),
        ("math 2 1️⃣* 4611686018427387904", "math: the result does not fit in an int"),
        ("math 5 1️⃣% 2.5", "math: '%' takes whole numbers, not 5 and 2.5"),
        ("math 1️⃣(1 + 2", "math: missing ')' for this '('"),
        ("math 1 + 2 1️⃣)", "math: unexpected ')'"),
        ("math 1 1️⃣2", "math: expected an operator before '2'"),
        ("math 1️⃣abc", "math: 'abc' is not a number"),
        ("math 1️⃣5x", "math: '5x' is not a number"),
        ("math $a * $(math 2) - ${c} / 1️⃣9223372036854775807=* 2", "math: '9223372036854775807=' is not a number"),
        ("math 1️⃣'3'", "math: '3' is text, not a number"),
        ("math", "math: missing argument EXPRESSION (usage: math EXPRESSION…)"),
    ])
    func mistakesAreErrorsAtTheirToken(marked: String, message: String) async throws {
        try await expectOneError(in: marked, message)
    }

    @Test func parenthesesAreTextOutsideMathAndConditions() async throws {
        await shop.session.setFormat(.table)
        #expect(await shop.run("echo (c) 2026") == "(c) 2026\n")
        #expect(await shop.run("set s x; math 1 + $s") == "error: math: 'x' is a string, not a number\n")
    }
}
