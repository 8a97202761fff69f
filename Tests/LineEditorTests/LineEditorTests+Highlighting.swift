import Foundation
import ShopTestSupport
import Testing

@testable import LineEditor

/// Colour as you type: the highlighter's spans drawn on the line, never moving a character.
extension LineEditorTests {
    /// Colours a test line: its first word blue, quoted text yellow, digits magenta.
    static let testHighlighter: @Sendable (String) -> [StyledSpan] = { line in
        var spans: [StyledSpan] = []
        let bytes = Array(line.utf8)
        let firstBlank = bytes.firstIndex(of: UInt8(ascii: " ")) ?? bytes.count
        spans.append(StyledSpan(0..<firstBlank, TextStyle(foreground: .standard(4), isBold: true)))
        var quote: Int?
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\"") {
                if let start = quote {
                    spans.append(StyledSpan(start..<(offset + 1), TextStyle(foreground: .standard(3))))
                    quote = nil
                } else {
                    quote = offset
                }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), quote == nil {
                spans.append(StyledSpan(offset..<(offset + 1), TextStyle(foreground: .standard(5))))
            }
        }
        if let quote { spans.append(StyledSpan(quote..<bytes.count, TextStyle(foreground: .standard(1)))) }
        return spans
    }

    private func colouring(columns: Int, rows: Int, on: Bool = true) throws -> EditorHarness {
        try EditorHarness(
            .init(
                columns: columns, rows: rows, highlighter: on ? Self.testHighlighter : nil, usesColor: on))
    }

    @Test(arguments: sizes)
    func theLineIsColouredAsTypedWithoutMovingACharacter(size: (columns: Int, rows: Int)) throws {
        let harness = try colouring(columns: size.columns, rows: size.rows)
        try harness.startLine()
        try harness.type([.text("echo \"\(Self.emojiLine)\" 42")])
        let screen = try harness.waitForScreen("the line") { $0.row(0).hasSuffix("42") }
        #expect(screen.row(0) == "> echo \"\(Self.emojiLineOnScreen)\" 42")
        #expect(screen.styles(of: "echo")?.allSatisfy { $0.foreground == .indexed(4) && $0.isBold } == true)
        #expect(screen.styles(of: "漢字\"")?.allSatisfy { $0.foreground == .indexed(3) } == true)
        #expect(screen.styles(of: "42")?.allSatisfy { $0.foreground == .indexed(5) } == true)
        // The cursor is right after the text, where the next character lands.
        #expect(screen.cursor == (0, (screen.find("42")?.column ?? 0) + 2))
        try harness.type([.key(.left), .key(.left), .text("x"), .enter])
        #expect(try harness.event() == .line("echo \"\(Self.emojiLine)\" x42"))
    }

    @Test func anUnclosedQuoteIsColouredToTheEndAndTheColourFollowsTheEdit() throws {
        let harness = try colouring(columns: 40, rows: 20)
        try harness.startLine()
        try harness.type([.text("echo \"open 1")])
        var screen = try harness.waitForScreen("the open quote") { $0.row(0) == "> echo \"open 1" }
        #expect(screen.styles(of: "\"open 1")?.allSatisfy { $0.foreground == .indexed(1) } == true)
        try harness.type([.text("\"")])
        screen = try harness.waitForScreen("the closed quote") {
            $0.styles(of: "\"open 1\"")?.allSatisfy { $0.foreground == .indexed(3) } == true
        }
        try harness.type([.enter])
        #expect(try harness.event() == .line("echo \"open 1\""))
    }

    @Test(arguments: sizes)
    func aColouredLineLongerThanARowWrapsWhereThePlainOneWould(size: (columns: Int, rows: Int)) throws {
        let harness = try colouring(columns: size.columns, rows: size.rows)
        let words = (1...40).map { "w\($0)" }.joined(separator: " ")
        try harness.startLine()
        try harness.type([.text("echo \(words)")])
        let screen = try harness.waitForScreen("the wrapped line") { $0.text.hasSuffix("w40") }
        let expected = Array("> echo \(words)")
        let rows = stride(from: 0, to: expected.count, by: size.columns).map { start in
            var row = String(expected[start..<min(start + size.columns, expected.count)])
            while row.last == " " { row.removeLast() }
            return row
        }
        #expect(screen.text == rows.joined(separator: "\n"))
        #expect(screen.styles(of: "w40")?.last?.foreground == .indexed(5))
        try harness.type([.enter])
        #expect(try harness.event() == .line("echo \(words)"))
    }

    @Test func aLineLongerThanTheScreenShowsItsEndAndReturnsWhole() throws {
        let harness = try colouring(columns: 40, rows: 20)
        let line = "echo " + String(repeating: "0123456789", count: 100)
        try harness.startLine()
        try harness.type([.text(line)])
        let screen = try harness.waitForScreen("the end of the line") {
            $0.cursor == (19, 7) && $0.row(19) == "3456789"
        }
        #expect(screen.row(0).count == 40)
        try harness.type([.key(.controlA), .text("#")])
        try harness.waitForScreen("the start of the line") { $0.row(0).hasPrefix("> #echo") }
        try harness.type([.enter])
        #expect(try harness.event() == .line("#" + line))
    }

    @Test func withoutAHighlighterTheLineIsPlain() throws {
        let harness = try colouring(columns: 40, rows: 20, on: false)
        try harness.startLine()
        try harness.type([.text("echo 42")])
        let screen = try harness.waitForScreen("the line") { $0.row(0) == "> echo 42" }
        #expect(screen.styles(of: "echo 42")?.allSatisfy(\.isPlain) == true)
        try harness.type([.enter])
        #expect(try harness.event() == .line("echo 42"))
    }
}
