import ShopRendering
import ShopTestSupport
import Testing

/// `date now|trunc|part` and `math` on dates and durations, in the fixed clock of tests
/// (2026-01-15T10:00:00Z, a Thursday).
@Suite struct DateVerbTests {
    @Test(arguments: [
        ("date now", #""2026-01-15T10:00:00Z""#),
        ("date", #""2026-01-15T10:00:00Z""#),
        ("date now | date trunc week", #""2026-01-12T00:00:00Z""#),
        ("date now | date part weekday", "4"),
        (
            "$releases | into date released | date trunc month released | get released",
            #"["2008-10-01","2006-06-01T00:00:00+02:00"]"#
        ),
        ("$releases | into date released | date part year released | get released", "[2008,2006]"),
        (
            "$releases | into date released eol | insert days $(math $it.eol - $it.released) | get days",
            "[47260800,157737600]"
        ),
        ("$releases | into date released | sort released | get version", #"["6.06","4.10"]"#),
        ("$releases | into date released | where released > 2007-01-01 | get version", #"["4.10"]"#),
        ("math $(date now) - $(date now | date trunc year)", "1245600"),
        ("math $(date now) + 1.5h", #""2026-01-15T11:30:00Z""#),
        ("math $(date now) - 30d - 12h", #""2025-12-15T22:00:00Z""#),
        ("math 3d / 2", "129600"),
        ("math 3d / 12h", "6.0"),
        ("math -(2h) + 1d", "79200"),
        ("math $(date now) - $(date now | date trunc year) | into int", "1245600"),
    ])
    func datesTruncatePartAndCompute(pipeline: String, expected: String) async throws {
        let shop = try await ExploringFixture.session()
        #expect(await shop.run(pipeline) == expected + "\n")
    }

    @Test func durationsAndDatesAreShownAsPeopleReadThem() async throws {
        let shop = try await ExploringFixture.session(format: .table)
        #expect(await shop.run("math $(date now) - $(date now | date trunc year)") == "14d 10h\n")
        #expect(await shop.run("date now") == "2026-01-15T10:00:00Z\n")
        #expect(await shop.run("math 90s") == "1m 30s\n")
        #expect(await shop.run("echo \"took $(math 1.5h)\"") == "took 1h 30m\n")
    }

    @Test(arguments: [
        ("math $('2026-01-15' | into date) + [1]", "error: math: cannot add a list to a date"),
        ("math $('2026-01-15' | into date) + $('2026-01-15' | into date)", "error: math: cannot add a date to a date"),
        ("math $('2026-01-15' | into date) * 2", "error: math: cannot multiply a date by an int"),
        (
            "math $('2026-01-15' | into date) + 9000000d",
            "error: math: '2026-01-15 + 9000000d' is not a date shop can hold: year 26667 is not 1 to 9999"
        ),
        (
            "'2026-01-15' | into date | date trunc fortnight",
            "error: date trunc: UNIT must be one of day, week, month, year, got 'fortnight'"
        ),
        ("'2026-01-15' | date part year", "error: date part: a string is not a date (into date reads text)"),
    ])
    func badInputIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        try await ExploringFixture.expectOneLineError(line, expected)
    }
}
