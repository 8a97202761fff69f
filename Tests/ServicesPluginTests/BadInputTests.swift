import ShopLanguage
import ShopPluginAPI
import ShopTestSupport
import Testing

@testable import ServicesPlugin

/// Bad files and bad arguments: one clear error line, naming the file and the JSON path, and
/// the catalog and the selection exactly as they were.
@Suite struct BadInputTests {
    /// What is at the path a bad-file case loads.
    enum Content: Sendable, CustomStringConvertible {
        case nothing
        case folder
        case text(String)

        var description: String {
            switch self {
            case .nothing: "no file"
            case .folder: "a folder"
            case .text(let text): text.count > 60 ? String(text.prefix(60)) + "…" : text
            }
        }
    }

    static let deepArray = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    static let deepObject =
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1, \"extra\": "
        + String(repeating: "{\"k\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000) + "}]}"

    /// Prices a catalog refuses, as JSON, and what the error says of each.
    static let badPrices: [(json: String, problem: String)] = [
        ("\"1e3 ₽\"", "price '1e3 ₽' \(notAPrice)"), ("\"0x10 ₽\"", "price '0x10 ₽' \(notAPrice)"),
        ("\"12 ₽ 50 коп\"", "price '12 ₽ 50 коп' \(notAPrice)"), ("\"1 200,50 ₽\"", "price '1 200,50 ₽' \(notAPrice)"),
        ("\"- 500 ₽\"", "price '- 500 ₽' is negative"),
        ("\"1 000 000 000 001 ₽\"", "price '1 000 000 000 001 ₽' is more than 1 000 000 000 000 ₽"),
        ("1.5", "price 1.5 \(notWhole)"), ("1e3", "price 1e3 \(notWhole)"), ("-2.5E+1", "price -2.5E+1 \(notWhole)"),
        ("1000000000001", "price 1000000000001 is more than 1 000 000 000 000 ₽"),
        // A total of this and any other price overflowed (and showed as a negative number).
        ("9223372036854775807", "price 9223372036854775807 is more than 1 000 000 000 000 ₽"),
        ("99999999999999999999", "price 99999999999999999999 is more than 1 000 000 000 000 ₽"),
    ]
    static let notAPrice =
        "is not a price in whole roubles: expected digits in groups of three, then ₽, руб. or р. (such as \"1 500 ₽\")"
    static let notWhole = "is not written as whole roubles: expected digits only, such as 1500"
    static let badPriceFiles: [(name: String, content: Content, message: String)] = badPrices.map { price, problem in
        let json = "{\"result\": {\"list\": [{\"id\": 1, \"title\": \"A\", \"price\": \(price)}]}}"
        return (
            "price.json", .text(json),
            "cannot load 'price.json': \(problem) at result.list[0].price (line 1, column 55)"
        )
    }

    static let badFiles: [(name: String, content: Content, message: String)] = [
        ("missing.json", .nothing, "cannot read 'missing.json': no such file"),
        ("folder.json", .folder, "cannot read 'folder.json': is a folder"),
        ("empty.json", .text(""), "cannot load 'empty.json': the file is empty"),
        ("blank.json", .text(" \n\t\n"), "cannot load 'blank.json': the file is empty"),
        (
            "truncated.json",
            .text("{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1}, {\"id\": \"b\", \"na"),
            "cannot load 'truncated.json': unterminated string at services[1] (line 1, column 68)"
        ),
        (
            "cut.json", .text("{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1}"),
            "cannot load 'cut.json': unexpected end of JSON at services (line 1, column 51)"
        ),
        (
            "types.json", .text("{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": true}]}"),
            "cannot load 'types.json': expected a price (a whole number, or a string such as \"356 ₽\"), "
                + "found a boolean at services[0].price (line 1, column 49)"
        ),
        (
            "name.json", .text("{\"services\": [{\"id\": \"a\", \"name\": 5, \"price\": 1}]}"),
            "cannot load 'name.json': expected a string, found a number at services[0].name (line 1, column 35)"
        ),
        (
            "id.json", .text("{\"services\": [{\"id\": [1], \"name\": \"A\", \"price\": 1}]}"),
            "cannot load 'id.json': expected an id (a string or a whole number), found an array "
                + "at services[0].id (line 1, column 22)"
        ),
        (
            // A fuzz finding (Tests/Fuzz, FuzzCatalog): the fast scanner took the last of two names.
            "twice.json", .text("{\"services\": [{\"id\": \"a\", \"name\": \"e\", \"name\": \"B\", \"price\": 2}]}"),
            "cannot load 'twice.json': duplicate key 'name' at services[0] (line 1, column 40)"
        ),
        (
            "noid.json", .text("{\"services\": [{\"name\": \"A\", \"price\": 1}]}"),
            "cannot load 'noid.json': missing member 'id' at services[0] (line 1, column 40)"
        ),
        (
            "shape.json", .text("{\"items\": [{\"id\": \"a\"}], \"status\": \"ok\"}"),
            "cannot load 'shape.json': not a services catalog: expected a \"services\" list or a \"result\" object, "
                + "found 'items', 'status' (status 'ok') at the top level (line 1, column 1)"
        ),
        (
            "array.json", .text("[{\"id\": \"a\", \"name\": \"A\", \"price\": 1}]"),
            "cannot load 'array.json': not a services catalog: expected an object with a \"services\" list or a "
                + "\"result\" object, found an array at the top level (line 1, column 1)"
        ),
        (
            "both.json", .text("{\"services\": [], \"result\": {\"list\": []}}"),
            "cannot load 'both.json': not a services catalog: it has both a \"services\" list and a \"result\" "
                + "object; expected one of them at the top level (line 1, column 1)"
        ),
        (
            "nolist.json", .text("{\"status\": \"ok\", \"result\": {\"title\": \"Услуги\"}}"),
            "cannot load 'nolist.json': missing member 'list' at result (line 1, column 53)"
        ),
        (
            "duplicate.json",
            .text(
                "{\"services\": [\n{\"id\": \"a\", \"name\": \"A\", \"price\": 1},\n{\"id\": \"b\", \"name\": \"B\", "
                    + "\"price\": 2},\n{\"id\": \"a\", \"name\": \"C\", \"price\": 3}\n]}"),
            "cannot load 'duplicate.json': duplicate id 'a' (the same as services[0]) at services[2].id (line 4, column 8)"
        ),
        (
            // Canonically equivalent ids are the same id (é precomposed, then e and a combining accent).
            "equivalent.json",
            .text(
                "{\"services\": [{\"id\": \"\u{00E9}\", \"name\": \"A\", \"price\": 1}, "
                    + "{\"id\": \"e\u{0301}\", \"name\": \"B\", \"price\": 2}]}"),
            "cannot load 'equivalent.json': duplicate id 'e\u{0301}' (the same as services[0]) at services[1].id "
                + "(line 1, column 61)"
        ),
        (
            // -0 is the id "0" too; its bytes sort before "0", which once passed for sorted, unique ids.
            "zero.json",
            .text(
                "{\"services\": [{\"id\": -0, \"name\": \"A\", \"price\": 1}, {\"id\": 0, \"name\": \"B\", \"price\": 2}]}"
            ),
            "cannot load 'zero.json': duplicate id '0' (the same as services[0]) at services[1].id (line 1, column 59)"
        ),
        (
            "duplicate-list.json",
            .text(
                "{\"result\": {\"list\": [{\"id\": 1, \"title\": \"A\", \"price\": \"1 ₽\"}, "
                    + "{\"id\": \"1\", \"title\": \"B\", \"price\": \"2 ₽\"}]}}"),
            "cannot load 'duplicate-list.json': duplicate id '1' (the same as result.list[0]) at result.list[1].id "
                + "(line 1, column 72)"
        ),
        (
            "price.json",
            .text(
                "{\"status\": \"ok\", \"result\": {\"list\": [{\"id\": 1, \"title\": \"A\", \"price\": \"Бесплатно\"}]}}"
            ),
            "cannot load 'price.json': price 'Бесплатно' has no digits at result.list[0].price (line 1, column 71)"
        ),
        (
            "negative.json", .text("{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": -5}]}"),
            "cannot load 'negative.json': price -5 is negative at services[0].price (line 1, column 49)"
        ),
        (
            "deep-array.json", .text(deepArray),
            "cannot load 'deep-array.json': not a services catalog: expected an object with a \"services\" list or a "
                + "\"result\" object, found an array at the top level (line 1, column 1)"
        ),
        (
            "deep-services.json", .text("{\"services\": " + deepArray + "}"),
            "cannot load 'deep-services.json': expected a service (an object), found an array at services[0] "
                + "(line 1, column 15)"
        ),
        (
            "deep-object.json", .text(deepObject),
            "cannot load 'deep-object.json': nesting deeper than 256 levels at services[0].extra.k.k.k…(244 more)…"
                + ".k.k.k.k.k.k (line 1, column 1326)"
        ),
    ]

    @Test(arguments: badFiles + badPriceFiles)
    func aBadCatalogFileIsOneClearErrorAndChangesNothing(name: String, content: Content, message: String) async throws {
        let shop = try ServicesShop()
        switch content {
        case .nothing: break
        case .folder: FileSystem.createDirectory(shop.folder + "/" + name)
        case .text(let text): try shop.write(text, to: name)
        }
        await shop.run("services mode multi; services select windows; services select 3")
        let before = await shop.state()
        #expect(await shop.run("services load \(name)") == "error: \(message)\n")
        #expect(await shop.state() == before)
    }

    static let badArguments: [(command: String, message: String)] = [
        ("services select nope", "unknown service 'nope'"),
        ("services select wndows", "unknown service 'wndows' (did you mean 'windows'?)"),
        ("services select 0", "no service at position 0: positions run from 1 to 6"),
        ("services select 7", "no service at position 7: positions run from 1 to 6"),
        ("services select -1", "no service at position -1: positions run from 1 to 6"),
        ("services deselect 0", "no service at position 0: positions run from 1 to 6"),
        ("services toggle courrier", "unknown service 'courrier' (did you mean 'courier'?)"),
        ("services show 99", "no service at position 99: positions run from 1 to 6"),
        ("services mode triple", "services mode: MODE must be one of single, multi, got 'triple'"),
        ("services select", "services select: missing argument ID (usage: services select ID)"),
        ("services select 1 2", "services select: unexpected argument '2' (usage: services select ID)"),
        ("services pick 1", "unknown services command 'pick'"),
        ("toggle 1", "unknown command 'toggle'"),
    ]

    @Test(arguments: badArguments)
    func aBadArgumentIsOneClearErrorAndChangesNothing(command: String, message: String) async throws {
        let shop = try ServicesShop()
        await shop.run("services mode multi; services select 2")
        let before = await shop.state()
        #expect(await shop.run(command) == "error: \(message)\n")
        #expect(await shop.state() == before)
    }

    @Test func aFailingLoadInsideAPipelineStepChangesNothingEither() async throws {
        let shop = try ServicesShop()
        try shop.write("{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1}]}", to: "good.json")
        let before = await shop.state()
        #expect(
            await shop.run("services load good.json; services select nope")
                == "loaded 1 service (services shape)\nerror: unknown service 'nope'\n")
        await shop.run("undo")
        #expect(await shop.state() == before)
    }
}
