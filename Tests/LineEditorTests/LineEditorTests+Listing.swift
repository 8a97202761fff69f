import Foundation
import ShopTestSupport
import Testing

@testable import LineEditor

/// Candidates listed with their descriptions, in columns that fit, a screenful at a time.
extension LineEditorTests {
    private func listing(_ candidates: [TabCompletionCandidate], columns: Int, rows: Int) throws -> EditorHarness {
        try EditorHarness(
            .init(
                completions: { request in
                    TabCompletion(
                        replacedCount: request.currentWord.count,
                        candidates: candidates.filter { $0.value.hasPrefix(request.currentWord) })
                }, columns: columns, rows: rows, usesColor: true))
    }

    @Test(arguments: sizes)
    func aListShowsEachCandidateWithItsDescriptionDimmed(size: (columns: Int, rows: Int)) throws {
        let harness = try listing(
            [
                TabCompletionCandidate("select", description: "Select a service 🧺"),
                TabCompletionCandidate("show", description: "Show one service"),
                TabCompletionCandidate("sort", description: "Order by fields 漢字"),
            ], columns: size.columns, rows: size.rows)
        try harness.startLine()
        try harness.type([.text("s"), .tab, .tab])
        let screen = try harness.waitForScreen("the listing") {
            $0.text.contains("Select a service") && $0.text.hasSuffix("> s")
        }
        #expect(screen.text.contains("select  Select a service 🧺"))
        #expect(screen.text.contains("Order by fields 漢字"))
        #expect(screen.styles(of: "Show one service")?.allSatisfy(\.isDim) == true)
        #expect(screen.styles(of: "show")?.allSatisfy { !$0.isDim } == true)
        try harness.type([.text("o"), .tab, .enter])
        #expect(try harness.event() == .line("sort "))
    }

    @Test func aUniqueCandidateCompletesAtOnce() throws {
        let harness = try listing(
            [TabCompletionCandidate("select", description: "Select a service")], columns: 40, rows: 20)
        #expect(try harness.readLine(typing: [.text("se"), .tab, .enter]) == .line("select "))
    }

    @Test func aListTallerThanTheScreenIsShownAPageAtATime() throws {
        let candidates = (1...60).map {
            TabCompletionCandidate(String(format: "item%02d", $0), description: "number \($0)")
        }
        let harness = try listing(candidates, columns: 40, rows: 20)
        try harness.startLine()
        try harness.type([.text("i"), .tab, .tab])
        var screen = try harness.waitForScreen("the first page") { $0.text.contains("more: Space") }
        #expect(screen.text.contains("item01  number 1"))
        #expect(!screen.text.contains("item60"))
        try harness.type([.text(" ")])
        screen = try harness.waitForScreen("the last page") {
            $0.text.contains("item60") && $0.text.hasSuffix("> item")
        }
        #expect(!screen.text.contains("more: Space"))
        try harness.type([.text("42"), .enter])
        #expect(try harness.event() == .line("item42"))
    }

    @Test func qStopsTheListAndTypingGoesOnInTheLine() throws {
        let candidates = (1...60).map { TabCompletionCandidate(String(format: "item%02d", $0)) }
        let harness = try listing(candidates, columns: 20, rows: 10)
        try harness.startLine()
        try harness.type([.text("i"), .tab, .tab])
        try harness.waitForScreen("the first page") { $0.text.contains("more: Space") }
        try harness.type([.text("q")])
        try harness.waitForScreen("the line again") { $0.text.hasSuffix("> item") && !$0.text.contains("more: Space") }
        try harness.type([.tab, .tab])
        try harness.waitForScreen("the first page again") { $0.text.contains("more: Space") }
        try harness.type([.text("0")])
        try harness.waitForScreen("the typed character") { $0.text.hasSuffix("> item0") }
        try harness.type([.text("7"), .enter])
        #expect(try harness.event() == .line("item07"))
    }
}
