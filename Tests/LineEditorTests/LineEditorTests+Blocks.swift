import Foundation
import ShopTestSupport
import Testing

@testable import LineEditor

/// Blocks recalled as their lines, and the line or block edited in the user's editor.
extension LineEditorTests {
    static let block = "for i in [1, 2]\n  echo \"i=$i 🧺\"\nend"

    @Test(arguments: sizes)
    func upRecallsABlockAsItsLinesWithTheirIndentation(size: (columns: Int, rows: Int)) throws {
        let harness = try EditorHarness(
            .init(
                olderHistory: ["echo before"], sessionHistory: [Self.block], columns: size.columns, rows: size.rows,
                continuationPrompt: "...> "))
        try harness.startLine()
        try harness.type([.up])
        let screen = try harness.waitForScreen("the block") { $0.row(2) == "...> end" }
        #expect(screen.row(0) == "> for i in [1, 2]")
        #expect(screen.row(1) == "...>   echo \"i=$i 🧺\"")
        #expect(screen.cursor == (2, 8))
        // Up and Down stay history keys.
        try harness.type([.up])
        try harness.waitForScreen("the older entry") { $0.text == "> echo before" }
        try harness.type([.down])
        try harness.waitForScreen("the block again") { $0.row(2) == "...> end" }
        try harness.type([.enter])
        #expect(try harness.event() == .line(Self.block))
    }

    /// An editor that keeps what it was given in `seen` and saves `text`: a script run by `sh`
    /// (executing a file just written can fail with "text file busy" while another test's
    /// process is being started).
    private func editorScript(in directory: TemporaryDirectory, saving text: String, status: Int = 0) throws -> String {
        let script = directory.path + "/fake-editor"
        let body = """
            #!/bin/sh
            cp "$1" '\(directory.path)/seen'
            printf '%s\\n' '\(text)' > "$1"
            exit \(status)

            """
        try body.write(toFile: script, atomically: true, encoding: .utf8)
        return "/bin/sh " + script
    }

    @Test(arguments: [Array("\u{1B}e".utf8), [0x18, 0x05]])
    func altEAndCtrlXCtrlEOpenTheLineInTheEditorAndRunWhatIsSaved(key: [UInt8]) throws {
        let directory = try TemporaryDirectory()
        let editor = try editorScript(in: directory, saving: "echo edited\necho twice")
        let harness = try EditorHarness(
            .init(editorEnvironment: ["EDITOR": editor, "VISUAL": "", "PATH": "/usr/bin:/bin"]))
        try harness.startLine()
        try harness.type([.text("echo 🧺")])
        try harness.terminal.send(bytes: key)
        #expect(try harness.event() == .line("echo edited\necho twice"))
        #expect(try String(contentsOfFile: directory.path + "/seen", encoding: .utf8) == "echo 🧺\n")
    }

    @Test func viKeysOpenTheEditorWithCtrlXCtrlE() throws {
        let directory = try TemporaryDirectory()
        let editrc = directory.path + "/.editrc"
        try "bind -v\n".write(toFile: editrc, atomically: true, encoding: .utf8)
        let editor = try editorScript(in: directory, saving: "echo from vi")
        let harness = try EditorHarness(.init(editrc: .file(editrc), editorEnvironment: ["VISUAL": editor]))
        try harness.startLine()
        try harness.type([.text("abc")])
        try harness.terminal.send(bytes: [0x18, 0x05])
        #expect(try harness.event() == .line("echo from vi"))
    }

    @Test func anEditorThatFailsRunsNothingAndKeepsTheLine() throws {
        let directory = try TemporaryDirectory()
        let editor = try editorScript(in: directory, saving: "rm -rf nothing", status: 3)
        let harness = try EditorHarness(.init(editorEnvironment: ["EDITOR": editor]))
        try harness.startLine()
        try harness.type([.text("kept")])
        try harness.terminal.send(bytes: Array("\u{1B}e".utf8))
        try harness.waitForScreen("the error") { $0.text.contains("exited with status 3; nothing was run") }
        try harness.waitForScreen("the line again") { $0.text.hasSuffix("> kept") }
        try harness.type([.enter])
        #expect(try harness.event() == .line("kept"))
    }

    @Test func withNoEditorAnywhereTheErrorSaysWhatToSet() throws {
        let harness = try EditorHarness(.init(editorEnvironment: ["PATH": "/nonexistent"]))
        try harness.startLine()
        try harness.type([.text("kept")])
        try harness.terminal.send(bytes: [0x18, 0x05])
        try harness.waitForScreen("the error") {
            $0.text.contains("error: no editor to open: set VISUAL or EDITOR")
        }
        try harness.type([.text("!"), .enter])
        #expect(try harness.event() == .line("kept!"))
    }

    @Test func anEmptyFileRunsNothing() throws {
        let directory = try TemporaryDirectory()
        let editor = try editorScript(in: directory, saving: "")
        let harness = try EditorHarness(.init(editorEnvironment: ["EDITOR": editor]))
        try harness.startLine()
        try harness.type([.text("gone")])
        try harness.terminal.send(bytes: Array("\u{1B}e".utf8))
        try harness.waitForScreen("an empty line") { $0.text.hasSuffix("> gone\n>") }
        try harness.type([.text("next"), .enter])
        #expect(try harness.event() == .line("next"))
    }

    @Test func aLineGivenToShowIsDrawnAndReturned() throws {
        let harness = try EditorHarness(.init(continuationPrompt: "...> "))
        #expect(try harness.show(Self.block) == .line(Self.block))
        try harness.waitForScreen("the block") { $0.text == "> for i in [1, 2]\n...>   echo \"i=$i 🧺\"\n...> end" }
    }
}
