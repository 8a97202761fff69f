import ShopValues
import Testing

@testable import ShopVerbs

/// Dates read and written by a strftime layout, without locales, and cut or taken apart on
/// their own clock (`into date --format`, `into string --format`, `date trunc`, `date part`).
@Suite struct DateFormatTests {
    @Test(arguments: [
        ("%d/%m/%Y", "15/01/2026", "2026-01-15"),
        ("%d/%m/%y %H:%M", "15/01/26 14:30", "2026-01-15T14:30:00"),
        ("%e %b %Y", " 5 Jan 2026", "2026-01-05"),
        ("%B %d, %Y", "january 05, 2026", "2026-01-05"),
        ("%a %d %b %Y %I:%M %p", "Thu 15 Jan 2026 02:30 PM", "2026-01-15T14:30:00"),
        ("%Y-%m-%dT%H:%M:%S%z", "2026-01-15T10:00:00+0300", "2026-01-15T10:00:00+03:00"),
        ("%F %T %Z", "2026-01-15 10:00:00 UTC", "2026-01-15T10:00:00Z"),
        ("%Y-%j", "2024-060", "2024-02-29"),
        ("%s", "1768473000", "2026-01-15T10:30:00"),
        ("%Y%m%d", "20260115", "2026-01-15"),
        ("%H:%M:%S.%f %d.%m.%Y", "10:00:00.5 15.01.2026", "2026-01-15T10:00:00.5"),
        ("%Y-%m", "2026-03", "2026-03-01"),
        ("%m/%d/%Y", "1/5/2026", "2026-01-05"),
    ])
    func aFormatReadsItsLayout(format: String, text: String, written: String) throws {
        #expect(try DateFormat(format).read(text).text == written)
    }

    @Test(arguments: [
        ("%d/%m/%Y", "15-01-2026", "'15-01-2026' does not fit the format '%d/%m/%Y': expected '/' at '-01-2026'"),
        ("%d/%m/%Y", "15/01/26", "'15/01/26' does not fit the format '%d/%m/%Y': expected a year of 4 digits at '26'"),
        ("%d/%m/%Y", "30/02/2026", "'30/02/2026' is not a date: February 2026 has 28 days, not 30"),
        (
            "%d/%m/%Y", "15/01/2026 x",
            "'15/01/2026 x' does not fit the format '%d/%m/%Y': expected the end of the text at ' x'"
        ),
        (
            "%d %b %Y", "15 Foo 2026",
            "'15 Foo 2026' does not fit the format '%d %b %Y': expected the name of a month at 'Foo 2026'"
        ),
        ("%a %F", "Mon 2026-01-15", "'Mon 2026-01-15' is not a date: 2026-01-15 is a Thursday, not a Monday"),
        ("%d/%m/%Y", "", "'' does not fit the format '%d/%m/%Y': expected a day at the end"),
    ])
    func textThatDoesNotFitNamesThePlace(format: String, text: String, message: String) throws {
        let layout = try DateFormat(format)
        do {
            _ = try layout.read(text)
            Issue.record("\(text) was read")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        ("%d/%m", "the format '%d/%m' reads no year (use %Y, %y or %s)"),
        ("%Y %Q", "the format '%Y %Q' has '%Q', which shop does not read"),
        ("%Y %", "the format '%Y %' ends with a lone '%'"),
    ])
    func aFormatShopCannotReadIsRefused(format: String, message: String) {
        do {
            _ = try DateFormat(format)
            Issue.record("\(format) was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aFormatWritesItsLayout() throws {
        let date = try DateTime(iso: "2026-01-05T14:03:09.5+03:00")
        #expect(try DateFormat("%A %e %B %Y, %I:%M %p %z").write(date) == "Monday  5 January 2026, 02:03 PM +0300")
        #expect(
            try DateFormat("%F %T.%f %Z %j %a %b %y %s").write(date)
                == "2026-01-05 14:03:09.500000000 +03:00 005 Mon Jan 26 1767610989")
    }

    @Test(arguments: [
        ("2026-01-15T10:30:00+03:00", DateUnit.day, "2026-01-15T00:00:00+03:00"),
        ("2026-01-15T10:30:00", .week, "2026-01-12"),
        ("2026-01-11T10:30:00", .week, "2026-01-05"),
        ("2026-01-12", .week, "2026-01-12"),
        ("2026-03-15T10:30:00Z", .month, "2026-03-01T00:00:00Z"),
        ("2026-03-15T10:30:00", .year, "2026-01-01"),
        ("2026-01-01T01:00:00+02:00", .year, "2026-01-01T00:00:00+02:00"),
    ])
    func truncationCutsOnTheDatesOwnClock(text: String, unit: DateUnit, expected: String) throws {
        #expect(try DateTime(iso: text).truncated(to: unit).text == expected)
    }

    @Test func partsAreOnTheDatesOwnClockAndWeekdaysStartOnMonday() throws {
        let date = try DateTime(iso: "2026-01-18T23:30:00-02:00")
        #expect(date.part(.year) == 2026)
        #expect(date.part(.day) == 18)
        #expect(date.part(.hour) == 23)
        #expect(date.part(.weekday) == 7)
        #expect(try DateTime(iso: "2026-01-19").part(.weekday) == 1)
    }
}
