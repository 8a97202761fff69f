import ShopTestSupport
import Testing

/// `--item NAME` on `each`, `insert`, `update` and `where`: the way an inner pipeline reaches
/// the outer item.
@Suite struct ItemNameTests {
    @Test func theInnerPipelinesItemIsItsOwnAndItemNamesTheOuterOne() async throws {
        let shop = try await ExploringFixture.session()
        // The trap: inside $( … ), where binds $it to each city, so $it.city_id reads the city's
        // field, not the person's.
        #expect(
            await shop.run("$people | insert city $($cities | where id == $it.city_id | get city | first) | get city")
                == "error: no field 'city_id' in $it (did you mean 'city'?)\n")
        #expect(
            await shop.run(
                "$people | where city_id < 9 | insert --item p city $($cities | where id == ${p.city_id} | get city | first) | get city"
            ) == #"["Lima","Lima","Oslo"]"# + "\n")
        #expect(
            await shop.run("$people | update --item p name \"${p.name} of ${p.city_id}\" | get name | first")
                == #""Ann of 2""# + "\n")
        #expect(
            await shop.run("$cities | each --item c echo $($people | where city_id == ${c.id} | count)")
                == #"["1","2","0"]"# + "\n")
        #expect(
            await shop.run("$cities | where --item c $($people | where city_id == ${c.id} | count) > 0 | get city")
                == #"["Oslo","Lima"]"# + "\n")
        // Names nest: the inner pipeline's own name and the outer one are both bound.
        #expect(
            await shop.run("[1, 2] | each --item a echo $([10, 20] | each --item b math $a * $b | join ,)")
                == #"["10,20","20,40"]"# + "\n")
    }

    @Test(arguments: [
        ("$items | each --item it echo x", "error: each: --item: 'it' is reserved; choose another name"),
        (
            "$items | where --item 9x id == 1",
            "error: where: --item takes a name for a variable (letters, digits, _), not '9x'"
        ),
    ])
    func badInputIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        try await ExploringFixture.expectOneLineError(line, expected)
    }
}
