import Foundation
import Glibc
import LineEditor
import ShopTestSupport
import Synchronization
import Testing

@Suite("LineEditor over a pseudo-terminal", .serialized, .timeLimit(.minutes(1)))
struct LineEditorTests {
    @Test func typingALineAndPressingEnterReturnsIt() throws {
        let harness = try EditorHarness()
        #expect(try harness.readLine(typing: [.text("hello world"), .enter]) == .line("hello world"))
    }

    @Test func nonASCIITextComesBackIntact() throws {
        let harness = try EditorHarness()
        #expect(try harness.readLine(typing: [.text("échelle 日本 😀"), .enter]) == .line("échelle 日本 😀"))
    }

    @Test(arguments: [
        ([Input.text("abc"), .left, .left, .text("X")], "aXbc"),
        ([.text("abc"), .left, .left, .right, .text("X")], "abXc"),
        ([.text("abc"), .controlA, .text("X")], "Xabc"),
        ([.text("abcd"), .backspace, .backspace], "ab"),
        ([.text("ab"), .controlA, .controlD], "b"),
        ([.text("日本語"), .left, .text("x")], "日本x語"),
    ])
    func cursorKeysEditTheLine(inputs: [Input], expected: String) throws {
        let harness = try EditorHarness()
        #expect(try harness.readLine(typing: inputs + [.enter]) == .line(expected))
    }

    @Test(arguments: [
        (1, "new two"),
        (2, "new one"),
        (3, "old two"),
        (4, "old one"),
        (5, "old one"),
    ])
    func upRecallsThisSessionsLinesBeforeOlderOnes(presses: Int, expected: String) throws {
        let harness = try EditorHarness(
            .init(olderHistory: ["old one", "old two"], sessionHistory: ["new one", "new two"]))
        let event = try harness.readLine(typing: Array(repeating: .up, count: presses) + [.enter])
        #expect(event == .line(expected))
    }

    @Test(arguments: [(3, "old 3"), (4, "old 3"), (5, "old 3")])
    func onlyTheNewestOlderEntriesAreKept(presses: Int, expected: String) throws {
        let older = (1...5).map { "old \($0)" }
        let harness = try EditorHarness(.init(olderHistory: older, olderHistoryLimit: 3))
        let event = try harness.readLine(typing: Array(repeating: .up, count: presses) + [.enter])
        #expect(event == .line(expected))
    }

    @Test func aRepeatedLineIsRecalledOnce() throws {
        let harness = try EditorHarness(.init(sessionHistory: ["same", "same", "other", "other"]))
        #expect(try harness.readLine(typing: [.up, .up, .enter]) == .line("same"))
    }

    @Test func downReturnsTowardsNewerEntries() throws {
        let harness = try EditorHarness(.init(olderHistory: ["old"], sessionHistory: ["first", "second"]))
        #expect(try harness.readLine(typing: [.up, .up, .up, .down, .enter]) == .line("first"))
    }

    @Test func linesAddedDuringTheSessionAreRecalledFirst() throws {
        let harness = try EditorHarness(.init(olderHistory: ["older"]))
        harness.addHistory("typed earlier")
        #expect(try harness.readLine(typing: [.up, .enter]) == .line("typed earlier"))
        #expect(try harness.readLine(typing: [.up, .up, .enter]) == .line("older"))
    }

    @Test(arguments: [
        ("ser", ["services"], "services "),
        ("run Scr", ["Scripts/"], "run Scripts/"),
        ("feed op", ["open"], "feed open "),
    ])
    func tabWithOneCandidateInsertsIt(typed: String, candidates: [String], expected: String) throws {
        let harness = try EditorHarness(
            .init(completions: { request in
                TabCompletion(replacingWordOf: request, candidates: candidates)
            }))
        #expect(try harness.readLine(typing: [.text(typed), .tab, .enter]) == .line(expected))
    }

    @Test func completionSeesTheTextAroundTheCursor() throws {
        let seen = Recorder<TabCompletionRequest>()
        let harness = try EditorHarness(
            .init(completions: { request in
                seen.record(request)
                return .none
            }))
        _ = try harness.readLine(typing: [.text("services sel 2"), .left, .left, .tab, .enter])
        #expect(seen.values == [TabCompletionRequest(textBeforeCursor: "services sel", textAfterCursor: " 2")])
    }

    @Test func tabInsertsTheCommonPrefixAndASecondTabListsTheCandidates() throws {
        let harness = try EditorHarness(
            .init(completions: { request in
                let all = ["services", "server", "serverless", "sleep"]
                return TabCompletion(
                    replacingWordOf: request, candidates: all.filter { $0.hasPrefix(request.currentWord) })
            }))
        try harness.startLine()
        try harness.type([.text("se"), .tab])
        try harness.waitForScreen("the common prefix") { $0.row(0) == "> serv" }
        try harness.type([.tab])
        // The listing, then the prompt and line drawn again below it.
        try harness.waitForScreen("the listing") { $0.text == "services  server  serverless\n> serv" }
        try harness.type([.text("er"), .tab, .enter])
        #expect(try harness.event() == .line("server"))
    }

    @Test func listingCandidatesKeepsTheCursorWhereItWas() throws {
        let harness = try EditorHarness(
            .init(completions: { request in
                TabCompletion(replacingWordOf: request, candidates: ["select", "set"])
            }))
        try harness.startLine()
        try harness.type([.text("se 42"), .left, .left, .left, .tab, .tab])
        try harness.terminal.waitFor("select  set\n")
        try harness.type([.text("t"), .enter])
        #expect(try harness.event() == .line("set 42"))
    }

    @Test func ctrlCAbandonsTheLineAndTheNextLineStartsEmpty() throws {
        let harness = try EditorHarness()
        try harness.startLine()
        try harness.type([.text("half typed"), .left, .left, .controlC])
        #expect(try harness.event() == .interrupted)
        #expect(harness.terminal.output.contains("half typed^C"))
        #expect(try harness.readLine(typing: [.text("next"), .enter]) == .line("next"))
    }

    @Test func ctrlCRaisesNoSignalAndTheTerminalSignalsAgainAfterTheLine() throws {
        let harness = try EditorHarness()
        try harness.startLine()
        #expect(try terminalGeneratesSignals(harness.terminal.slaveFileDescriptor) == false)
        try harness.type([.controlC])
        #expect(try harness.event() == .interrupted)
        #expect(try terminalGeneratesSignals(harness.terminal.slaveFileDescriptor) == true)
    }

    @Test func ctrlDOnAnEmptyLineIsEndOfFile() throws {
        let harness = try EditorHarness()
        #expect(try harness.readLine(typing: [.controlD]) == .endOfFile)
    }

    @Test func ctrlRFindsAnOlderEntry() throws {
        let harness = try EditorHarness(
            .init(olderHistory: ["deploy production", "list services"], sessionHistory: ["echo hi"]))
        #expect(try harness.readLine(typing: [.controlR, .text("prod"), .enter]) == .line("deploy production"))
    }

    @Test func aContinuationPromptReadsTheNextPartOfALine() throws {
        let harness = try EditorHarness()
        #expect(try harness.readLine(typing: [.text("echo one \\"), .enter]) == .line("echo one \\"))
        #expect(try harness.readLine(prompt: "... ", typing: [.text("two"), .enter]) == .line("two"))
    }

    @Test func colourCodesInThePromptAreSentButTakeNoColumns() throws {
        let harness = try EditorHarness()
        try harness.startLine(prompt: "\u{1B}[1;36mshop\u{1B}[0m> ", visiblePrompt: "shop> ")
        try harness.terminal.waitFor("\u{1B}[1;36m", stripANSI: false)
        try harness.type([.text("abc"), .left, .text("X"), .enter])
        #expect(try harness.event() == .line("abXc"))
    }

    @Test func bindMinusVInTheEditrcGivesViKeys() throws {
        let directory = try TemporaryDirectory()
        let editrc = directory.path + "/.editrc"
        try "bind -v\n".write(toFile: editrc, atomically: true, encoding: .utf8)
        let harness = try EditorHarness(.init(editrc: .file(editrc)))
        // ESC leaves insert mode; 0 goes to the start, x deletes, A appends at the end.
        let event = try harness.readLine(typing: [.text("hello world"), .escape, .text("0xA!"), .enter])
        #expect(event == .line("ello world!"))
    }

    @Test func ctrlCInViCommandModeStillInterrupts() throws {
        let directory = try TemporaryDirectory()
        let editrc = directory.path + "/.editrc"
        try "bind -v\n".write(toFile: editrc, atomically: true, encoding: .utf8)
        let harness = try EditorHarness(.init(editrc: .file(editrc)))
        #expect(try harness.readLine(typing: [.text("abc"), .escape, .controlC]) == .interrupted)
    }

    @Test func theLineIsRedrawnWhenTheWindowIsResized() throws {
        let harness = try EditorHarness(.init(columns: 80))
        try harness.startLine()
        try harness.type([.text("resize me")])
        try harness.terminal.waitFor("resize me")
        try harness.terminal.resize(columns: 40, rows: 24)
        try harness.terminal.waitFor("> resize me", timeout: .seconds(2))
        try harness.type([.enter])
        #expect(try harness.event() == .line("resize me"))
    }

    @Test func closingTheTerminalEndsTheLine() throws {
        let harness = try EditorHarness()
        try harness.startLine()
        harness.terminal.close()
        #expect(try harness.event() == .endOfFile)
    }

    @Test func anEditorNeedsATerminal() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer { for descriptor in descriptors { close(descriptor) } }
        #expect(throws: LineEditorError.notATerminal(fileDescriptor: descriptors[0])) {
            _ = try LineEditor(input: descriptors[0], output: descriptors[1], editrc: .none)
        }
    }

    /// Whether the terminal's ISIG flag is on (Ctrl-C raises SIGINT).
    private func terminalGeneratesSignals(_ descriptor: Int32) throws -> Bool {
        var modes = termios()
        try #require(tcgetattr(descriptor, &modes) == 0)
        return modes.c_lflag & tcflag_t(ISIG) != 0
    }
}

/// A fresh directory under the system's temporary directory, removed on deinit.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "lineeditor-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Collects values from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func record(_ value: Value) { storage.withLock { $0.append(value) } }

    var values: [Value] { storage.withLock { $0 } }
}
