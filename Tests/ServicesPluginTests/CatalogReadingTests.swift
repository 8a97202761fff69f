import ShopFormats
import ShopPluginAPI
import ShopValues
import Testing

@testable import ServicesPlugin

/// The general JSON reader (through ``CatalogTable``) and the full decoder must agree on every
/// catalog the table takes, and the table must leave everything unusual to the decoder.
@Suite struct CatalogReadingTests {
    private func table(_ text: String) throws -> Catalog? {
        CatalogTable.catalog(from: try Value(json: text), source: "f")
    }

    private func decoded(_ text: String) throws -> Catalog {
        try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONError) in
            try CatalogDecoder.decode(buffer, source: "f")
        }
    }

    /// A catalog of ten services (enough for the reader to make a table); `item(n)` writes the
    /// `n`th.
    private static func catalog(_ item: (Int) -> String) -> String {
        "{\"services\": [\n" + (0..<10).map(item).joined(separator: ",\n") + "\n]}\n"
    }

    static let commonCatalogs = [
        catalog { "{\"id\": \"s\($0)\", \"name\": \"Service \($0)\", \"price\": \($0 * 100)}" },
        catalog { "{\"price\": 12, \"icon\": null, \"description\": \"d\", \"title\": \"T\", \"id\": \"\($0)\"}" },
        catalog { "{\"id\": \"x\($0)\", \"name\": \"N\", \"isSelected\": \($0 % 3 == 0), \"price\": 1}" },
        catalog { "{\"id\": \"é\($0)\", \"name\": \"Ünïcödé 🧽\", \"price\": 1000000000000, \"icon\": \"🧽\"}" },
        catalog { "{\"id\": \"\(9 - $0)\", \"name\": \"B\", \"price\": 1, \"extra\": [1, 2]}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\\\"\\u00e9\\n\", \"price\": 1, \"description\": null}" },
    ]

    @Test(arguments: commonCatalogs)
    func theTableAndTheDecoderAgreeOnCommonCatalogs(text: String) throws {
        let read = try #require(try table(text))
        let full = try decoded(text)
        #expect(read.items == full.items)
        #expect(read.preselected == full.preselected)
        #expect(read.info == full.info)
    }

    /// A title with `special` at every offset of the 8-byte words the reader reads at once.
    static let titlesWithOneSpecialByte = ["\\\"", "\\\\", "\\t", "\t", "\u{01}", "\u{1F}", " ", "é", "🧽", "\u{7F}"]
        .flatMap {
            special in (0..<18).map { offset in String(repeating: "x", count: offset) + special + "yz" }
        }

    @Test(arguments: titlesWithOneSpecialByte)
    func aSpecialByteAnywhereInAStringIsReadAsTheDecoderReadsIt(title: String) throws {
        let text = Self.catalog { "{\"id\": \"a\($0)\", \"name\": \"\(title)\", \"price\": 1}" }
        let isValidJSON = !title.unicodeScalars.contains { $0.value < 0x20 }
        #expect(((try? table(text)) != nil) == isValidJSON)
        if isValidJSON { #expect(try table(text)?.items == decoded(text).items) }
    }

    static let unusualCatalogs = [
        salonJSON,
        "{\"version\": 1, \"services\": []}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1}]}",
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"price\": 1.5}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"price\": 1e3}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"price\": 1000000000001}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"price\": \"1 ₽\"}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"price\": 1, \"icon\": {\"52x52\": \"u\"}}" },
        catalog { "{\"id\": \"\($0 == 4 ? "" : "a\($0)")\", \"name\": \"A\", \"price\": 1}" },
        catalog { "{\"id\": \($0), \"name\": \"A\", \"price\": 1}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"price\": -1}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\"\($0 == 9 ? "" : ", \"price\": 1")}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"title\": \"T\", \"price\": 1}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \($0 == 3 ? "null" : "\"A\""), \"price\": 1}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"price\": 1, \"isSelected\": \($0 == 2 ? "1" : "true")}" },
        catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"price\": 1}" } + " x",
        catalog { "{\"id\": \"s\($0 / 2)\", \"name\": \"A\", \"price\": 1}" },
        catalog { "{\"id\": \"\($0 == 4 ? "cafe\u{301}0" : "caf\u{E9}\($0)")\", \"name\": \"A\", \"price\": 1}" },
        "{\"result\": 1, " + catalog { "{\"id\": \"a\($0)\", \"name\": \"A\", \"price\": 1}" }.dropFirst(),
    ]

    @Test(arguments: unusualCatalogs)
    func theTableLeavesAnythingUnusualToTheDecoder(text: String) {
        #expect((try? table(text)) ?? nil == nil)
    }

    @Test func theTableNotesWhetherIdsAreSortedASCII() throws {
        #expect(
            try #require(try table(Self.catalog { "{\"id\": \"s\($0)\", \"name\": \"A\", \"price\": 1}" }))
                .idsAreSortedASCII)
        #expect(
            try !#require(try table(Self.catalog { "{\"id\": \"s\(9 - $0)\", \"name\": \"A\", \"price\": 1}" }))
                .idsAreSortedASCII)
        #expect(
            try !#require(try table(Self.catalog { "{\"id\": \"é\($0)\", \"name\": \"A\", \"price\": 1}" }))
                .idsAreSortedASCII)
    }

    @Test func aCatalogWithRepeatedIdsIsLeftToTheDecoderWhichNamesTheRepeat() async throws {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "services-read", environment: [:])
        defer { FileSystem.removeTree(folder) }
        let text = Self.catalog { "{\"id\": \"s\($0 == 7 ? 2 : $0)\", \"name\": \"A\", \"price\": 1}" }
        try FileSystem.writeAtomically(Array(text.utf8), to: folder + "/c.json")
        await #expect {
            _ = try await CatalogLoader.load(path: folder + "/c.json", name: "c.json")
        } throws: { error in
            "\(error)".contains("duplicate id 's2'")
        }
    }

    @Test func iconsBySizeKeepTheLargestPicture() throws {
        let text = """
            {"result": {"list": [{"id": 1, "title": "A", "price": "1 ₽",
              "icon": {"52x52": "s", "208x208": "l", "104x104": "m", "big": "?"}}]}}
            """
        #expect(try Service(#require(decoded(text).items.first))?.icon == "l")
    }
}
