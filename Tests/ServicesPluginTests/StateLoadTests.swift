import ShopTestSupport
import Testing

@testable import ServicesPlugin

@Suite struct StateLoadTests {
    static let notAService =
        "is not a service {id: string, title: string, price: whole roubles from 0 to 1 000 000 000 000, …}"

    @Test func savedServicesStateLoadsBack() async throws {
        let shop = try ServicesShop()
        await shop.run("services mode multi; services select 2; services select 4")
        let saved = await shop.state()
        await shop.run("state save saved.json; services clear; services mode single")
        #expect(await shop.run("state load saved.json") == "loaded 4 keys from saved.json\n")
        #expect(await shop.state() == saved)
        #expect(
            await shop.run("services confirm")
                == "Selected: Wash and iron, Same-day courier\n2 services, 1 540 ₽ in total\n")
    }

    @Test(arguments: [
        ("services.items", "5", "invalid value for 'services.items': expected a list of services"),
        ("services.items", "[{\"id\": \"a\"}]", "invalid value for 'services.items': item 1 \(notAService)"),
        (
            "services.items", "[{\"id\": \"a\", \"title\": \"A\", \"price\": 1000000000001}]",
            "invalid value for 'services.items': item 1 \(notAService)"
        ),
        (
            "services.items",
            "[{\"id\": \"a\", \"title\": \"A\", \"price\": 1}, {\"id\": \"b\", \"title\": \"B\", \"price\": -1}]",
            "invalid value for 'services.items': item 2 \(notAService)"
        ),
        (
            "services.items",
            "[{\"id\": \"a\", \"title\": \"A\", \"price\": 1}, {\"id\": \"a\", \"title\": \"B\", \"price\": 2}]",
            "invalid value for 'services.items': id 'a' appears twice"
        ),
        ("services.selected", "[1]", "invalid value for 'services.selected': expected a list of service ids (strings)"),
        ("services.mode", "\"triple\"", "invalid value for 'services.mode': expected \"single\" or \"multi\""),
        (
            "services.catalog", "[]",
            "invalid value for 'services.catalog': expected a record such as {\"title\": \"Services\"}"
        ),
    ])
    func badValuesInAStateFileAreRefused(key: String, json: String, message: String) async throws {
        let shop = try ServicesShop()
        try shop.write("{\"shopState\": 1, \"values\": {\"\(key)\": \(json)}}", to: "bad.json")
        let before = await shop.state()
        #expect(await shop.run("state load bad.json") == "error: \(message)\n")
        #expect(await shop.state() == before)
    }

    @Test func aSelectionOfIdsTheCatalogLacksIsRefusedAndChangesNothing() async throws {
        let shop = try ServicesShop()
        try shop.write(
            "{\"shopState\": 1, \"values\": {\"services.selected\": [\"nosuch\", \"tutor\"]}}", to: "odd.json")
        let before = await shop.state()
        #expect(
            await shop.run("state load odd.json")
                == "error: invalid value for 'services.selected': no service has the id 'nosuch' in services.items\n")
        #expect(await shop.state() == before)
    }

    @Test func aSelectionIsCheckedAgainstTheCatalogLoadedWithIt() async throws {
        let shop = try ServicesShop()
        let catalog = #"[{"id": "a", "title": "A", "description": "", "price": 1, "icon": ""}]"#
        try shop.write(
            "{\"shopState\": 1, \"values\": {\"services.items\": \(catalog), \"services.selected\": [\"a\"]}}",
            to: "both.json")
        #expect(await shop.run("state load both.json") == "loaded 2 keys from both.json\n")
        #expect(await shop.run("services confirm") == "Selected: A\n")
    }
}
