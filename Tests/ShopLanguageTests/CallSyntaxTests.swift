import ShopTestSupport
import ShopValues
import Testing

@testable import ShopLanguage

/// The words a command reads as a condition, an expression or a command are parsed with the
/// line when a ``CallSyntax`` says which; without one, they stay words.
@Suite struct CallSyntaxTests {
    /// `filter` reads a condition from its second word on (its first is a field), `calc` an
    /// expression, `check` a condition on its input, `every` a command.
    private struct Syntax: CallSyntax {
        func argumentSyntax(of words: ArraySlice<Word>) -> ArgumentSyntax? {
            switch words.first?.bareText {
            case "filter": ArgumentSyntax(command: "filter", start: 2, form: .condition)
            case "calc": ArgumentSyntax(command: "calc", start: 1, form: .expression)
            case "check": ArgumentSyntax(command: "check", start: 1, form: .inputCondition)
            case "every": ArgumentSyntax(command: "every", start: 1, form: .command)
            default: nil
            }
        }
    }

    private func calls(_ text: String) throws -> [CommandCall] {
        let script = Parser.parse(text, file: nil, syntax: Syntax())
        #expect(script.diagnostics.isEmpty, "\(script.diagnostics)")
        return try #require(script.steps.first).commandCalls
    }

    @Test func argumentsAreParsedFromWhereTheCommandSays() throws {
        let parsed = try calls("filter x a > 1 and (b or not c) | calc 2 * (3 + $n) | every calc $it - 1")
        guard case .condition(.and(let conditions))? = parsed[0].argument,
            case .expression(let expression)? = parsed[1].argument,
            case .command(let each)? = parsed[2].argument, case .expression? = each.argument
        else {
            Issue.record("unexpected: \(parsed.map(\.argument))")
            return
        }
        #expect(conditions.count == 2)
        #expect(expression.operands.map(\.spelling) == ["$n"])
        #expect(each.words.map(\.spelling) == ["calc", "$it", "-", "1"])
        #expect(try expression.evaluate(operands: [.int(4)]) == .int(14))
    }

    @Test func withoutASyntaxWordsStayWords() {
        let script = Parser.parse("calc 1 +", file: nil)
        #expect(script.diagnostics.isEmpty)
        #expect(script.steps.first?.commandCalls.first?.argument == nil)
    }

    @Test(arguments: [
        ("filter x 1️⃣(a", "filter: missing ')' for this '('"),
        ("calc 1 + 2 1️⃣)", "calc: unexpected ')'"),
        ("calc 1️⃣'x'", "calc: 'x' is text, not a number"),
        ("check 1️⃣== 1", "check: expected a value before '=='"),
        ("if true\n  every calc 1 1️⃣*\nend", "calc: expected a number after '*'"),
    ])
    func mistakesAreReportedWhenTheLineIsRead(marked: String, message: String) throws {
        let input = MarkedText(marked)
        let script = Parser.parse(input.text, file: "s", syntax: Syntax())
        #expect(script.diagnostics.map(\.message) == [message])
        #expect(script.diagnostics.first?.location.line == input.locations[MarkedText.markers[0]]?.line)
        #expect(script.diagnostics.first?.location.column == input.locations[MarkedText.markers[0]]?.column)
        #expect(script.steps.isEmpty)
    }

    @Test func afterAPipeACheckMayStartWithAnOperator() throws {
        guard case .condition(.comparison(let comparison))? = try calls("x | check == 1")[1].argument else {
            Issue.record("no comparison")
            return
        }
        #expect(comparison.left == .input)
    }

    @Test func aMissingQuoteInNestedSubexpressionsIsOneError() {
        let script = Parser.parse("echo $(echo $(echo $(echo \"abc)))", file: "s")
        #expect(script.diagnostics.map(\.description) == ["s:1:27: unterminated string"])
        let quoted = Parser.parse("echo \"$(echo \"$(echo abc)\")", file: "s")
        #expect(quoted.diagnostics.count == 1)
        let block = Parser.parse("if true\n  echo $(echo \"abc)\n", file: "s")
        #expect(block.diagnostics.map(\.description) == ["s:2:15: unterminated string"])
    }
}
