import ShopLanguage
import ShopPluginAPI
import ShopTestSupport
import ShopVerbs
import Testing

@testable import ServicesPlugin

@Suite struct LoadTests {
    @Test func theServicesShapeLoadsWithIntegerIdsAsText() async throws {
        let shop = try ServicesShop()
        try shop.write(errandsJSON, to: "errands.json")
        #expect(await shop.run("services load errands.json") == "loaded 3 services (services shape); 1 selected\n")
        #expect(
            await shop.session.json("services.items")
                == "[{\"id\":\"keys\",\"title\":\"Key cutting\",\"description\":null,\"price\":350,\"icon\":\"🔑\"},"
                + "{\"id\":\"shoes\",\"title\":\"Shoe repair\",\"description\":null,\"price\":1100,\"icon\":\"👞\"},"
                + "{\"id\":\"7\",\"title\":\"Trouser hemming\",\"description\":\"Any length.\",\"price\":600,"
                + "\"icon\":null}]")
        #expect(await shop.session.json("services.selected") == "[\"shoes\"]")
        #expect(
            await shop.run("services select 7; services confirm")
                == "✓ selected Trouser hemming (600 ₽) in place of Shoe repair\nSelected: Trouser hemming\n")
    }

    @Test func theListShapeBringsItsHeadingButtonAndConfirmWord() async throws {
        let shop = try ServicesShop()
        try shop.write(salonJSON, to: "salon.json")
        #expect(
            await shop.run("services load salon.json")
                == "loaded 3 services (\"Услуги\" list shape); selected the first of 2 marked isSelected (single mode)\n"
        )
        #expect(
            await shop.session.json("services.items")
                == "[{\"id\":\"101\",\"title\":\"Стрижка\",\"description\":\"С мытьём головы.\",\"price\":1200,"
                + "\"icon\":\"https://example.invalid/a-104.png\"},"
                + "{\"id\":\"102\",\"title\":\"Маникюр\",\"description\":null,\"price\":356,"
                + "\"icon\":\"https://example.invalid/b-52.png\"},"
                + "{\"id\":\"103\",\"title\":\"Окрашивание\",\"description\":null,\"price\":3500,\"icon\":null}]")
        #expect(await shop.session.json("services.selected") == "[\"102\"]")
        let list = await shop.run("services list").split(separator: "\n")
        #expect(list.first == "Услуги · 3 services · pick one")
        #expect(list.last == "✓ Маникюр · 356 ₽ — [ Выбрано ] services confirm")
        #expect(await shop.run("services confirm") == "Выбрано: Маникюр\n")
        await shop.run("services clear")
        #expect(
            await shop.run("services list").split(separator: "\n").last
                == "nothing selected — [ Выбрать ] services select ID")
    }

    @Test func inMultiModeEveryItemMarkedSelectedStartsSelected() async throws {
        let shop = try ServicesShop()
        try shop.write(salonJSON, to: "salon.json")
        await shop.run("services mode multi")
        #expect(await shop.run("services load salon.json") == "loaded 3 services (\"Услуги\" list shape); 2 selected\n")
        #expect(
            await shop.run("services confirm") == """
                Выбрано: Маникюр, Окрашивание
                2 services, 3 856 ₽ in total

                """)
    }

    @Test func loadingReplacesTheSelectionAndUndoBringsBothBack() async throws {
        let shop = try ServicesShop()
        try shop.write(errandsJSON, to: "errands.json")
        await shop.run("services select windows")
        let before = await shop.state()
        await shop.run("services load errands.json")
        #expect(await shop.state() != before)
        await shop.run("undo")
        #expect(await shop.state() == before)
    }

    @Test func aListShapeWithoutTitlesUsesTheDefaultWords() async throws {
        let shop = try ServicesShop()
        try shop.write(
            "{\"result\": {\"list\": [{\"id\": \"a\", \"title\": \"A\", \"price\": \"99 ₽\"}]}}", to: "bare.json")
        #expect(await shop.run("services load bare.json") == "loaded 1 service (list shape)\n")
        #expect(await shop.run("services select a; services confirm") == "✓ selected A (99 ₽)\nSelected: A\n")
    }

    @Test func unknownMembersAreSkippedAndNameOrTitleBothWork() async throws {
        let shop = try ServicesShop()
        try shop.write(
            """
            {"version": 2, "services": [{"id": "a", "title": "Alpha", "price": 10, "extra": [1, {"x": null}]},
              {"id": "b", "name": "Beta", "price": "1 500 ₽", "icon": {"10x10": "small", "20x20": "large"}}]}
            """, to: "mixed.json")
        #expect(await shop.run("services load mixed.json") == "loaded 2 services (services shape)\n")
        #expect(await shop.run("services list | get price") == "10\n1500\n")
        #expect(await shop.run("services show b | get icon") == "large\n")
    }

    @Test func anEmptyCatalogLoadsAndSaysSo() async throws {
        let shop = try ServicesShop()
        try shop.write("{\"services\": []}", to: "none.json")
        #expect(await shop.run("services load none.json") == "loaded 0 services (services shape)\n")
        #expect(
            await shop.run("services list")
                == "Services · 0 services · pick one\n(no services — load a catalog with 'services load FILE')\n")
        #expect(await shop.run("services select 1") == "error: no service at position 1: the catalog is empty\n")
    }

    @Test func aByteOrderMarkAndWindowsLineEndsAreFine() async throws {
        let shop = try ServicesShop()
        try FileSystem.writeAtomically(
            [0xEF, 0xBB, 0xBF]
                + Array("{\"services\": [\r\n{\"id\": \"a\", \"name\": \"A\", \"price\": 1}\r\n]}\r\n".utf8),
            to: shop.folder + "/bom.json")
        #expect(await shop.run("services load bom.json") == "loaded 1 service (services shape)\n")
    }

    @Test func escapedStringsAreDecoded() async throws {
        let shop = try ServicesShop()
        try shop.write(#"{"services": [{"id": "q\"1", "name": "Tab\there \u00e9", "price": 5}]}"#, to: "esc.json")
        #expect(await shop.run("services load esc.json") == "loaded 1 service (services shape)\n")
        #expect(
            await shop.session.json("services.items")
                == #"[{"id":"q\"1","title":"Tab\there é","description":null,"price":5,"icon":null}]"#)
    }

    @Test func controlCharactersFromAFileAreShownInert() async throws {
        let shop = try ServicesShop()
        try shop.write(#"{"services": [{"id": "x", "name": "Evil\u001b[31m red", "price": 5}]}"#, to: "evil.json")
        await shop.run("services load evil.json")
        let printed = await shop.run("services list; services select x; services show x")
        #expect(!printed.contains("\u{1B}"))
        #expect(printed.contains("Evil␛[31m red"))
    }

    @Test func aLargeUnsortedCatalogIsCheckedForDuplicatesToo() async throws {
        let shop = try ServicesShop()
        let ids = (0..<2000).map { ($0 * 7919) % 2000 }
        var items = ids.map { "{\"id\": \"s\($0)\", \"name\": \"Service \($0)\", \"price\": \($0)}" }
        items.append("{\"id\": \"s1234\", \"name\": \"Again\", \"price\": 1}")
        try shop.write("{\"services\": [\n" + items.joined(separator: ",\n") + "\n]}", to: "many.json")
        #expect(
            await shop.run("services load many.json")
                == "error: cannot load 'many.json': duplicate id 's1234' (the same as services[1886]) at services[2000].id "
                + "(line 2002, column 8)\n")
        items.removeLast()
        try shop.write("{\"services\": [\n" + items.joined(separator: ",\n") + "\n]}", to: "many.json")
        #expect(await shop.run("services load many.json") == "loaded 2 000 services (services shape)\n")
        #expect(await shop.run("services select s1999") == "✓ selected Service 1999 (1 999 ₽)\n")
    }
}
