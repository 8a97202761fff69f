import Foundation
import ShopTestSupport
import Testing

@testable import LineEditor

/// Home, End, Delete and the word moves in the sequences of xterm and rxvt; Ctrl-L; resizes.
extension LineEditorTests {
    @Test(arguments: ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"], ["emacs", "vi"])
    func homeGoesToTheStart(key: String, mode: String) throws {
        let directory = try TemporaryDirectory()
        let harness = try editor(mode: mode, in: directory)
        let insert = mode == "vi" ? "i" : ""
        #expect(
            try harness.readLine(typing: [.text("one two"), .text(key), .text(insert + "X"), .enter])
                == .line("Xone two"))
    }

    @Test(arguments: ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"], ["emacs", "vi"])
    func endGoesToTheEnd(key: String, mode: String) throws {
        let directory = try TemporaryDirectory()
        let harness = try editor(mode: mode, in: directory)
        let start: [Input] = mode == "vi" ? [.escape, .text("0")] : [.controlA]
        let append = mode == "vi" ? "a" : ""
        let typed: [Input] = [.text("one two")] + start + [.text(key), .text(append + "X"), .enter]
        #expect(try harness.readLine(typing: typed) == .line("one twoX"))
    }

    @Test(arguments: ["emacs", "vi"])
    func deleteDeletesTheCharacterUnderTheCursor(mode: String) throws {
        let directory = try TemporaryDirectory()
        let harness = try editor(mode: mode, in: directory)
        let onB: [Input] = mode == "vi" ? [.escape, .text("0l")] : [.left, .left]
        #expect(try harness.readLine(typing: [.text("abc")] + onB + [.key(.delete), .enter]) == .line("ac"))
    }

    @Test(arguments: [("\u{1B}[1;5D", "one X two"), ("\u{1B}Od", "one X two"), ("\u{1B}[1;3D", "one X two")])
    func ctrlLeftGoesBackAWord(key: String, expected: String) throws {
        let harness = try EditorHarness()
        #expect(try harness.readLine(typing: [.text("one two"), .text(key), .text("X "), .enter]) == .line(expected))
    }

    @Test(arguments: ["\u{1B}[1;5C", "\u{1B}Oc"])
    func ctrlRightGoesOnAWord(key: String) throws {
        let harness = try EditorHarness()
        #expect(
            try harness.readLine(typing: [.text("one two"), .controlA, .text(key), .text("X"), .enter])
                == .line("oneX two"))
    }

    @Test func leftRightAndBackspaceTakeWholeCharacters() throws {
        let harness = try EditorHarness()
        let typed: [Input] = [
            .text(Self.emojiLine), .left, .left, .backspace, .left, .left, .left, .text("|"), .enter,
        ]
        #expect(try harness.readLine(typing: typed) == .line("🧺 👍🏽 |👨‍👩‍👧 ❤️漢字"))
    }

    @Test func ctrlLClearsTheScreenAndDrawsTheLineAtTheTop() throws {
        let harness = try EditorHarness(.init(columns: 40, rows: 20))
        #expect(try harness.readLine(typing: [.text("first"), .enter]) == .line("first"))
        try harness.startLine()
        try harness.type([.text("second 🧺"), .key(.control("l"))])
        let screen = try harness.waitForScreen("the cleared screen") { $0.text == "> second 🧺" }
        #expect(screen.cursor == (0, 11))
        try harness.type([.enter])
        #expect(try harness.event() == .line("second 🧺"))
    }

    @Test func aResizeRedrawsTheLineWithNoStaleFragments() throws {
        let harness = try EditorHarness(
            .init(columns: 60, rows: 20, highlighter: Self.testHighlighter, usesColor: true))
        #expect(try harness.readLine(typing: [.text("echo before"), .enter]) == .line("echo before"))
        let line = "echo \(Self.emojiLine) " + (1...12).map { "word\($0)" }.joined(separator: " ")
        try harness.startLine()
        try harness.type([.text(line)])
        try harness.waitForScreen("the line") { $0.text.hasSuffix("word12") }
        let shown = ("> echo before" + "> " + line).filter { $0 != " " }
        for columns in [40, 100, 60, 25] {
            try harness.terminal.resize(columns: columns, rows: 20)
            // Every row the line takes, and nothing more: no fragment of an earlier width.
            let rows = 1 + Self.rowCount(of: line, columns: columns)
            let screen = try harness.waitForScreen("the line at \(columns) columns") { screen in
                screen.text.split(separator: "\n").count == rows
                    && screen.text.filter { $0 != " " && $0 != "\n" } == shown
            }
            #expect(screen.row(0) == "> echo before")
            #expect(Self.prompts(in: screen) == 2, "\(screen.text)")
        }
        // A prompt after the resize is drawn for the new width.
        try harness.type([.enter])
        #expect(try harness.event() == .line(line))
        try harness.startLine()
        try harness.type([.text("after " + String(repeating: "x", count: 30))])
        let screen = try harness.waitForScreen("the next line") { $0.text.hasSuffix("xxxxx") }
        #expect(
            screen.text.hasSuffix(
                "> after " + String(repeating: "x", count: 17) + "\n" + String(repeating: "x", count: 13)))
        try harness.type([.enter])
        _ = try harness.event()
    }

    /// The rows `line` takes after the prompt `> ` on a terminal `columns` wide.
    private static func rowCount(of line: String, columns: Int) -> Int {
        var layout = ScreenLayout(width: columns)
        for glyph in EditorPrompt("> ").glyphs + Glyph.glyphs(of: line, style: .plain) { layout.append(glyph) }
        layout.finish()
        return layout.rows.count
    }

    /// How many rows of `screen` start with a prompt.
    private static func prompts(in screen: TerminalScreen) -> Int {
        (0..<screen.rows).count { screen.row($0).hasPrefix("> ") }
    }

    /// An editor with emacs keys, or vi keys from an editrc kept in `directory`.
    private func editor(mode: String, in directory: TemporaryDirectory) throws -> EditorHarness {
        guard mode == "vi" else { return try EditorHarness() }
        let editrc = directory.path + "/.editrc"
        try "bind -v\n".write(toFile: editrc, atomically: true, encoding: .utf8)
        return try EditorHarness(.init(editrc: .file(editrc)))
    }
}
