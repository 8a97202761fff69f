import Foundation
import Glibc
import LineEditor
import ShopTestSupport
import Testing

/// libedit functions that crash in shop are bound away in both key maps, and the vi functions
/// that leave the cursor outside the line cannot make a later edit write outside it.
extension LineEditorTests {
    /// An editor with `bind -v` in its editrc, kept in `directory` (which must outlive it).
    private func viEditor(in directory: TemporaryDirectory) throws -> EditorHarness {
        let editrc = directory.path + "/.editrc"
        try "bind -v\n".write(toFile: editrc, atomically: true, encoding: .utf8)
        return try EditorHarness(.init(editrc: .file(editrc)))
    }

    @Test func escXThenAQuoteAndEnterIsAnOrdinaryLine() throws {
        let harness = try EditorHarness()
        // Esc x was libedit's extended command; a quote in it dereferenced NULL.
        #expect(try harness.readLine(typing: [.escape, .text("x\"\r")]) == .line("\""))
        #expect(try harness.readLine(typing: [.text("still here"), .enter]) == .line("still here"))
    }

    @Test func theCursorStaysInTheViLineAfterMovesThatLeaveIt() throws {
        let directory = try TemporaryDirectory()
        let harness = try viEditor(in: directory)
        // $ (and End, Ctrl-E) on an empty line put the cursor before the buffer; the insert
        // that follows must land in the line.
        #expect(try harness.readLine(typing: [.escape, .text("$iabc"), .enter]) == .line("abc"))
        #expect(try harness.readLine(typing: [.escape, .key(.controlE), .text("ixyz"), .enter]) == .line("xyz"))
        #expect(try harness.readLine(typing: [.escape, .key(.end), .text("i12"), .enter]) == .line("12"))
        // . replays S, Ctrl-E on the emptied line and the text without reading the terminal.
        let redo: [Input] = [.text("abc"), .escape, .text("S"), .key(.controlE), .text("xy"), .escape, .text(".")]
        #expect(try harness.readLine(typing: redo + [.enter]) == .line("xy"))
    }

    @Test(arguments: [
        ("abc", "0$a!", "abc!"),
        ("hello world", "0wd$", "hello "),
        ("one two", "0c$x", "x"),
    ])
    func dollarStillMovesToTheEndAndTakesAnOperator(text: String, commands: String, line: String) throws {
        let directory = try TemporaryDirectory()
        let harness = try viEditor(in: directory)
        #expect(try harness.readLine(typing: [.text(text), .escape, .text(commands), .enter]) == .line(line))
    }

    @Test func colonAndVInViCommandModeDoNothing() throws {
        let directory = try TemporaryDirectory()
        let harness = try viEditor(in: directory)
        // : opened libedit's command line; v ran $EDITOR in a forked copy of the process.
        #expect(try harness.readLine(typing: [.text("ab"), .escape, .text(":v"), .text("ax"), .enter]) == .line("abx"))
    }

    @Test(arguments: ["emacs", "vi"])
    func noKeyIsBoundToAnUnsafeFunction(mode: String) throws {
        let directory = try TemporaryDirectory()
        let harness = mode == "vi" ? try viEditor(in: directory) : try EditorHarness()
        let listing = try harness.listBindings()
        #expect(listing.contains("ed-insert"), "no binding listing: \(listing.prefix(500))")
        for line in listing.split(separator: "\n") {
            #expect(!line.contains("ed-command") && !line.contains("vi-histedit"), "\(mode): \(line)")
            if line.contains("ed-move-to-end") {
                // Only shop's private key (U+009D, listed as ^Ý), behind shop-move-to-end.
                #expect(line.hasPrefix("\"^\u{DD}\""), "\(mode): \(line)")
            }
        }
    }
}
