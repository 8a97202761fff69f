import ShopRuntime
import ShopState
import ShopTestSupport
import ShopValues
import Testing

@testable import ServicesPlugin

@Suite struct CatalogIndexTests {
    private func items(_ ids: [String]) -> ValueList {
        ValueList(ids.map { Service(id: $0, title: $0.uppercased(), price: 1).value })
    }

    @Test func positionsAreFoundByIdAndDuplicatesReported() {
        let index = CatalogIndex(items: items(["b", "a", "c", "a"]))
        #expect(index.position(of: "c") == 2)
        #expect(index.position(of: "z") == nil)
        #expect(index.firstDuplicate()?.id == "a")
        #expect(index.firstDuplicate()?.first == 1)
        #expect(index.firstDuplicate()?.second == 3)
    }

    @Test func sortedASCIIIdsAreFoundWithoutATable() {
        let ids = (0..<500).map { "svc-\(1000 + $0)" }
        let index = CatalogIndex(items: items(ids), idsAreSortedASCII: true)
        for (position, id) in ids.enumerated() {
            #expect(index.position(of: id) == position)
        }
        #expect(index.position(of: "svc-0999") == nil)
        #expect(index.position(of: "svc-1500") == nil)
        #expect(index.position(of: "svc-12") == nil)
        #expect(index.position(of: "") == nil)
        #expect(index.firstDuplicate() == nil)
        #expect(index.ids(startingWith: "svc-149", limit: 3) == ["svc-1490", "svc-1491", "svc-1492"])
    }

    @Test func aQueryCanonicallyEqualToAnIdFindsIt() {
        let sorted = CatalogIndex(items: items(["A", "K", "Z"]), idsAreSortedASCII: true)
        #expect(sorted.position(of: "\u{212A}") == 1)
        let unsorted = CatalogIndex(items: items(["Z", "K", "A"]))
        #expect(unsorted.position(of: "\u{212A}") == 1)
    }

    @Test func idsByPrefixComeSortedAndLimited() {
        let index = CatalogIndex(items: items((0..<1000).reversed().map { "svc-\($0)" }))
        #expect(index.ids(startingWith: "svc-99", limit: 5) == ["svc-99", "svc-990", "svc-991", "svc-992", "svc-993"])
        #expect(index.ids(startingWith: "", limit: 2) == ["svc-0", "svc-1"])
        #expect(index.ids(startingWith: "x", limit: 5) == [])
    }

    @Test func idsSortByTheirBytesAlsoWhenTheyShareMoreThanSixteen() {
        let ids = [
            "a-very-long-common-prefix-2", "a-very-long-common-prefix-10", "b", "a", "ä", "a-very-long-common-prefix-1",
            "Z", "svc-10", "svc-9", "😀", "a-very-long-common-prefix",
        ]
        let list = items(ids)
        #expect(
            IDOrder.sortedPositions(of: list).map { ids[Int($0)] } == [
                "Z", "a", "a-very-long-common-prefix", "a-very-long-common-prefix-1", "a-very-long-common-prefix-10",
                "a-very-long-common-prefix-2", "b", "svc-10", "svc-9", "ä", "😀",
            ])
        #expect(
            CatalogIndex(items: list).ids(startingWith: "a-very-long-common-prefix-", limit: 10) == [
                "a-very-long-common-prefix-1", "a-very-long-common-prefix-10", "a-very-long-common-prefix-2",
            ])
    }

    @Test func theStoreKeepsOneIndexPerCatalogAndUndoBringsItBack() throws {
        let store = StateStore(declarations: ServicesKeys.declarations)
        let embedded = try store.model(ServicesKeys.items)
        #expect(try store.model(ServicesKeys.items) === embedded)
        store.beginChange(label: "services load a.json")
        try store.set(ServicesKeys.items, to: CatalogIndex(items: items(["a"])), by: "services")
        store.commitChange()
        #expect(try store.model(ServicesKeys.items) !== embedded)
        #expect(store.undo() == "services load a.json")
        #expect(try store.model(ServicesKeys.items) === embedded)
    }

    @Test func twoSessionsSharingAPluginKeepTheirOwnCatalogs() async throws {
        let plugin = ServicesPlugin()
        let one = try ServicesShop(plugin: plugin)
        let two = try ServicesShop(plugin: plugin)
        try one.write("{\"services\": [{\"id\": \"a\", \"name\": \"Alpha\", \"price\": 1}]}", to: "a.json")
        try two.write(
            "{\"services\": [{\"id\": \"a\", \"name\": \"Other\", \"price\": 2}, {\"id\": \"b\", \"name\": \"B\", \"price\": 3}]}",
            to: "b.json")
        await one.run("services load a.json")
        await two.run("services load b.json")
        #expect(await one.run("services select a") == "✓ selected Alpha (1 ₽)\n")
        #expect(await two.run("services select a") == "✓ selected Other (2 ₽)\n")
        #expect(await two.run("services select b") == "✓ selected B (3 ₽) in place of Other\n")
        #expect(await one.run("services select b") == "error: unknown service 'b' (did you mean 'a'?)\n")
        let completion = await one.session.session.completionContext().complete("services select ").candidates
        #expect(completion == ["a"])
    }

    @Test func sessionsRunningAtOnceShareTheCacheSafely() async throws {
        let plugin = ServicesPlugin()
        await withThrowingTaskGroup(of: String.self) { group in
            for number in 0..<8 {
                group.addTask {
                    let shop = try ServicesShop(plugin: plugin)
                    let items = (0..<200).map {
                        "{\"id\": \"s\(number)-\($0)\", \"name\": \"S\($0)\", \"price\": \($0)}"
                    }
                    try shop.write("{\"services\": [" + items.joined(separator: ",") + "]}", to: "c.json")
                    await shop.run("services load c.json; services mode multi")
                    for item in stride(from: 0, to: 200, by: 7) { await shop.run("services toggle s\(number)-\(item)") }
                    return await shop.run("services confirm | get count")
                }
            }
            var results: [String] = []
            while let result = try? await group.next() { results.append(result) }
            #expect(results == Array(repeating: "29\n", count: 8))
        }
    }
}
