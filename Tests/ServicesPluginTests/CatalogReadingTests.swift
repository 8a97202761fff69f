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

    @Test func theScannerGivesBackTheBytesItHasRead() {
        let items = (0..<40_000).map { "{\"id\": \"s\(100_000 + $0)\", \"name\": \"Service\", \"price\": \($0)}" }
        let bytes = Array(("{\"services\": [" + items.joined(separator: ",\n") + "]}").utf8)
        var released: [Range<Int>] = []
        let catalog = bytes.withUnsafeBufferPointer {
            FastCatalogScanner.scan($0, source: "f", releaseStep: 1 << 16) { released.append($0) }
        }
        #expect(catalog?.items.count == 40_000)
        #expect(!released.isEmpty)
        #expect(zip(released, released.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound })
        #expect(released.allSatisfy { $0.upperBound < bytes.count })
    }

    /// A catalog written to a file, as `services load` maps it.
    private func mapped(_ text: String) throws -> MappedFile {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "services-scan", environment: [:])
        defer { FileSystem.removeTree(folder) }
        try FileSystem.writeAtomically(Array(text.utf8), to: folder + "/c.json")
        return try MappedFile(path: folder + "/c.json")
    }

    /// 20,000 services; `item` writes one.
    private func largeCatalog(_ item: (Int) -> String) -> String {
        "{\"services\": [\n" + (0..<20_000).map(item).joined(separator: ",\n") + "\n]}\n"
    }

    /// The parallel scan in four parts, for files of any size.
    private func parallelScan(_ file: MappedFile) async -> Catalog? {
        await ParallelCatalogScan.scan(file, source: "c", parts: 4, minimumParallelBytes: 0)
    }

    @Test func theParallelScanReadsTheSameCatalogAsOnePass() async throws {
        let text = largeCatalog { number in
            "{\"id\": \"svc-\(1_000_000 + number)\", \"name\": \"Service number \(number) with a longer title\", "
                + "\"price\": \(number % 5000), \"icon\": \"🧽\", \"isSelected\": \(number % 5000 == 7)}"
        }
        let file = try mapped(text)
        let parallel = try #require(await parallelScan(file))
        let single = try #require(FastCatalogScanner.scan(file.bytes, source: "c"))
        #expect(parallel.items == single.items)
        #expect(parallel.preselected == ["svc-1000007", "svc-1005007", "svc-1010007", "svc-1015007"])
        #expect(parallel.preselected == single.preselected)
        #expect(parallel.idsAreSortedASCII && single.idsAreSortedASCII)
    }

    @Test func aCutPointInsideAStringDoesNotFoolTheParallelScan() async throws {
        // Every title looks like the boundary between two items.
        let text = largeCatalog { number in
            "{\"id\": \"\(number)\", \"name\": \"a}, {b}  ,  {c}, {\", \"price\": \(number)}"
        }
        let file = try mapped(text)
        let parallel = try #require(await parallelScan(file))
        #expect(parallel.items.count == 20_000)
        #expect(parallel.items == FastCatalogScanner.scan(file.bytes, source: "c")?.items)
        #expect(!parallel.idsAreSortedASCII)
    }

    @Test func aPartStopsExactlyAtTheNextPartsStartAndTheTwoMakeTheWhole() throws {
        let text =
            "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1}, {\"id\": \"b\", \"name\": \"B}, {\", "
            + "\"price\": 2},\n {\"id\": \"c\", \"name\": \"C\", \"price\": 3}]}"
        let bytes = Array(text.utf8)
        let second = try #require(text.utf8.firstRange(of: "{\"id\": \"b\"".utf8)).lowerBound
        let third = try #require(text.utf8.firstRange(of: "{\"id\": \"c\"".utf8)).lowerBound
        let realStart = text.utf8.distance(from: text.utf8.startIndex, to: third)
        try bytes.withUnsafeBufferPointer { buffer in
            let afterFirst = text.utf8.distance(from: text.utf8.startIndex, to: second)
            #expect(FastCatalogScanner.likelyItemStart(after: 20, in: buffer, within: 1000) == afterFirst)
            let inString = try #require(
                FastCatalogScanner.likelyItemStart(after: afterFirst + 1, in: buffer, within: 1000))
            #expect(inString < realStart)
            let real = try #require(FastCatalogScanner.likelyItemStart(after: inString + 1, in: buffer, within: 1000))
            #expect(real == realStart)
            var head = FastCatalogScanner(bytes: buffer)
            let hasHeader = head.scanHeader()
            #expect(hasHeader)
            let overshotPart = head.scanItems(stoppingAt: inString)
            let overshot = try #require(overshotPart)
            #expect(overshot.end == .arrayEnd && overshot.items.count == 3)
            head = FastCatalogScanner(bytes: buffer)
            _ = head.scanHeader()
            let firstPart = head.scanItems(stoppingAt: real)
            let first = try #require(firstPart)
            #expect(first.end == .stopped && first.items.count == 2 && head.position == real)
            var tail = FastCatalogScanner(bytes: buffer, position: real)
            let secondPart = tail.scanItems(stoppingAt: nil)
            let second = try #require(secondPart)
            let hasFooter = tail.scanFooter()
            #expect(second.end == .arrayEnd && hasFooter)
            #expect(first.items + second.items == overshot.items)
        }
    }

    @Test func anUnsortedJoinIsNoticedAndAnErrorInAnyPartFallsBack() async throws {
        let unsorted = try mapped(
            largeCatalog { number in
                "{\"id\": \"s\(number < 15_000 ? 500_000 + number : 100_000 + number)\", \"name\": \"N\", \"price\": 1}"
            })
        #expect(try #require(await parallelScan(unsorted)).idsAreSortedASCII == false)
        let broken = try mapped(
            largeCatalog { number in
                "{\"id\": \"s\(number)\", \"name\": \"N\", \"price\": \(number == 19_000 ? "true" : "1")}"
            })
        #expect(await parallelScan(broken) == nil)
    }

    @Test func iconsBySizeKeepTheLargestPicture() throws {
        let text = """
            {"result": {"list": [{"id": 1, "title": "A", "price": "1 ₽",
              "icon": {"52x52": "s", "208x208": "l", "104x104": "m", "big": "?"}}]}}
            """
        #expect(try Service(#require(decoded(text).items.first))?.icon == "l")
    }
}
