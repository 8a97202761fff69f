import ShopPluginAPI
import ShopValues
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
        "{\"services\": [{\"id\": \"é\", \"name\": \"Ünïcödé 🧽\", \"price\": 1000000000000}]}",
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

    /// A title with `special` at every offset of the 8-byte words the scanner reads at once.
    static let titlesWithOneSpecialByte = ["\\\"", "\\\\", "\\t", "\t", "\u{01}", "\u{1F}", " ", "é", "🧽", "\u{7F}"]
        .flatMap {
            special in (0..<18).map { offset in String(repeating: "x", count: offset) + special + "yz" }
        }

    @Test(arguments: titlesWithOneSpecialByte)
    func aSpecialByteAnywhereInAStringIsReadAsTheDecoderReadsIt(title: String) throws {
        let text = "{\"services\": [{\"id\": \"a\", \"name\": \"\(title)\", \"price\": 1}]}"
        let isPlain = !title.unicodeScalars.contains { $0 == "\\" || $0.value < 0x20 }
        let scanned = fast(text)
        #expect((scanned != nil) == isPlain)
        if let scanned { #expect(try scanned.items == decoded(text).items) }
    }

    static let unusualFiles = [
        salonJSON,
        "{\"version\": 1, \"services\": []}",
        "{\"services\": [{\"id\": \"a\\\"b\", \"name\": \"A\", \"price\": 1}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1.5}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1e3}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1000000000001}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 99999999999999999999}]}",
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
        // A member twice, and member names written with an escape.
        "{\"services\": [{\"id\": \"a\", \"id\": \"b\", \"name\": \"A\", \"price\": 1}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"name\": \"B\", \"price\": 1}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1, \"price\": 2}]}",
        "{\"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1, \"isSelected\": true, \"isSelected\": false}]}",
        "{\"services\": [{\"\\u0069d\": \"a\", \"name\": \"A\", \"price\": 1}]}",
        "{\"services\": [], \"services\": [{\"id\": \"a\", \"name\": \"A\", \"price\": 1}]}",
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

    /// A catalog written to a file, opened as `services load` opens it.
    private func file(_ text: String) throws -> FileReader {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "services-scan", environment: [:])
        defer { FileSystem.removeTree(folder) }
        try FileSystem.writeAtomically(Array(text.utf8), to: folder + "/c.json")
        return try FileReader(path: folder + "/c.json")
    }

    /// 20,000 services; `item` writes one.
    private func largeCatalog(_ item: (Int) -> String) -> String {
        "{\"services\": [\n" + (0..<20_000).map(item).joined(separator: ",\n") + "\n]}\n"
    }

    /// The parallel scan in four parts, through windows of `windowCapacity` bytes.
    private func parallelScan(_ file: FileReader, parts: Int = 4, windowCapacity: Int = 1 << 16) async throws
        -> Catalog?
    {
        try await ParallelCatalogScan.scan(file, source: "c", parts: parts, windowCapacity: windowCapacity)
    }

    /// The same file scanned in memory in one pass.
    private func inMemory(_ file: FileReader) throws -> Catalog? {
        try file.readAll().withUnsafeBufferPointer { FastCatalogScanner.scan($0, source: "c") }
    }

    @Test(arguments: [(1, 256), (1, 1000), (3, 300), (4, 1 << 16)])
    func aFileReadThroughAMovingWindowGivesTheSameCatalogAsInMemory(parts: Int, windowCapacity: Int) async throws {
        // Items of every length around the window sizes, so that windows end in every token.
        let file = try file(
            largeCatalog { number in
                "{\"id\": \"s\(100_000 + number)\", \"name\": \"" + String(repeating: "x", count: number % 37)
                    + "\", \"price\": \(number), \"icon\": null, \"isSelected\": \(number % 997 == 1)}"
            })
        let whole = try #require(try inMemory(file))
        let windowed = try #require(try await parallelScan(file, parts: parts, windowCapacity: windowCapacity))
        #expect(windowed.items == whole.items)
        #expect(windowed.preselected == whole.preselected)
        #expect(windowed.idsAreSortedASCII && whole.idsAreSortedASCII)
    }

    @Test func asciiIdsAreFingerprintedInEveryPartAndOthersAreNot() async throws {
        let shuffled = (0..<20_000).map { ($0 * 7919) % 20_000 }
        let ascii = try #require(
            try await parallelScan(
                file(largeCatalog { "{\"id\": \"s\(shuffled[$0])\", \"name\": \"N\", \"price\": 1}" })))
        let fingerprints = try #require(ascii.idFingerprints)
        #expect(fingerprints.count == 20_000 && !ascii.idsAreSortedASCII)
        #expect(IDFingerprints.areDistinct(fingerprints))
        let sorted = try #require(
            try await parallelScan(
                file(largeCatalog { "{\"id\": \"s\(100_000 + $0)\", \"name\": \"N\", \"price\": 1}" })))
        #expect(sorted.idsAreSortedASCII && sorted.idFingerprints == nil)
        // Each part in order, the parts not: every part is fingerprinted at the join.
        let halves = try #require(
            try await parallelScan(
                file(
                    largeCatalog { "{\"id\": \"s\(($0 + 10_000) % 20_000 + 100_000)\", \"name\": \"N\", \"price\": 1}" }
                ),
                parts: 2))
        #expect(!halves.idsAreSortedASCII && halves.idFingerprints?.count == 20_000)
        #expect(IDFingerprints.areDistinct(try #require(halves.idFingerprints)))
        let accented = try #require(
            try await parallelScan(
                file(largeCatalog { "{\"id\": \"\($0 == 19_000 ? "é" : "s")\($0)\", \"name\": \"N\", \"price\": 1}" })))
        #expect(accented.idFingerprints == nil)
    }

    @Test func anItemLongerThanTheWindowIsLeftToTheDecoder() async throws {
        let file = try file(
            "{\"services\": [{\"id\": \"a\", \"name\": \"" + String(repeating: "x", count: 500)
                + "\", \"price\": 1}]}")
        #expect(try await parallelScan(file, parts: 1, windowCapacity: 100) == nil)
        #expect(try await parallelScan(file, parts: 1, windowCapacity: 1000) != nil)
    }

    @Test func theParallelScanReadsTheSameCatalogAsOnePass() async throws {
        let text = largeCatalog { number in
            "{\"id\": \"svc-\(1_000_000 + number)\", \"name\": \"Service number \(number) with a longer title\", "
                + "\"price\": \(number % 5000), \"icon\": \"🧽\", \"isSelected\": \(number % 5000 == 7)}"
        }
        let file = try file(text)
        let parallel = try #require(try await parallelScan(file))
        let single = try #require(try inMemory(file))
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
        let file = try file(text)
        let parallel = try #require(try await parallelScan(file))
        #expect(parallel.items.count == 20_000)
        #expect(try parallel.items == inMemory(file)?.items)
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
            let overshotPart = try head.scanItems(stoppingAt: inString)
            let overshot = try #require(overshotPart)
            #expect(overshot.end == .arrayEnd && overshot.items.count == 3)
            head = FastCatalogScanner(bytes: buffer)
            _ = head.scanHeader()
            let firstPart = try head.scanItems(stoppingAt: real)
            let first = try #require(firstPart)
            #expect(first.end == .stopped && first.items.count == 2 && head.position == real)
            var tail = FastCatalogScanner(bytes: buffer, position: real)
            let secondPart = try tail.scanItems(stoppingAt: nil)
            let second = try #require(secondPart)
            let hasFooter = try tail.scanFooter()
            #expect(second.end == .arrayEnd && hasFooter)
            #expect(ChunkedList.joined([first.items, second.items]) == ChunkedList.joined([overshot.items]))
        }
    }

    @Test func anUnsortedJoinIsNoticedAndAnErrorInAnyPartFallsBack() async throws {
        let unsorted = try file(
            largeCatalog { number in
                "{\"id\": \"s\(number < 15_000 ? 500_000 + number : 100_000 + number)\", \"name\": \"N\", \"price\": 1}"
            })
        #expect(try #require(try await parallelScan(unsorted)).idsAreSortedASCII == false)
        let broken = try file(
            largeCatalog { number in
                "{\"id\": \"s\(number)\", \"name\": \"N\", \"price\": \(number == 19_000 ? "true" : "1")}"
            })
        #expect(try await parallelScan(broken) == nil)
    }

    @Test func iconsBySizeKeepTheLargestPicture() throws {
        let text = """
            {"result": {"list": [{"id": 1, "title": "A", "price": "1 ₽",
              "icon": {"52x52": "s", "208x208": "l", "104x104": "m", "big": "?"}}]}}
            """
        #expect(try Service(#require(decoded(text).items.first))?.icon == "l")
    }
}
