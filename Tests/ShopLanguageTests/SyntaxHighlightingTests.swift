import Testing

@testable import ShopLanguage

/// What each part of a line is, as the parser reads it, for colour as you type.
@Suite struct SyntaxHighlightingTests {
    /// The parts of `line` and their kinds, in the spans' order.
    private func parts(_ line: String) -> [String] {
        let bytes = Array(line.utf8)
        let spans = SyntaxHighlighting.spans(of: line) { words in
            switch words.first {
            case "services": words.count > 1 && words[1] == "list" ? 2 : 1
            case "sort", "echo", "count": 1
            default: nil
            }
        }
        return spans.map { "\(String(decoding: bytes[$0.range], as: UTF8.self)):\($0.kind)" }
    }

    @Test func commandsKnownAndUnknownAndTheirVerbs() {
        #expect(
            parts("services list | sort price desc") == [
                "services:command", "list:command", "sort:command", "|:operator",
            ])
        #expect(parts("servces list") == ["servces:unknownCommand"])
    }

    @Test func stringsVariablesNumbersOptionsPathsAndComments() {
        #expect(
            parts("nope \"a $x b\" 42 --flag data/x.csv 'q' # note") == [
                "42:number", "--flag:option", "data/x.csv:path", "nope:unknownCommand", "\"a $x b\":string",
                "$x:variable", "'q':string", "# note:comment",
            ])
    }

    @Test func keywordsAndOperatorsOfBlocksAndConditions() {
        #expect(parts("for i in [1, 2]") == ["1:number", "2:number", "for:keyword", "in:keyword"])
        #expect(parts("if $x == 1") == ["1:number", "if:keyword", "==:operator", "$x:variable"])
    }

    @Test func subexpressionsHoldCommandsOfTheirOwn() {
        #expect(parts("echo $(count) 🧺") == ["count:command", "echo:command", "$(:operator", "):operator"])
    }

    @Test(arguments: [
        ("echo 'open 🧺", ["echo:command", "'open 🧺:string", "':unclosed"]),
        ("echo \"open", ["echo:command", "\"open:string", "\":unclosed"]),
        ("echo [1, 2", ["1:number", "2:number", "echo:command", "[:unclosed"]),
        ("echo $(count", ["count:command", "echo:command", "$(:operator", "$:unclosed"]),
    ])
    func anUnclosedQuoteOrBracketIsMarked(line: String, expected: [String]) {
        #expect(parts(line) == expected)
    }

    @Test func aBlockOfSeveralLinesIsReadWhole() {
        #expect(
            parts("for i in [7]\n  sort x\nend") == [
                "7:number", "for:keyword", "in:keyword", "sort:command", "end:keyword",
            ])
    }
}
