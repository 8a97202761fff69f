import ShopTestSupport
import Testing

/// `join RIGHT --on FIELD` (inner, left, right and outer) and `join SEP` on plain values.
@Suite struct RelationalJoinTests {
    @Test(arguments: [
        (
            "$people | join $cities --on city_id --right-on id | select name city",
            #"[{"name":"Ann","city":"Lima"},{"name":"Cy","city":"Lima"},{"name":"Di","city":"Oslo"}]"#
        ),
        (
            "$people | join $cities --on city_id --right-on id --left | select name city",
            #"[{"name":"Ann","city":"Lima"},{"name":"Bo","city":null},{"name":"Cy","city":"Lima"},{"name":"Di","city":"Oslo"}]"#
        ),
        (
            "$people | join $cities --on city_id --right-on id --right | get city",
            #"["Lima","Lima","Oslo","Pune"]"#
        ),
        (
            "$people | join $cities --on city_id --right-on id --outer | select name id",
            #"[{"name":"Ann","id":2},{"name":"Bo","id":null},{"name":"Cy","id":2},{"name":"Di","id":1},{"name":null,"id":3}]"#
        ),
        (
            "$cities | join $cities --on id | first",
            #"{"id":1,"city":"Oslo","country":"NO","right_city":"Oslo","right_country":"NO"}"#
        ),
        (
            "$cities | join [{id: 3, pop: 7}, {id: 1.0, pop: 1}] --on id --right | select id city pop",
            #"[{"id":1,"city":"Oslo","pop":1},{"id":3,"city":"Pune","pop":7}]"#
        ),
        ("[a, b, null, 3] | join -", #""a-b--3""#),
        ("[a, b] | join", #""ab""#),
    ])
    func joinMatchesRecordsByAField(pipeline: String, expected: String) async throws {
        let shop = try await ExploringFixture.session()
        #expect(await shop.run(pipeline) == expected + "\n")
    }

    @Test(arguments: [
        ("$items | join hello --on id", "error: join: RIGHT must be a list of records, got a string"),
        ("$items | join [1, 2] --on id", "error: join: RIGHT must be a list of records; its item 1 is an int"),
        ("$items | join $tiers --on idd", "error: join: no field 'idd' (did you mean 'id'?)"),
        ("$items | join $tiers --on name", "error: join: RIGHT has no field 'name' (fields: id, tier)"),
        (
            "$items | join $tiers --on id --right-on tire",
            "error: join: RIGHT has no field 'tire' (did you mean 'tier'?)"
        ),
        ("$items | join $tiers --on id --left --outer", "error: join: choose one of --left, --right and --outer"),
        (
            "$items | join ', '",
            "error: join: item 1 is a record: 'join SEP' joins plain values into a string; to join records with another list, use 'join RIGHT --on FIELD'"
        ),
        (
            "$items | join $tiers",
            "error: join: to join with a list of records, name the field: 'join RIGHT --on FIELD'"
        ),
    ])
    func badInputIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        try await ExploringFixture.expectOneLineError(line, expected)
    }
}
