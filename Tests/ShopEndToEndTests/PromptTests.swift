import Foundation
import ShopRuntime
import ShopTestSupport
import Testing

/// The prompt as a fish user meets it, in the real `shop` on a pseudo-terminal and a screen
/// model: colour from the parser, suggestions from history, completions that explain, blocks
/// recalled as lines and edited in `$EDITOR`, the keys of xterm.
@Suite(.serialized) struct PromptTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-prompt")
    }

    private func session(_ environment: [String: String] = [:], arguments: [String] = [], columns: Int = 100)
        async throws -> InteractiveSession
    {
        try await InteractiveSession(
            stateDirectory: folder.path, arguments: arguments, environment: environment, columns: columns)
    }

    @Test func theLineIsColouredByTheParserAsItIsTyped() async throws {
        let shop = try await session()
        try shop.terminal.send("services list | sort price desc # cheapest last")
        var screen = try await shop.terminal.waitForScreen("the line") { $0.text.hasSuffix("# cheapest last") }
        #expect(screen.styles(of: "services")?.allSatisfy { $0.foreground == .indexed(4) && $0.isBold } == true)
        #expect(screen.styles(of: "list |")?.prefix(4).allSatisfy { $0.foreground == .indexed(4) && $0.isBold } == true)
        #expect(screen.styles(of: "sort")?.allSatisfy { $0.foreground == .indexed(4) } == true)
        #expect(screen.styles(of: "|")?.first?.foreground == .indexed(6))
        #expect(screen.styles(of: "# cheapest last")?.allSatisfy { $0.foreground == .indexed(8) } == true)
        try await abandonLine(in: shop)
        try shop.terminal.send("servces \"🧺 open $x")
        screen = try await shop.terminal.waitForScreen("the unknown command") { $0.text.hasSuffix("open $x") }
        #expect(screen.styles(of: "servces")?.allSatisfy { $0.foreground == .indexed(1) } == true)
        #expect(screen.styles(of: "\"")?.first?.isUnderlined == true)
        #expect(screen.styles(of: "$x")?.allSatisfy { $0.foreground == .indexed(2) } == true)
        try await abandonLine(in: shop)
        try await shop.type("def greet; echo hi; end")
        try shop.terminal.send("greet")
        try shop.terminal.send(key: .control("l"))
        screen = try await shop.terminal.waitForScreen("the user's command") { $0.text == "shop> greet" }
        #expect(screen.styles(of: "greet")?.allSatisfy { $0.foreground == .indexed(4) && $0.isBold } == true)
        try await abandonLine(in: shop)
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func aSuggestionFromHistoryIsTakenWithRight() async throws {
        let shop = try await session()
        try await shop.type("echo suggested 🧺")
        try shop.terminal.send("echo s")
        try shop.terminal.send(key: .control("l"))
        let screen = try await shop.terminal.waitForScreen("the suggestion") { $0.text == "shop> echo suggested 🧺" }
        #expect(screen.styles(of: "uggested")?.allSatisfy(\.isDim) == true)
        try shop.terminal.send(key: .right)
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("\nsuggested 🧺\n")
        try await shop.waitForPrompt()
        #expect(try await shop.quit() == .exited(0))
        #expect(
            try InteractiveSession.history(in: folder.path).map(\.text) == ["echo suggested 🧺", "echo suggested 🧺"])
    }

    @Test(arguments: [["SHOP_HINTS": "0"], ["NO_COLOR": "1"]])
    func noSuggestionWithHintsOffOrWithoutColour(environment: [String: String]) async throws {
        let shop = try await session(environment)
        try await shop.type("echo suggested")
        try shop.terminal.send("echo s")
        try await Task.sleep(for: .milliseconds(200))
        let screen = try await shop.terminal.waitForScreen("the typed text") { $0.text.hasSuffix("> echo s") }
        if environment["NO_COLOR"] != nil {
            #expect(screen.styles(of: "echo s")?.allSatisfy(\.isPlain) == true)
        }
        try await abandonLine(in: shop)
        #expect(try await shop.quit() == .exited(0))
    }

    /// Types `line` and Tab twice; returns the screen once it shows `text` (the list).
    private func list(after line: String, showing text: String, in shop: InteractiveSession) async throws
        -> TerminalScreen
    {
        try shop.terminal.send(line)
        try shop.terminal.send(key: .tab)
        try shop.terminal.send(key: .tab)
        return try await shop.terminal.waitForScreen("a list showing \(text)") { $0.text.contains(text) }
    }

    /// Abandons the line with Ctrl-C and waits for the next prompt.
    private func abandonLine(in shop: InteractiveSession) async throws {
        try shop.terminal.send(key: .controlC)
        try await shop.waitForPrompt()
    }

    @Test func completionsExplainThemselves() async throws {
        let shop = try await session()
        var screen = try await list(after: "services s", showing: "Select a service", in: shop)
        #expect(screen.styles(of: "Select a service")?.allSatisfy(\.isDim) == true)
        try await abandonLine(in: shop)
        // A service's title beside its id.
        _ = try await list(after: "services select ", showing: "Window cleaning", in: shop)
        try await abandonLine(in: shop)
        // After a sort field, its direction; d completes desc at once.
        _ = try await list(after: "services list | sort price ", showing: "descending", in: shop)
        try shop.terminal.send("d")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("| first | get price\r")
        try await shop.terminal.waitFor("services list | sort price desc | first | get price")
        try await shop.waitForPrompt()
        // A field's type beside it.
        screen = try await list(after: "services list | where ", showing: "description  string?", in: shop)
        #expect(screen.text.contains("price  int"))
        try await abandonLine(in: shop)
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func aBlockIsRecalledAsItsLinesAndStoredAsOneEntry() async throws {
        let shop = try await session()
        try shop.terminal.send("for i in [1, 2]\r")
        try await shop.terminal.waitFor("...> ")
        try shop.terminal.send("  echo \"i=$i\"\r")
        try await shop.terminal.waitFor("...> ")
        try await shop.type("end")
        try shop.terminal.send(key: .up)
        let screen = try await shop.terminal.waitForScreen("the block") { $0.text.hasSuffix("...> end") }
        let rows = screen.text.split(separator: "\n").suffix(3).map(String.init)
        #expect(rows == ["shop> for i in [1, 2]", "...>   echo \"i=$i\"", "...> end"])
        #expect(try await shop.type("").contains("i=2"))
        #expect(try await shop.quit() == .exited(0))
        let texts = try InteractiveSession.history(in: folder.path).map(\.text)
        #expect(texts == ["for i in [1, 2]\n  echo \"i=$i\"\nend", "for i in [1, 2]\n  echo \"i=$i\"\nend"])
    }

    /// An editor that saves `text`, keeping what it was given in `seen`: a script run by
    /// `sh` (executing a file just written can fail with "text file busy" while another
    /// test's process is being started).
    private func editor(saving text: String) throws -> String {
        let script = folder.path + "/fake-editor"
        try """
        #!/bin/sh
        cp "$1" '\(folder.path)/seen'
        printf '%s\\n' '\(text)' > "$1"

        """.write(toFile: script, atomically: true, encoding: .utf8)
        return "/bin/sh " + script
    }

    @Test func editOpensTheLastBlockAndRunsWhatIsSaved() async throws {
        let shop = try await session(["EDITOR": try editor(saving: "for i in [7]\n  echo \"edited $i\"\nend")])
        try await shop.type("for i in [1]\n  echo \"i=$i\"\nend")
        try await shop.type("echo after")
        try shop.terminal.send("edit\r")
        try await shop.terminal.waitFor("edited 7\n")
        try await shop.waitForPrompt()
        let seen = try String(contentsOfFile: folder.path + "/seen", encoding: .utf8)
        #expect(seen == "for i in [1]\n  echo \"i=$i\"\nend\n")
        #expect(try await shop.quit() == .exited(0))
        #expect(
            try InteractiveSession.history(in: folder.path).map(\.text).last
                == "for i in [7]\n  echo \"edited $i\"\nend")
    }

    @Test func altEEditsTheLineBeingTyped() async throws {
        let shop = try await session(["VISUAL": try editor(saving: "echo from-the-editor")])
        try shop.terminal.send("echo typed")
        try shop.terminal.send(bytes: Array("\u{1B}e".utf8))
        try await shop.terminal.waitFor("from-the-editor\n")
        try await shop.waitForPrompt()
        #expect(try String(contentsOfFile: folder.path + "/seen", encoding: .utf8) == "echo typed\n")
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func editWithNoEditorSaysWhatToSet() async throws {
        let shop = try await session(["PATH": "/nonexistent", "EDITOR": "", "VISUAL": ""])
        try await shop.type("echo one")
        #expect(try await shop.type("edit").contains("error: no editor to open: set VISUAL or EDITOR"))
        #expect(try await shop.quit() == .exited(0))
    }

    @Test(arguments: ["\u{1B}[1~", "\u{1B}[H", "\u{1B}OH", "\u{1B}[7~"])
    func homeMovesToTheStartUnderXterm(key: String) async throws {
        let shop = try await session()
        try shop.terminal.send("cho home")
        try shop.terminal.send(key)
        #expect(try await shop.type("e").contains("\nhome"))
        #expect(try await shop.quit() == .exited(0))
    }
}
