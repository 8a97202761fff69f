import ShopFormats
import Testing

@testable import ShopValues

/// Dates read as ISO 8601, without locales, kept with their offsets.
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
