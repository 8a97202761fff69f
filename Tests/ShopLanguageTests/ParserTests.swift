import ShopTestSupport
import Testing

@testable import ShopLanguage

/// The pipelines among a step's statements.
func pipelines(of step: Step) -> [Pipeline] {
    step.statements.compactMap { statement in
        if case .pipeline(let pipeline) = statement { pipeline } else { nil }
    }
}

@Suite struct ParserTests {
    /// The evaluated words of the only command of `text`, as JSON-ish descriptions.
    private func words(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        let script = Parser.parse(text, file: nil)
        #expect(script.diagnostics.isEmpty, "unexpected: \(script.diagnostics)", sourceLocation: sourceLocation)
        return script.steps.first.map(pipelines)?.first?.commands.first?.words.map(describe) ?? []
    }

    private func describe(_ word: Word) -> String {
        let parts = word.parts.map { part -> String in
            switch part {
            case .literal(let text), .quoted(let text): "'\(text)'"
            case .reference(let reference): "$" + ([reference.name] + reference.path.map(\.name)).joined(separator: ".")
            case .subexpression: "$()"
            case .collection: "[]"
            }
        }
        return (word.isQuoted ? "q:" : "") + parts.joined(separator: "+")
    }

    @Test(arguments: [
        ("echo hello world", ["'echo'", "'hello'", "'world'"]),
        ("echo 'a b'  \"c d\"", ["'echo'", "q:'a b'", "q:'c d'"]),
        ("echo 'it''s'", ["'echo'", "q:'its'"]),
        ("echo \"say \\\"hi\\\"\"", ["'echo'", "q:'say \"hi\"'"]),
        ("echo \"a\\tb\\nc\\\\d\\$e\"", ["'echo'", "q:'a\tb\nc\\d$e'"]),
        ("echo 'no $var here'", ["'echo'", "q:'no $var here'"]),
        ("echo \"v $x!\"", ["'echo'", "q:'v '+$x+'!'"]),
        ("echo ${services.selected}", ["'echo'", "$services.selected"]),
        ("echo pre${x}post", ["'echo'", "'pre'+$x+'post'"]),
        ("echo costs 5$", ["'echo'", "'costs'", "'5$'"]),
        ("echo a#b", ["'echo'", "'a#b'"]),
        ("echo a # comment", ["'echo'", "'a'"]),
        ("echo a\\ b", ["'echo'", "'a b'"]),
        ("echo ''", ["'echo'", "q:''"]),
    ])
    func wordsAreSplitQuotedAndInterpolated(text: String, expected: [String]) {
        #expect(words(text) == expected)
    }

    @Test func semicolonsAndPipesMakeStatementsAndPipelines() throws {
        let script = Parser.parse("a 1 | b | c 2; d ;; e\n", file: nil)
        #expect(script.diagnostics.isEmpty)
        let step = try #require(script.steps.first)
        #expect(pipelines(of: step).map { $0.commands.count } == [3, 1, 1])
        #expect(step.source == "a 1 | b | c 2; d ;; e")
    }

    /// A fuzz finding: a carriage return as the text's last byte made an empty word that never
    /// advanced, so the parser looped forever.
    @Test(arguments: ["e\r", "echo a\r", "echo \"a\"\r", "#!x\ry| g\ne!uNar\r"])
    func aCarriageReturnAtTheEndIsPartOfTheWord(text: String) throws {
        let script = Parser.parse(text, file: nil)
        let words = try #require(script.steps.last.map(pipelines)?.first?.commands.first?.words)
        #expect(words.last?.spelling.hasSuffix("\r") == true)
    }

    @Test func trailingBackslashContinuesTheLine() throws {
        let script = Parser.parse("echo one \\\n  two\n#> one two\n", file: "x.shopscript")
        let step = try #require(script.steps.first)
        #expect(pipelines(of: step)[0].first.words.count == 3)
        #expect(step.location.line == 1)
        #expect(step.endLine == 2)
        #expect(step.expectations == [ExpectedLine(text: "one two", line: 3)])
    }

    @Test func narrationExpectationsCommentsAndShebangAreKept() {
        let text = "#!/usr/bin/env -S shop run\n## hello\n# a comment\necho hi\n#> hi\n#>\n\n## bye\n"
        let script = Parser.parse(text, file: "t.shopscript")
        #expect(script.diagnostics.isEmpty)
        #expect(script.items.count == 3)
        guard case .narration(let first) = script.items[0], case .step(let step) = script.items[1],
            case .narration(let last) = script.items[2]
        else {
            Issue.record("unexpected items \(script.items)")
            return
        }
        #expect(first == Narration(text: "hello", line: 2))
        #expect(step.expectations.map(\.text) == ["hi", ""])
        #expect(last.text == "bye")
    }

    @Test(arguments: [
        ("echo 1️⃣\"abc", ["unterminated string"]),
        ("echo 1️⃣'abc", ["unterminated string"]),
        ("echo 1️⃣${abc", ["unterminated '${'"]),
        ("echo 1️⃣${a b}", ["invalid variable name 'a b'"]),
        ("a 1️⃣|", ["expected a command after '|'"]),
        ("1️⃣| a", ["expected a command before '|'"]),
        ("1️⃣| echo 2️⃣\"x", ["expected a command before '|'", "unterminated string"]),
        ("echo \"ok\" 1️⃣'bad; echo", ["unterminated string"]),
        ("echo é 1️⃣\"x", ["unterminated string"]),
        ("echo x 1️⃣\\", ["the script ends inside a '\\' continuation"]),
        ("1️⃣#> orphan", ["expected output '#>' with no command above it"]),
    ])
    func errorsNameTheirPlace(marked: String, messages: [String]) {
        let input = MarkedText(marked)
        let script = Parser.parse(input.text, file: "demo.shopscript")
        #expect(script.diagnostics.map(\.message) == messages)
        for (diagnostic, marker) in zip(script.diagnostics, MarkedText.markers) {
            let expected = input.locations[marker]
            #expect(diagnostic.location.line == expected?.line)
            #expect(diagnostic.location.column == expected?.column)
            #expect(diagnostic.location.file == "demo.shopscript")
        }
    }

    @Test func diagnosticsShowThePlaceInScriptsAndNotAtThePrompt() {
        let inScript = Parser.parse("\n\necho \"abc", file: "demo.shopscript").diagnostics
        #expect(inScript.map(\.description) == ["demo.shopscript:3:6: unterminated string"])
        let atPrompt = Parser.parse("echo \"abc", file: nil).diagnostics
        #expect(atPrompt.map(\.description) == ["unterminated string"])
    }

    @Test func errorsOnLaterLinesAreAllReported() {
        let script = Parser.parse("echo ${a\necho ok\necho ${b\n", file: "f")
        #expect(script.diagnostics.map(\.location.line) == [1, 3])
        #expect(script.steps.count == 1)
    }

    @Test func aMegabyteLineParsesInOnePass() throws {
        let word = String(repeating: "a", count: 99)
        let line = "echo " + Array(repeating: word, count: 10_000).joined(separator: " ")
        let script = Parser.parse(line, file: nil)
        let command = try #require(script.steps.first.map(pipelines)?.first?.commands.first)
        #expect(command.words.count == 10_001)
        #expect(command.words.last?.location.column == line.utf8.count - 98)
    }

    @Test func windowsLineEndingsAreAccepted() {
        let script = Parser.parse("echo a\r\n#> a\r\n", file: nil)
        #expect(script.diagnostics.isEmpty)
        #expect(script.steps.first?.source == "echo a")
        #expect(script.steps.first?.expectations.first?.text == "a")
    }
}
