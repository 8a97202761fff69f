import ShopRuntime
import ShopTestSupport
import Testing

@testable import ServicesPlugin

@Suite struct CompletionTests {
    private func complete(_ line: String, in shop: ServicesShop) async -> [String] {
        await shop.session.session.completionContext().complete(line).candidates
    }

    @Test(arguments: ["select", "deselect", "toggle", "show"])
    func idArgumentsCompleteServiceIds(verb: String) async throws {
        let shop = try ServicesShop()
        #expect(
            await complete("services \(verb) ", in: shop) == [
                "courier", "dogwalk", "laundry", "plumber", "tutor", "windows",
            ])
        #expect(await complete("services \(verb) d", in: shop) == ["dogwalk"])
        #expect(await complete("services \(verb) x", in: shop) == [])
    }

    @Test func completionFollowsALoadedCatalog() async throws {
        let shop = try ServicesShop()
        try shop.write(errandsJSON, to: "errands.json")
        await shop.run("services load errands.json")
        #expect(await complete("services select ", in: shop) == ["7", "keys", "shoes"])
        #expect(await complete("services toggle s", in: shop) == ["shoes"])
        await shop.run("undo")
        #expect(await complete("services toggle s", in: shop) == [])
    }

    @Test func modeAndLoadCompleteTheirWordsAndFiles() async throws {
        let shop = try ServicesShop()
        try shop.write(errandsJSON, to: "errands.json")
        #expect(await complete("services mode ", in: shop) == ["multi", "single"])
        #expect(await complete("services load err", in: shop) == ["errands.json"])
        #expect(await complete("services ", in: shop).contains("toggle"))
    }

    @Test func anUnsortedCatalogCompletesInIdOrder() async throws {
        let shop = try ServicesShop()
        let items = ["b2", "a1", "b1", "a2", "c"].map { "{\"id\": \"\($0)\", \"name\": \"\($0)\", \"price\": 1}" }
        try shop.write("{\"services\": [" + items.joined(separator: ",") + "]}", to: "mixed.json")
        await shop.run("services load mixed.json")
        #expect(await complete("services select b", in: shop) == ["b1", "b2"])
        #expect(await complete("services select ", in: shop) == ["a1", "a2", "b1", "b2", "c"])
    }
}
