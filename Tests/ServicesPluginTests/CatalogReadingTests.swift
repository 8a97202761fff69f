import ShopKit
import Testing

@testable import ServicesPlugin

/// The fast scanner and the full decoder must agree on every file the scanner takes, and the
/// scanner must hand everything unusual to the decoder.
@Suite struct CatalogReadingTests {
    private func fast(_ text: String) -> Catalog? {
        Array(text.utf8).withUnsafeBufferPointer { FastCatalogScanner.scan($0, source: "f") }
    }

    private func decoded(_ text: String) throws -> Catalog {
        try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONError) in
            try CatalogDecoder.decode(buffer, source: "f")
        }
    }

    static let simpleFiles = [
        errandsJSON,
        "{\"services\":[]}",
        " {\n \"services\" : [ { \"id\" : \"a\" , \"name\" : \"A\" , \"price\" : 0 } ] } \n",
        "{\"services\": [{\"price\": 12, \"icon\": null, \"description\": \"d\", \"title\": \"T\", \"id\": -3}]}",
        "{\"services\": [{\"id\": \"x\", \"name\": \"N\", \"title\": \"T\", \"price\": 1, \"isSelected\": null}]}",
        "{\"services\": [{\"id\": \"é\", \"name\": \"Ünïcödé 🧽\", \"price\": 100000000000000000}]}",
        "{\"services\": [{\"id\": \"b\", \"name\": \"B\", \"price\": 1}, {\"id\": \"a\", \"name\": \"A\", \"price\": 2}]}",
    ]

    @Test(arguments: simpleFiles)
    func theScannerAndTheDecoderAgreeOnSimpleFiles(text: String) throws {
        let scanned = try #require(fast(text))
        let full = try decoded(text)
        #expect(scanned.items == full.items)
        #expect(scanned.preselected == full.preselected)
        #expect(scanned.info == full.info)
    }

    static let unusualFiles = [
        salonJSON,
        "{\"version\": 1, \"services\": []}",
        "{\"services\": [{\"id\": \"a\\\"b\", \"name\": \"A\", \"price\": 1}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1.5}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": \"1 ₽\"}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1, \"extra\": 1}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1, \"icon\": {\"52x52\": \"u\"}}]}",
        "{\"services\": [{\"id\": \"\", \"name\": \"A\", \"price\": 1}]}",
        "{\"services\": [{\"id\": 01, \"name\": \"A\", \"price\": 1}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": -1}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\"}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1}]} x",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1},]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\tB\", \"price\": 1}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1}",
        "{\"services\": [{}]}",
    ]

    @Test(arguments: unusualFiles)
    func theScannerLeavesAnythingUnusualToTheDecoder(text: String) {
        #expect(fast(text) == nil)
    }

    @Test func theScannerNotesWhetherIdsAreSortedASCII() throws {
        #expect(
            try #require(
                fast(
                    "{\"services\":[{\"id\":\"a\",\"name\":\"A\",\"price\":1},{\"id\":\"b\",\"name\":\"B\",\"price\":1}]}"
                )
            ).idsAreSortedASCII)
        #expect(
            try !#require(
                fast(
                    "{\"services\":[{\"id\":\"b\",\"name\":\"A\",\"price\":1},{\"id\":\"a\",\"name\":\"B\",\"price\":1}]}"
                )
            ).idsAreSortedASCII)
        #expect(
            try !#require(
                fast(
                    "{\"services\":[{\"id\":\"a\",\"name\":\"A\",\"price\":1},{\"id\":\"a\",\"name\":\"B\",\"price\":1}]}"
                )
            ).idsAreSortedASCII)
        #expect(try !#require(fast("{\"services\":[{\"id\":\"é\",\"name\":\"A\",\"price\":1}]}")).idsAreSortedASCII)
    }

    @Test func theScannerGivesBackPagesItHasRead() {
        let items = (0..<40_000).map { "{\"id\": \"s\(100_000 + $0)\", \"name\": \"Service\", \"price\": \($0)}" }
        let bytes = Array(("{\"services\": [" + items.joined(separator: ",\n") + "]}").utf8)
        var released: [Int] = []
        let catalog = bytes.withUnsafeBufferPointer {
            FastCatalogScanner.scan($0, source: "f", releaseStep: 1 << 16) { released.append($0) }
        }
        #expect(catalog?.items.count == 40_000)
        #expect(!released.isEmpty)
        #expect(released == released.sorted())
        #expect(released.allSatisfy { $0 < bytes.count })
    }

    @Test func iconsBySizeKeepTheLargestPicture() throws {
        let text = """
            {"result": {"list": [{"id": 1, "title": "A", "price": "1 ₽",
              "icon": {"52x52": "s", "208x208": "l", "104x104": "m", "big": "?"}}]}}
            """
        #expect(try Service(#require(decoded(text).items.first))?.icon == "l")
    }
}
