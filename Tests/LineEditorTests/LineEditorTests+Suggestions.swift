import Foundation
import ShopTestSupport
import Testing

@testable import LineEditor

/// Suggestions from history, as a person sees them on the screen model, at 100×30 and 40×20.
extension LineEditorTests {
    /// A line with wide characters and emoji sequences, as the tests type them.
    static let emojiLine = "🧺 👍🏽 👨‍👩‍👧 ❤️ 漢字"
    /// The emoji line as an xterm-like screen shows it: ❤️ is given two columns, drawn in one.
    static let emojiLineOnScreen = "🧺 👍🏽 👨‍👩‍👧 ❤️  漢字"
    static let sizes: [(columns: Int, rows: Int)] = [(100, 30), (40, 20)]

    private func suggesting(history: [String], columns: Int, rows: Int, on: Bool = true) throws -> EditorHarness {
        try EditorHarness(
            .init(olderHistory: history, columns: columns, rows: rows, showsSuggestions: on, usesColor: on))
    }

    @Test(arguments: sizes)
    func theNewestEntryStartingWithTheLineShowsDimmedAfterTheCursor(size: (columns: Int, rows: Int)) throws {
        let harness = try suggesting(
            history: ["echo \(Self.emojiLine)", "services list", "echo old"], columns: size.columns, rows: size.rows)
        try harness.startLine()
        try harness.type([.text("echo")])
        let screen = try harness.waitForScreen("the suggestion") { $0.row(0).hasPrefix("> echo old") }
        #expect(screen.styles(of: " old")?.allSatisfy(\.isDim) == true)
        #expect(screen.styles(of: "echo")?.allSatisfy { !$0.isDim } == true)
        #expect(screen.cursor == (0, 6))
        try harness.type([.text(" 🧺")])
        try harness.waitForScreen("the longer suggestion") { $0.row(0) == "> echo \(Self.emojiLineOnScreen)" }
        try harness.type([.key(.right), .text("!"), .enter])
        #expect(try harness.event() == .line("echo \(Self.emojiLine)!"))
    }

    @Test(arguments: [
        [UInt8](Array("\u{1B}[C".utf8)), Array("\u{1B}OC".utf8), Array("\u{1B}[F".utf8), Array("\u{1B}[4~".utf8),
        Array("\u{1B}[8~".utf8), [0x06], [0x05],
    ])
    func rightEndAndCtrlFTakeTheWholeSuggestion(key: [UInt8]) throws {
        let harness = try suggesting(history: ["services select 2"], columns: 100, rows: 30)
        try harness.startLine()
        try harness.type([.text("serv")])
        try harness.waitForScreen("the suggestion") { $0.row(0) == "> services select 2" }
        try harness.terminal.send(bytes: key)
        try harness.type([.enter])
        #expect(try harness.event() == .line("services select 2"))
    }

    @Test(arguments: [Array("\u{1B}f".utf8), Array("\u{1B}[1;3C".utf8)])
    func altRightAndAltFTakeOneWord(key: [UInt8]) throws {
        let harness = try suggesting(history: ["services select 2"], columns: 40, rows: 20)
        try harness.startLine()
        try harness.type([.text("serv")])
        try harness.waitForScreen("the suggestion") { $0.row(0) == "> services select 2" }
        try harness.terminal.send(bytes: key)
        try harness.waitForScreen("one word taken") { $0.styles(of: "services")?.allSatisfy { !$0.isDim } == true }
        try harness.terminal.send(bytes: key)
        try harness.type([.enter])
        #expect(try harness.event() == .line("services select"))
    }

    @Test func aSuggestionIsCutAtTheEndOfTheCursorsRowAndNeverTakesANewOne() throws {
        let long = "echo " + String(repeating: "abcdefghij", count: 8)
        let harness = try suggesting(history: [long], columns: 40, rows: 20)
        try harness.startLine()
        try harness.type([.text("echo a")])
        let screen = try harness.waitForScreen("the suggestion") { $0.row(0).count == 40 }
        #expect(screen.row(0) == "> " + long.prefix(38))
        #expect(screen.row(1) == "")
        #expect(screen.cursor == (0, 8))
    }

    @Test func otherKeysGoOnAsBeforeAndTheSuggestionFollowsTheLine() throws {
        let harness = try suggesting(history: ["services list", "sort price"], columns: 100, rows: 30)
        try harness.startLine()
        try harness.type([.text("s")])
        try harness.waitForScreen("the newest") { $0.row(0) == "> sort price" }
        try harness.type([.text("e")])
        try harness.waitForScreen("the next match") { $0.row(0) == "> services list" }
        try harness.type([.text("x")])
        try harness.waitForScreen("no match") { $0.row(0) == "> sex" }
        try harness.type([.key(.backspace), .key(.left), .key(.right), .enter])
        // → in the middle of the line moves; only at the end does it take the suggestion.
        #expect(try harness.event() == .line("se"))
    }

    @Test func withSuggestionsOffNothingIsShown() throws {
        let harness = try suggesting(history: ["services list"], columns: 100, rows: 30, on: false)
        try harness.startLine()
        try harness.type([.text("serv"), .key(.right), .text("!")])
        try harness.waitForScreen("the typed text") { $0.row(0) == "> serv!" }
        try harness.type([.enter])
        #expect(try harness.event() == .line("serv!"))
    }
}
