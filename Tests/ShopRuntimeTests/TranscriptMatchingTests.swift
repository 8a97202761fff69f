import ShopValues
import Testing

@testable import ShopLanguage
@testable import ShopRuntime

@Suite struct TranscriptMatchingTests {
    private func expected(_ lines: [String]) throws -> ExpectedOutput {
        try ExpectedOutput(lines.enumerated().map { ExpectedLine(text: $1, line: $0 + 10) })
    }

    @Test(arguments: [
        (["hello"], ["hello"], true),
        (["hello"], ["hello   "], true),
        (["hello  "], ["hello"], true),
        (["hello"], ["hullo"], false),
        ([], [], true),
        ([], ["surprise"], false),
        (["a"], [], false),
        (["price: [..] ₽"], ["price: 1 500 ₽"], true),
        (["[..]"], [""], true),
        (["a[..]b[..]c"], ["a-b-c"], true),
        (["a[..]b[..]c"], ["a-c-b"], false),
        (["ab[..]ba"], ["aba"], false),
        (["..."], [], true),
        (["first", "...", "last"], ["first", "x", "y", "last"], true),
        (["first", "...", "last"], ["first", "last"], true),
        (["first", "...", "last"], ["first", "x"], false),
        (["v\\d+\\.\\d+ (re)"], ["v1.25"], true),
        (["v\\d+ (re)"], ["v1.25"], false),
        (["error: nothing selected"], ["error: nothing selected"], true),
        ([""], [""], true),
        (["#> looks like an expectation"], ["#> looks like an expectation"], true),
    ])
    func linesMatchByTheTranscriptRules(expectedLines: [String], actual: [String], matches: Bool) throws {
        #expect(try expected(expectedLines).matches(actual) == matches)
    }

    @Test func anInvalidRegexIsAnErrorNamingItsLine() {
        #expect(
            throws: TranscriptError.invalidPattern(
                line: 11, .invalid(pattern: "a(b", reason: "missing closing parenthesis"))
        ) {
            try expected(["fine", "a(b (re)"])
        }
    }

    @Test func aRegexThatCannotFinishIsAnErrorNamingItsLine() throws {
        let output = try expected(["first", "(a+)+$ (re)"])
        #expect(throws: TranscriptError.patternFailed(line: 11, .tooComplex(pattern: "(a+)+$"))) {
            try output.matches(["first", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"])
        }
    }

    @Test(arguments: [
        (["^a (re)"], ["a"], true),
        (["a (re)"], ["ba"], false),
        (["a (re)"], ["ab"], false),
        (["a|b (re)"], ["b"], true),
        (["a\u{0602} (re)"], ["a\u{0602}"], true),
    ])
    func regexLinesMatchTheWholeLine(expectedLines: [String], actual: [String], matches: Bool) throws {
        #expect(try expected(expectedLines).matches(actual) == matches)
    }

    // "a [\u{07EE}x (re)": a fuzz finding; the combining mark makes one Character with the `[`.
    // "price: [..] \u{0602}": another; the prepended mark makes one Character with the space
    // before ` (re)`.
    @Test(arguments: [
        "...", "cost [..] here", "odd (re)", "plain", "", "a [\u{07EE}x (re)", "[..]\u{0301} (re)",
        "price: [..] \u{0602}", "x\u{0602} (re)",
    ])
    func literalLinesMatchExactlyTheTextTheyCameFrom(line: String) throws {
        let written = ExpectedOutput.literalLine(for: line)
        let text = written == "#>" ? "" : String(written.dropFirst(3))
        #expect(try expected([text]).matches([line]))
    }

    @Test func escapesAreStrippedFromOutput() {
        let styled = "\u{1B}[1mbold\u{1B}[0m \u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\  \n"
        #expect(TerminalText.lines(of: styled) == ["bold link"])
        #expect(TerminalText.lines(of: "a\n\nb\n") == ["a", "", "b"])
        #expect(TerminalText.lines(of: "") == [])
        // A fuzz finding: "\r\n" is one Character, and splitting on Characters kept it inside a line.
        #expect(TerminalText.lines(of: "a\r\nb\r\n") == ["a", "b"])
    }

    @Test(arguments: [
        ("\u{1B}[0m", [""]), ("a\n\u{1B}[0m", ["a", ""]), ("a \t\r\nb  ", ["a", "b"]),
        ("x\u{1B}]0;t\n\u{07}", ["x"]), ("é \u{301}\n", ["é \u{301}"]), ("\n", [""]), ("\n\n", ["", ""]),
        ("a", ["a"]),
    ])
    func outputIsSplitAtLineFeedsAndTrimmedOfTrailingBlanks(output: String, lines: [String]) {
        #expect(TerminalText.lines(of: output) == lines)
    }

    @Test(arguments: [
        (["a", "...", "d", "stale"], ["a", "b", "c", "d"], ["#> a", "#> ...", "#> d"]),
        (["first", "...", "old"], ["first", "new"], ["#> first", "#> ..."]),
        (["nothing", "...", "alike"], ["one", "two"], ["#> one", "#> two"]),
        (["id [..] ok", "gone"], ["id 7 ok"], ["#> id [..] ok"]),
        ([], ["a [..] b", "..."], ["#> a \\[\\.\\.\\] b (re)", "#> \\.\\.\\. (re)"]),
        (["x"], [""], ["#>"]),
    ])
    func aRewrittenBlockKeepsWhatStillMatchesAndMatchesTheOutput(
        expectedLines: [String], actual: [String], block: [String]
    ) throws {
        let rewritten = try expected(expectedLines).rewritten(toMatch: actual)
        #expect(rewritten == block)
        let script = Parser.parse("echo\n" + rewritten.map { $0 + "\n" }.joined(), file: nil)
        #expect(try ExpectedOutput(script.steps[0].expectations).matches(actual))
    }
}
