import Foundation
import NewsPlugin
import Testing

@Suite struct NewsDateTests {
    @Test(arguments: [
        ("2026-01-14T00:00:00", "2026-01-14T00:00:00"),
        ("2026-01-14T09:30:15", "2026-01-14T09:30:15"),
        ("2026-01-14", "2026-01-14T00:00:00"),
        ("2026-01-14T09:30", "2026-01-14T09:30:00"),
        ("2026-01-14T09:30:15.123", "2026-01-14T09:30:15"),
        ("2026-01-14T23:30:00Z", "2026-01-14T23:30:00"),
        ("2026-01-14T23:30:00+03:00", "2026-01-14T23:30:00"),
        ("2024-02-29T12:00:00", "2024-02-29T12:00:00"),
        ("0042-03-05T01:02:03", "0042-03-05T01:02:03"),
        ("9999-12-31T23:59:59", "9999-12-31T23:59:59"),
        ("2026-01-14 09:30:15", "2026-01-14T09:30:15"), ("2026-06-30T23:59:60", "2026-06-30T23:59:60"),
    ])
    func theAPIFormatParsesAsACalendarDateTime(text: String, canonical: String) throws {
        let date = try #require(NewsDate(parsing: text))
        #expect(date.description == canonical)
    }

    @Test(arguments: [
        "", "yesterday", "2026-1-14", "2026-13-01T00:00:00", "2025-02-29", "2026-01-14T24:00:00", "2026-01-14T09",
        "2026-01-14T09:30:00 junk",
        // The API's 19-character form is read by a fast path: each of its checks once.
        "2025-02-29T00:00:00", "2026-01-14T09:60:00", "2026-01-14T09:30:61", "0000-01-14T09:30:00",
        "2026-0a-14T09:30:00", "2026-01-14T09:3 :00", "2026-01-14 09:30:0x", "2026/01/14T09:30:00",
    ])
    func anythingElseIsRejected(text: String) {
        #expect(NewsDate(parsing: text) == nil)
    }

    @Test(arguments: [
        ("2026-01-15T09:00:00", "Today"),
        ("2026-01-15T00:00:00", "Today"),
        ("2026-01-14T23:59:59", "Yesterday"),
        ("2026-01-13T12:00:00", "13 Jan 2026"),
        ("2025-12-31T12:00:00", "31 Dec 2025"),
    ])
    func dayLabelsAreRelativeToToday(text: String, label: String) throws {
        let today = try #require(NewsDate(parsing: "2026-01-15T10:00:00"))
        #expect(try #require(NewsDate(parsing: text)).dayLabel(today: today) == label)
    }

    @Test func datesPrintBackInTheAPIFormat() throws {
        #expect(try #require(NewsDate(parsing: "2026-01-14")).description == "2026-01-14T00:00:00")
    }
}
