import ShopTestSupport
import Testing

/// `into int|float|string|date`: values, lists and fields of records converted, and the item
/// that cannot be named.
@Suite struct IntoTests {
    @Test(arguments: [
        ("['7', ' 007 ', -3.9, 4.10, true, null] | into int", "[7,7,-3,4,1,null]"),
        ("['1.50', '2', 3, false] | into float", "[1.50,2.0,3.0,0.0]"),
        ("[1, 2.50, true, [1]] | into string", #"["1","2.50","true","[1]"]"#),
        ("$releases | into date released eol | first | get eol", #""2010-04-30""#),
        ("$releases | into date released | get released", #"["2008-10-30","2006-06-01T10:00:00+02:00"]"#),
        ("[1768473000, 0.5] | into date", #"["2026-01-15T10:30:00","1970-01-01T00:00:00.5"]"#),
        ("'15 Jan 2026 2:30 PM' | into date --format '%d %b %Y %I:%M %p'", #""2026-01-15T14:30:00""#),
        (
            "'2026-01-15T10:30:00+03:00' | into date | into string --format '%A %e %B %Y'",
            #""Thursday 15 January 2026""#
        ),
    ])
    func intoConvertsValuesListsAndFields(pipeline: String, expected: String) async throws {
        let shop = try await ExploringFixture.session()
        #expect(await shop.run(pipeline) == expected + "\n")
    }

    @Test(arguments: [
        ("'2026-02-30' | into date", "error: into date: '2026-02-30' is not a date: February 2026 has 28 days, not 30"),
        (
            "$rows | into date released",
            "error: into date: item 2, field 'released': '2026-02-30' is not a date: February 2026 has 28 days, not 30"
        ),
        (
            "['2026-01-01', 'next week'] | into date",
            "error: into date: item 2: 'next week' is not an ISO 8601 date (such as 2026-01-15 or 2026-01-15T10:00:00Z); give --format for another layout"
        ),
        (
            "['15/01/2026', '2026-01-16'] | into date --format '%d/%m/%Y'",
            "error: into date: item 2: '2026-01-16' does not fit the format '%d/%m/%Y': expected '/' at '26-01-16'"
        ),
        ("'x' | into date --format '%d/%m'", "error: into date: the format '%d/%m' reads no year (use %Y, %y or %s)"),
        ("$rows | into date releasd", "error: into date: no field 'releasd' (did you mean 'released'?)"),
        ("[1, x] | into int", "error: into int: item 2: 'x' is not a whole number"),
        ("'1.5' | into int", "error: into int: '1.5' is not a whole number (into float reads it)"),
        ("[[1]] | into float", "error: into float: item 1: a list cannot be a number"),
    ])
    func badInputIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        try await ExploringFixture.expectOneLineError(line, expected)
    }
}
