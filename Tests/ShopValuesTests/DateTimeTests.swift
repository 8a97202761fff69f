import ShopFormats
import Testing

@testable import ShopValues

/// Dates read as ISO 8601 or by a strftime layout, without locales, kept with their offsets.
@Suite struct DateTimeTests {
    @Test(arguments: [
        ("2026-01-15", "2026-01-15", 1_768_435_200),
        ("2026-01-15T10:30", "2026-01-15T10:30:00", 1_768_473_000),
        ("2026-01-15 10:30:05", "2026-01-15T10:30:05", 1_768_473_005),
        ("2026-01-15T10:30:00Z", "2026-01-15T10:30:00Z", 1_768_473_000),
        ("2026-01-15T13:30:00+03:00", "2026-01-15T13:30:00+03:00", 1_768_473_000),
        ("2026-01-15T05:00:00-0530", "2026-01-15T05:00:00-05:30", 1_768_473_000),
        ("2026-01-15T10:30:00.250Z", "2026-01-15T10:30:00.25Z", 1_768_473_000),
        ("2026-01-15T00:00:00", "2026-01-15", 1_768_435_200),
        ("2026-01-15T00:00:00Z", "2026-01-15T00:00:00Z", 1_768_435_200),
        ("0001-01-01", "0001-01-01", -62_135_596_800),
        ("9999-12-31T23:59:59", "9999-12-31T23:59:59", 253_402_300_799),
    ])
    func isoTextIsReadAndWrittenBackInItsOffset(text: String, written: String, seconds: Int) throws {
        let date = try DateTime(iso: text)
        #expect(date.seconds == seconds)
        #expect(date.text == written)
        #expect(try DateTime(iso: date.text) == date)
        #expect(try DateTime(iso: date.text).offsetMinutes == date.offsetMinutes)
    }

    @Test(arguments: [
        ("2026-02-30", "'2026-02-30' is not a date: February 2026 has 28 days, not 30"),
        ("2024-02-30", "'2024-02-30' is not a date: February 2024 has 29 days, not 30"),
        ("2026-13-01", "'2026-13-01' is not a date: month 13 is not 1 to 12"),
        ("2026-01-15T24:00", "'2026-01-15T24:00' is not a date: hour 24 is not 0 to 23"),
        (
            "15/01/2026",
            "'15/01/2026' is not an ISO 8601 date (such as 2026-01-15 or 2026-01-15T10:00:00Z); give --format for another layout"
        ),
        (
            "2026-01-15T10:00:00+3",
            "'2026-01-15T10:00:00+3' is not an ISO 8601 date (such as 2026-01-15 or 2026-01-15T10:00:00Z); give --format for another layout"
        ),
        ("0000-12-31", "'0000-12-31' is not a date shop can hold: year 0 is not 1 to 9999"),
    ])
    func badISOTextSaysWhy(text: String, message: String) {
        #expect(throws: DateError.self) { try DateTime(iso: text) }
        do {
            _ = try DateTime(iso: text)
        } catch {
            #expect(error.description == message)
        }
    }

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

    @Test func datesAreEqualAsInstantsAndMoveByDurations() throws {
        let utc = try DateTime(iso: "2026-01-15T10:00:00Z")
        let moscow = try DateTime(iso: "2026-01-15T13:00:00+03:00")
        #expect(utc == moscow)
        #expect(Set([Value.date(utc), .date(moscow)]).count == 1)
        #expect(Value.date(utc).isEqual(to: "2026-01-15T10:00:00Z"))
        #expect(Value.date(utc).compare(to: "2026-01-16") == .orderedAscending)
        let later = try moscow.adding(.seconds(3 * 86_400 + 4 * 3600))
        #expect(later.text == "2026-01-18T17:00:00+03:00")
        #expect(later.duration(since: utc).shownText == "3d 4h")
        #expect(throws: DateError.self) { try utc.adding(.seconds(9000 * 366 * 86_400)) }
    }

    @Test(arguments: [
        (Duration.seconds(3 * 86_400 + 4 * 3600), "3d 4h", Number.int(273_600)),
        (.seconds(5400 + 5), "1h 30m 5s", .int(5405)),
        (.milliseconds(2500), "2.5s", .double(2.5)),
        (.milliseconds(250), "0.25s", .double(0.25)),
        (.seconds(-1.5 * 86_400), "-1d 12h", .int(-129_600)),
        (.zero, "0s", .int(0)),
        (.nanoseconds(1), "0.000000001s", .double(1e-9)),
    ])
    func durationsShowTheirUnitsAndWriteSeconds(duration: Duration, shown: String, seconds: Number) {
        #expect(duration.shownText == shown)
        #expect(duration.secondsNumber == seconds)
        #expect(Value.duration(duration).plainText == shown)
        #expect(JSONWriter.compact(.duration(duration)) == Value(seconds).plainText)
    }

    @Test func writersWriteDatesAsISOTextAndDurationsAsSeconds() throws {
        let date = try DateTime(iso: "2026-01-15T10:30:00+03:00")
        let row = Value.record(Record(pairs: [("at", .date(date)), ("took", .duration(.seconds(90)))]))
        #expect(JSONWriter.compact(row) == #"{"at":"2026-01-15T10:30:00+03:00","took":90}"#)
        #expect(try CSVWriter.text(.list([row])).get() == "at,took\n2026-01-15T10:30:00+03:00,90\n")
        #expect(Value.date(date).typeName == "date")
        #expect(Value.duration(.seconds(1)).describedType == "a duration")
    }

    @Test func sortingPutsDurationsAndDatesBetweenNumbersAndStrings() throws {
        let date = Value.date(try DateTime(iso: "2026-01-15"))
        let values: [Value] = ["x", date, .duration(.seconds(5)), 3, .null]
        #expect(values.sorted { $0.sortsBefore($1) } == [.null, 3, .duration(.seconds(5)), date, "x"])
    }
}
