import Testing

@testable import LineEditor

@Suite struct EditorPromptTests {
    @Test(arguments: [
        ("shop> ", ["s", "h", "o", "p", ">", " "], ["", "", "", "", "", ""], 6),
        (
            "\u{1B}[1;36mshop\u{1B}[0m> ", ["s", "h", "o", "p", ">", " "],
            ["\u{1B}[1;36m", "", "", "", "\u{1B}[0m", ""], 6
        ),
        ("\u{1B}[32mok\u{1B}[0m", ["o", "k", ""], ["\u{1B}[32m", "", "\u{1B}[0m"], 2),
        ("\u{1B}[32m❯\u{1B}[0m ", ["❯", " "], ["\u{1B}[32m", "\u{1B}[0m"], 2),
        (
            "\u{1B}]8;;http://x\u{7}ln\u{1B}]8;;\u{1B}\\ ", ["l", "n", " "],
            ["\u{1B}]8;;http://x\u{7}", "", "\u{1B}]8;;\u{1B}\\"], 3
        ),
        ("a\u{1}b", ["a", "b"], ["", ""], 2),
        ("日本> ", ["日", "本", ">", " "], ["", "", "", ""], 6),
    ])
    func escapeSequencesAreWrittenBeforeTheGlyphAfterThemAndTakeNoColumns(
        prompt: String, texts: [String], prefixes: [String], width: Int
    ) {
        let result = EditorPrompt(prompt)
        #expect(result.glyphs.map(\.text) == texts)
        #expect(result.glyphs.map(\.prefix) == prefixes)
        #expect(result.glyphs.allSatisfy { $0.style == nil })
        #expect(result.visibleWidth == width)
    }
}

@Suite struct CompletionListingTests {
    @Test(arguments: [
        (["a", "bb", "ccc"], 80, ["a  bb  ccc"]),
        (["one", "two", "three", "four", "five"], 16, ["one  three  five", "two  four"]),
        (["one", "two", "three", "four", "five"], 12, ["one    four", "two    five", "three"]),
        (["services", "server"], 5, ["services", "server"]),
        (["日本", "x"], 80, ["日本  x"]),
        ([], 80, []),
    ])
    func candidatesAreLaidOutInColumnsFilledTopToBottom(candidates: [String], width: Int, rows: [String]) {
        #expect(CompletionListing.rows(for: candidates.map { TabCompletionCandidate($0) }, width: width) == rows)
    }

    @Test func descriptionsStandBesideTheirCandidatesInColumnsThatFit() {
        let candidates = [
            TabCompletionCandidate("select", description: "Select a service"),
            TabCompletionCandidate("show", description: "Show one service"),
            TabCompletionCandidate("list", description: "List services"),
            TabCompletionCandidate("toggle"),
        ]
        #expect(
            CompletionListing.rows(for: candidates, width: 80) == [
                "select  Select a service  show  Show one service  list  List services  toggle"
            ])
        #expect(
            CompletionListing.rows(for: candidates, width: 50) == [
                "select  Select a service  list    List services",
                "show    Show one service  toggle",
            ])
        #expect(
            CompletionListing.rows(for: candidates, width: 30) == [
                "select  Select a service", "show    Show one service", "list    List services", "toggle",
            ])
        #expect(CompletionListing.rows(for: candidates, width: 16)[0] == "select  Select …")
    }

    @Test(arguments: [
        (["services", "server", "serverless"], "serv"),
        (["abc"], "abc"),
        (["x", "y"], ""),
        (["é1", "é2"], "é"),
    ])
    func theCommonPrefixIsComparedByCharacters(candidates: [String], prefix: String) {
        #expect(LineEditor.commonPrefix(of: candidates) == prefix)
    }
}

@Suite struct UTF8StreamDecoderTests {
    @Test(
        arguments: [
            ([0x61], ["a"]),
            ([0xC3, 0xA9], ["é"]),
            ([0xF0, 0x9F, 0x98, 0x80], ["😀"]),
            ([0xFF, 0x61], ["\u{FFFD}", "a"]),
            ([0xC3, 0x61], ["\u{FFFD}", "a"]),
            ([0xE2, 0x82, 0xC3, 0xA9], ["\u{FFFD}", "é"]),
            ([0xC0, 0xAF], ["\u{FFFD}", "\u{FFFD}"]),
            ([0xED, 0xA0, 0x80], ["\u{FFFD}", "\u{FFFD}", "\u{FFFD}"]),
            ([0xE2, 0x82], ["\u{FFFD}"]),
        ] as [([UInt8], [Unicode.Scalar])])
    func bytesDecodeToScalarsWithReplacementForInvalidSequences(bytes: [UInt8], scalars: [Unicode.Scalar]) {
        var decoder = UTF8StreamDecoder()
        let decoded = bytes.flatMap { decoder.feed($0) } + decoder.finish()
        #expect(decoded == scalars)
    }
}

@Suite struct EditrcLocationTests {
    @Test(
        arguments: [
            (EditrcLocation.standard, ["EDITRC": "/etc/shop.editrc", "HOME": "/home/a"], "/etc/shop.editrc"),
            (.standard, ["HOME": "/home/a"], "/home/a/.editrc"),
            (.standard, ["HOME": "/home/a/"], "/home/a/.editrc"),
            (.standard, ["EDITRC": "", "HOME": "/home/a"], "/home/a/.editrc"),
            (.standard, [:], nil),
            (.file("/tmp/x"), ["HOME": "/home/a"], "/tmp/x"),
            (.none, ["HOME": "/home/a"], nil),
        ] as [(EditrcLocation, [String: String], String?)])
    func theEditrcIsFoundLikeLibeditFindsIt(location: EditrcLocation, environment: [String: String], path: String?) {
        #expect(location.path(environment: environment) == path)
    }
}

@Suite struct LineReaderFactoryTests {
    @Test(
        arguments: [
            (false, true, "xterm", LineReaderFactory.Choice.plain(promptOutput: nil)),
            (false, false, "xterm", .plain(promptOutput: nil)),
            (true, true, "xterm-256color", .editor(output: 1)),
            (true, true, "dumb", .plain(promptOutput: 1)),
            (true, true, nil, .plain(promptOutput: 1)),
            (true, true, "", .plain(promptOutput: 1)),
            (true, false, "xterm", .editor(output: 2)),
        ] as [(Bool, Bool, String?, LineReaderFactory.Choice)])
    func theEditorIsUsedOnlyForAPersonAtACapableTerminal(
        inputIsTerminal: Bool, outputIsTerminal: Bool, term: String?, choice: LineReaderFactory.Choice
    ) {
        let decided = LineReaderFactory.choice(input: 0, output: 1, term: term) { descriptor in
            switch descriptor {
            case 0: inputIsTerminal
            case 1: outputIsTerminal
            default: true
            }
        }
        #expect(decided == choice)
    }

    @Test func nonTerminalInputGetsThePlainReader() throws {
        let input = try InputFile(Array("x\n".utf8))
        let reader = LineReaderFactory.make(input: input.descriptor, output: input.descriptor, term: "xterm")
        #expect(reader is PlainLineReader)
        #expect(reader.readLine(prompt: "> ") == .line("x"))
    }
}
