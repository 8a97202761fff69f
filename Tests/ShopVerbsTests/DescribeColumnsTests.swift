import ShopTestSupport
import Testing

/// `describe` and `columns` on lists of records and on one record.
@Suite struct DescribeColumnsTests {
    @Test func describeSummarizesEachFieldAndColumnsNamesThem() async throws {
        let shop = try await ExploringFixture.session()
        await shop.run("set mixed [{a: 1, b: x}, {a: 2.5}, {a: null, b: y, c: 2026-01-01}, {a: 1, b: 3}]")
        #expect(
            await shop.run("$mixed | describe")
                == #"[{"field":"a","types":"int|double","count":3,"nulls":1,"distinct":2,"min":1,"max":2.5,"mean":1.5},"#
                + #"{"field":"b","types":"string|int","count":3,"nulls":1,"distinct":3,"min":3,"max":"y","mean":null},"#
                + #"{"field":"c","types":"string","count":1,"nulls":3,"distinct":1,"min":"2026-01-01","max":"2026-01-01","mean":null}]"#
                + "\n")
        #expect(await shop.run("$mixed | columns") == #"["a","b","c"]"# + "\n")
        #expect(await shop.run("$mixed | first | columns") == #"["a","b"]"# + "\n")
        #expect(
            await shop.run(
                "$releases | into date released | describe | where field == released | first | select types min")
                == #"{"types":"date","min":"2006-06-01T10:00:00+02:00"}"# + "\n")
    }

    @Test(arguments: [
        (
            "[1, 2] | describe | where nosuch == 1",
            "error: where: no field 'nosuch' (fields: field, types, count, nulls, distinct, min, max, mean)"
        ),
        ("'text' | columns", "error: columns: expected a list of records or a record, got a string"),
    ])
    func badInputIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        try await ExploringFixture.expectOneLineError(line, expected)
    }
}
