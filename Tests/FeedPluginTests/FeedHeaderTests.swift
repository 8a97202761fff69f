import ShopRendering
import ShopTestSupport
import ShopValues
import Testing

@testable import FeedPlugin

@Suite struct FeedHeaderTests {
    @Test(
        "the date line names the weekday and month of any day",
        arguments: [
            (CalendarDate(year: 2026, month: 1, day: 15), "THURSDAY, 15 JANUARY"),
            (CalendarDate(year: 2026, month: 1, day: 12), "MONDAY, 12 JANUARY"),
            (CalendarDate(year: 2000, month: 2, day: 29), "TUESDAY, 29 FEBRUARY"),
            (CalendarDate(year: 1999, month: 12, day: 31), "FRIDAY, 31 DECEMBER"),
            (CalendarDate(year: 1970, month: 1, day: 1), "THURSDAY, 1 JANUARY"),
            (CalendarDate(year: 1969, month: 12, day: 31), "WEDNESDAY, 31 DECEMBER"),
            (CalendarDate(year: 1900, month: 3, day: 1), "THURSDAY, 1 MARCH"),
            (CalendarDate(year: 2024, month: 12, day: 30), "MONDAY, 30 DECEMBER"),
            (CalendarDate(year: 2038, month: 1, day: 19), "TUESDAY, 19 JANUARY"),
            (CalendarDate(year: 2100, month: 3, day: 1), "MONDAY, 1 MARCH"),
            (CalendarDate(year: 2025, month: 6, day: 7), "SATURDAY, 7 JUNE"),
            (CalendarDate(year: 2027, month: 10, day: 31), "SUNDAY, 31 OCTOBER"),
        ])
    func dateLine(_ date: CalendarDate, _ expected: String) {
        #expect(FeedHeader.dateLine(for: date) == expected)
    }

    @Test(
        "the list's header follows the session clock",
        arguments: [
            ("2026-01-15T10:00:00Z", "THURSDAY, 15 JANUARY"),
            ("2026-01-12T23:59:59Z", "MONDAY, 12 JANUARY"),
            ("2024-02-29T00:00:00Z", "THURSDAY, 29 FEBRUARY"),
            ("2031-08-03T12:00:00Z", "SUNDAY, 3 AUGUST"),
        ])
    func headerFromClock(_ now: String, _ expected: String) async throws {
        let seconds = try #require(Timestamp.parse(now))
        let session = try TestSession(plugins: [FeedPlugin()], now: seconds)
        let lines = await session.run("feed").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map { $0.trimmingSuffixBlanks } == expected)
        #expect(
            lines.dropFirst().first.map { $0.trimmingSuffixBlanks } == "Today" + String(repeating: " ", count: 68)
                + "7 cards")
    }

    @Test("the header drops the card count when the width has no room for it")
    func narrowHeader() {
        let lines = FeedHeader.lines(date: FeedFixtures.today, cardCount: 7, width: 12, style: .plain)
        #expect(lines == ["THURSDAY, 1…", "Today       ", "            "])
    }
}

extension StringProtocol {
    /// The text without trailing spaces.
    var trimmingSuffixBlanks: String {
        var text = String(self)
        while text.last == " " { text.removeLast() }
        return text
    }
}
