import Foundation
import HTTPArchive
import ShopPluginAPI
import ShopValues
import Testing

/// HTTP archives: written one entry per line, read back, and refused with one line naming
/// what is wrong.
@Suite struct HTTPArchiveTests {
    static let page = HTTPArchive.Entry(
        started: 1_768_471_200.25, method: "GET", url: "http://127.0.0.1:8080/api/news/1/15?lang=en",
        requestHeaders: [HTTPHeader("Accept", "application/json")],
        outcome: .response(
            HTTPArchive.Response(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                body: Array(#"{"items":[],"total":0}"#.utf8))),
        timings: HTTPArchive.Timings(dns: 0.5, connect: 1.25, send: 0.1, wait: 3, receive: 0.2))
    static let picture = HTTPArchive.Entry(
        started: 1_768_471_201, method: "GET", url: "http://127.0.0.1:8080/images/launch.png",
        outcome: .response(
            HTTPArchive.Response(
                status: 200, headers: [HTTPHeader("Content-Type", "image/png")],
                body: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0x00])))
    static let missing = HTTPArchive.Entry(
        started: 1_768_471_202, method: "GET", url: "http://127.0.0.1:8080/api/news/9/15",
        outcome: .response(HTTPArchive.Response(status: 404, body: Array("no such page".utf8))))
    static let order = HTTPArchive.Entry(
        started: 1_768_471_204, method: "POST", url: "http://127.0.0.1:8080/api/orders",
        requestHeaders: [HTTPHeader("Content-Type", "application/json")], requestBody: Array(#"{"qty":2}"#.utf8),
        outcome: .response(HTTPArchive.Response(status: 201, body: Array("{}".utf8))))
    static let refused = HTTPArchive.Entry(
        started: 1_768_471_203, method: "GET", url: "http://127.0.0.1:1/api/news/1/15",
        outcome: .failure("cannot load 'http://127.0.0.1:1/api/news/1/15': connection refused"))

    @Test func anArchiveReadsBackAsWritten() throws {
        let archive = HTTPArchive(entries: [Self.page, Self.picture, Self.missing, Self.order, Self.refused])
        let text = archive.encoded(creator: "shop", version: "0.1.0", title: "news")
        #expect(try HTTPArchive.decode(Array(text.utf8), file: "a.har") == archive)
        // One entry per line between the head and the tail.
        #expect(text.split(separator: "\n").count == 7)
        #expect(text.contains(#""bodySize":9,"postData":{"mimeType":"application/json","text":"{\"qty\":2}"}"#))
    }

    @Test func theFileHasEveryMemberHAR12Requires() throws {
        let text = HTTPArchive(entries: [Self.page, Self.refused]).encoded(
            creator: "shop", version: "0.1.0", title: "t")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        #expect((log["creator"] as? [String: String]) == ["name": "shop", "version": "0.1.0"])
        let pages = try #require(log["pages"] as? [[String: Any]])
        #expect(pages.first?["id"] as? String == "session")
        let entries = try #require(log["entries"] as? [[String: Any]])
        let first = entries[0]
        for member in ["pageref", "startedDateTime", "time", "request", "response", "cache", "timings"] {
            #expect(first[member] != nil, "entry lacks \(member)")
        }
        #expect(first["startedDateTime"] as? String == "2026-01-15T10:00:00.250Z")
        #expect((first["time"] as? NSNumber)?.doubleValue == 5.05)
        let request = try #require(first["request"] as? [String: Any])
        for member in ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"] {
            #expect(request[member] != nil, "request lacks \(member)")
        }
        #expect((request["queryString"] as? [[String: String]]) == [["name": "lang", "value": "en"]])
        let response = try #require(first["response"] as? [String: Any])
        for member in [
            "status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize",
            "bodySize",
        ] {
            #expect(response[member] != nil, "response lacks \(member)")
        }
        #expect(response["statusText"] as? String == "OK")
        let content = try #require(response["content"] as? [String: Any])
        #expect(content["mimeType"] as? String == "application/json")
        let timings = try #require(first["timings"] as? [String: Any])
        for member in ["send", "wait", "receive"] { #expect(timings[member] != nil, "timings lack \(member)") }
        let failed = try #require(entries[1]["response"] as? [String: Any])
        #expect(failed["status"] as? Int == 0)
        #expect(failed["_error"] as? String == "cannot load 'http://127.0.0.1:1/api/news/1/15': connection refused")
    }

    @Test func binaryBodiesAreBase64AndTextBodiesText() throws {
        let text = HTTPArchive(entries: [Self.picture]).encoded(creator: "shop", version: "0.1.0", title: "t")
        #expect(text.contains(#""text":"iVBORw0KGgr/AA==","encoding":"base64""#))
        let page = HTTPArchive(entries: [Self.page]).encoded(creator: "shop", version: "0.1.0", title: "t")
        #expect(page.contains(#""text":"{\"items\":[],\"total\":0}""#))
    }

    @Test(arguments: [
        ("not json", "'x.har' is not JSON: unexpected 'n' at the top level (line 1, column 1)"),
        (
            #"{"log":{"version":"1.1","entries":[]}}"#,
            "'x.har' is HAR version '1.1'; shop reads version 1.2"
        ),
        (
            #"{"log":{"version":"1.2","entries":[{"request":{"method":"GET","url":"http://h/"}}]}}"#,
            "'x.har' is not an HTTP archive: missing member 'response' at log.entries[0] (line 1, column 82)"
        ),
        (
            #"{"log":{"version":"1.2","entries":[{"request":{"method":"GET","url":"http://h/"},"response":{"status":200,"content":{"text":"@@@","encoding":"base64"}}}]}}"#,
            "'x.har' is not an HTTP archive: content.text is not valid base64 at log.entries[0].response.content (line 1, column 125)"
        ),
        (
            #"{"log":{"entries":[]}}"#,
            "'x.har' is not an HTTP archive: missing member 'version' at log (line 1, column 22)"
        ),
        (
            #"[]"#,
            "'x.har' is not an HTTP archive: expected an object, found an array at the top level (line 1, column 1)"
        ),
    ])
    func aBadArchiveIsOneLineNamingTheProblem(text: String, message: String) {
        #expect(throws: HTTPArchiveError.self) { try HTTPArchive.decode(Array(text.utf8), file: "x.har") }
        do {
            _ = try HTTPArchive.decode(Array(text.utf8), file: "x.har")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func anArchiveOverTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask, appropriateFor: URL(fileURLWithPath: "/tmp"),
            create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.har").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        // A sparse file: no disk is used, and a reader that read it would take seconds.
        #expect(truncate(path, off_t(HTTPArchive.maximumBytes + 1)) == 0)
        #expect(throws: HTTPArchiveError.tooLarge(file: "big.har", bytes: HTTPArchive.maximumBytes + 1)) {
            try HTTPArchive.load(path: path, named: "big.har")
        }
    }

    @Test func aRecordedArchiveIsCompleteAfterEveryEntry() throws {
        let folder = NSTemporaryDirectory() + "har-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/talk.har"
        let writer = try HTTPArchiveWriter.create(
            at: path, named: "talk.har", creator: "shop", version: "0.1.0", title: "news", started: 0)
        #expect(try HTTPArchive.load(path: path, named: "talk.har").entries.isEmpty)
        let entries = [Self.page, Self.picture, Self.missing, Self.refused]
        for (index, entry) in entries.enumerated() {
            try writer.append(entry)
            #expect(try HTTPArchive.load(path: path, named: "talk.har").entries == Array(entries[...index]))
        }
        try writer.close()
        #expect(writer.entryCount == 4)
    }

    @Test func aURLRecordedSeveralTimesIsAnsweredInOrderThenTheLastRepeats() {
        var again = Self.page
        again.outcome = .response(HTTPArchive.Response(status: 503))
        let replay = HTTPArchiveReplay(archive: HTTPArchive(entries: [Self.page, Self.picture, again]), file: "a.har")
        #expect(replay.next(method: "GET", url: Self.picture.url) == Self.picture)
        #expect(replay.next(method: "get", url: Self.page.url) == Self.page)
        #expect(replay.next(method: "GET", url: Self.page.url) == again)
        #expect(replay.next(method: "GET", url: Self.page.url) == again)
        #expect(replay.next(method: "GET", url: Self.picture.url) == Self.picture)
        #expect(replay.next(method: "POST", url: Self.page.url) == nil)
        #expect(replay.next(method: "GET", url: "http://127.0.0.1:8080/api/news/2/15") == nil)
    }

    @Test func recordingOntoSomethingButAFileIsRefused() {
        #expect(throws: FileError(path: "/dev/null", action: .write, problem: .notRegularFile("a character device"))) {
            try HTTPArchiveWriter.create(
                at: "/dev/null", named: "/dev/null", creator: "shop", version: "0.1.0", title: "news", started: 0)
        }
    }

    @Test(arguments: [[UInt8](), [0], [0, 1], [0, 1, 2], Array(0...255)])
    func base64RoundTrips(bytes: [UInt8]) {
        #expect(Base64.decode(Base64.encode(bytes)) == bytes)
    }

    @Test(arguments: ["@@@@", "abc", "ab=c", "a===", "YQ==YQ=="])
    func base64RefusesWhatIsNotBase64(text: String) {
        #expect(Base64.decode(text) == nil)
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"), (1_768_471_200.25, "2026-01-15T10:00:00.250Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"),
    ])
    func timestampsFormatInUTCWithMilliseconds(seconds: Double, text: String) {
        #expect(Timestamp.format(seconds) == text)
        #expect(Timestamp.parse(text) == seconds)
    }

    @Test(arguments: [
        (253_402_300_799.999, "9999-12-31T23:59:59.999Z"), (253_402_300_800.0, "10000-01-01T00:00:00.000Z"),
        (-30_610_224_000.0, "1000-01-01T00:00:00.000Z"), (-62_135_596_800.0, "0001-01-01T00:00:00.000Z"),
    ])
    func timestampsKeepFourDigitYearsAndWriteLongerOnes(seconds: Double, text: String) {
        #expect(Timestamp.format(seconds) == text)
    }
}
