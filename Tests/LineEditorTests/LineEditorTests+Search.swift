import Foundation
import ShopTestSupport
import Testing

@testable import LineEditor

/// Ctrl-R: the search text and the entry found, the text found marked.
extension LineEditorTests {
    private func searching(_ history: [String], columns: Int = 100, rows: Int = 30) throws -> EditorHarness {
        try EditorHarness(.init(olderHistory: history, columns: columns, rows: rows, usesColor: true))
    }

    @Test(arguments: sizes)
    func ctrlRShowsTheSearchTextAndTheEntryWithTheFoundTextMarked(size: (columns: Int, rows: Int)) throws {
        let harness = try searching(
            ["deploy production 🧺", "list services", "echo \(Self.emojiLine)"], columns: size.columns,
            rows: size.rows)
        try harness.startLine()
        try harness.type([.controlR, .text("prod")])
        let screen = try harness.waitForScreen("the match") {
            $0.row(0) == "> deploy production 🧺" && $0.row(1) == "search history: prod"
        }
        #expect(screen.styles(of: "prod")?.allSatisfy(\.isInverse) == true)
        #expect(screen.styles(of: "deploy ")?.allSatisfy { !$0.isInverse } == true)
        #expect(screen.cursor == (1, 20))
        try harness.type([.enter])
        #expect(try harness.event() == .line("deploy production 🧺"))
    }

    @Test func ctrlRAgainAndUpGoOlderDownNewer() throws {
        let harness = try searching(["echo one", "echo two", "echo two", "echo three"])
        try harness.startLine()
        try harness.type([.controlR, .text("echo")])
        try harness.waitForScreen("the newest") { $0.row(0) == "> echo three" }
        try harness.type([.controlR])
        try harness.waitForScreen("older") { $0.row(0) == "> echo two" }
        // The repeated entry is found once.
        try harness.type([.up])
        try harness.waitForScreen("older still") { $0.row(0) == "> echo one" }
        try harness.type([.down])
        try harness.waitForScreen("newer") { $0.row(0) == "> echo two" }
        try harness.type([.enter])
        #expect(try harness.event() == .line("echo two"))
    }

    @Test(arguments: [PseudoTerminal.Key.escape, .control("g")])
    func escAndCtrlGPutTheLineBack(key: PseudoTerminal.Key) throws {
        let harness = try searching(["echo found"])
        try harness.startLine()
        try harness.type([.text("typed"), .key(.left), .controlR, .text("found")])
        try harness.waitForScreen("the match") { $0.row(0) == "> echo found" }
        try harness.type([.key(key)])
        let screen = try harness.waitForScreen("the line as it was") { $0.text == "> typed" }
        #expect(screen.cursor == (0, 6))
        try harness.type([.text("X"), .enter])
        #expect(try harness.event() == .line("typeXd"))
    }

    @Test func nothingFoundSaysSoInWords() throws {
        let harness = try searching(["echo one"])
        try harness.startLine()
        try harness.type([.controlR, .text("zzz")])
        try harness.waitForScreen("the note") { $0.row(1) == "search history: zzz   (nothing found)" }
        try harness.type([.key(.backspace), .key(.backspace), .key(.backspace), .text("one")])
        try harness.waitForScreen("a match again") { $0.row(0) == "> echo one" && $0.row(1) == "search history: one" }
        try harness.type([.key(.escape)])
        try harness.waitForScreen("the empty line") { $0.text == ">" }
        try harness.type([.enter])
        #expect(try harness.event() == .line(""))
    }

    @Test func anotherKeyTakesTheEntryIntoTheLineAndActs() throws {
        let harness = try searching(["echo found"])
        try harness.startLine()
        try harness.type([.controlR, .text("found"), .controlA, .text("# ")])
        try harness.waitForScreen("the entry, edited") { $0.text == "> # echo found" }
        try harness.type([.enter])
        #expect(try harness.event() == .line("# echo found"))
    }

    @Test func ctrlCDuringASearchAbandonsTheLine() throws {
        let harness = try searching(["echo found"])
        try harness.startLine()
        try harness.type([.text("x"), .controlR, .text("fou"), .controlC])
        #expect(try harness.event() == .interrupted)
    }
}
