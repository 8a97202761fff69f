import ShopPluginAPI
import Synchronization
import Testing

@testable import PluginHost

@Suite struct ProgressLineTests {
    /// A terminal of `columns` that keeps what is written to it.
    final class Screen: TerminalSurface {
        let columns: Int
        let written = Mutex("")
        init(columns: Int = 80) { self.columns = columns }
        var size: (columns: Int, rows: Int) { (columns, 24) }
        func write(_ text: String) { written.withLock { $0 += text } }
        func waitForKey(seconds: Double) -> Bool { false }
        var text: String { written.withLock { $0 } }
    }

    @Test(
        arguments: [
            ("checking 3 codes", 0.4, 80, "promo: checking 3 codes 40%"),
            ("checking", nil, 80, "promo: checking"),
            (nil, 0.999, 80, "promo: 99%"),
            ("", 1.5, 80, "promo: 100%"),
            ("odd", -0.2, 80, "promo: odd 0%"),
            ("odd", Double.nan, 80, "promo: odd"),
            ("odd", Double.infinity, 80, "promo: odd"),
            ("red \u{1B}[31mtext\u{1B}[0m", nil, 80, "promo: red ␛[31mtext␛[0m"),
            ("a very long message that does not fit", 0.5, 20, "promo: a very long…"),
        ] as [(String?, Double?, Int, String)])
    func theLineNamesThePluginTheMessageAndThePercentage(
        message: String?, fraction: Double?, width: Int, line: String
    ) {
        #expect(ProgressLine.text(plugin: "promo", message: message, fraction: fraction, width: width) == line)
    }

    @Test func eachNoteRedrawsTheLineAndTheEndErasesIt() {
        let screen = Screen()
        let line = ProgressLine(terminal: screen, plugin: "promo")
        line.show(message: "one", fraction: nil)
        line.show(message: "two", fraction: 0.5)
        line.clear()
        line.clear()
        #expect(screen.text == "\r\u{1B}[2Kpromo: one\r\u{1B}[2Kpromo: two 50%\r\u{1B}[2K")
    }

    @Test func outputIsPrintedWhileTheLineIsAwayAndTheLineComesBack() {
        let screen = Screen()
        let line = ProgressLine(terminal: screen, plugin: "promo")
        line.printAbove { screen.write("before\n") }
        line.show(message: "busy", fraction: nil)
        line.printAbove { screen.write("during\n") }
        #expect(screen.text == "before\n\r\u{1B}[2Kpromo: busy\r\u{1B}[2Kduring\npromo: busy")
    }

    @Test func withoutATerminalNothingIsDrawnAndOutputStillPrints() {
        let line = ProgressLine(terminal: nil, plugin: "promo")
        var printed = false
        line.show(message: "busy", fraction: 0.1)
        line.printAbove { printed = true }
        line.clear()
        #expect(printed)
    }
}
