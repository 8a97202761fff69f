import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopPluginAPI

/// `http` against a real server on loopback: answers as values, the limits news keeps, and
/// recording and replaying through the HTTP archive engine.
@Suite struct HTTPTests {
    private let server = FixtureServer()
    private let shop: TestSession
    private let items = #"[{"id":1,"name":"bolt","price":12.5},{"id":2,"name":"nut","price":3}]"#

    init() throws {
        try server.start()
        shop = try TestSession(plugins: [CounterPlugin()])
        server.setResponse(
            FixtureServer.Response(contentType: "application/json; charset=utf-8", body: Array(items.utf8)),
            forPath: "/api/items")
        server.setResponse(
            FixtureServer.Response(contentType: "text/html", body: Array("<p>hello</p>".utf8)), forPath: "/page")
    }

    private var base: String { server.baseURL }

    @Test func jsonComesBackAsAValue() async throws {
        #expect(
            await shop.run("http get \(base)/api/items | where price > 5 | get name") == "bolt\n")
        #expect(await shop.run("http get \(base)/page") == "<p>hello</p>\n")
    }

    @Test func fullGivesStatusHeadersAndBodyWhateverTheStatus() async throws {
        server.setFault(.status(404), forPath: "/gone")
        #expect(await shop.run("http get \(base)/gone --full | get status") == "404\n")
        #expect(await shop.run("http get \(base)/gone --full | get body.error") == "fixture status 404\n")
        #expect(
            await shop.run("http get \(base)/api/items --full | get headers.content-type")
                == "application/json; charset=utf-8\n")
    }

    @Test func headersAndTheTimeoutGoWithTheRequest() async throws {
        await shop.run(
            "http get \(base)/api/items --header 'X-Token: abc' --header Accept:application/json --timeout 5")
        let request = try #require(server.requests.last)
        #expect(request.headers["x-token"] == "abc")
        #expect(request.headers["accept"] == "application/json")
    }

    @Test func postSendsRecordsAsJSONAndStringsAsThemselves() async throws {
        server.setResponse(
            FixtureServer.Response(status: 201, contentType: "application/json", body: Array(#"{"ok":true}"#.utf8)),
            forPath: "/api/orders")
        #expect(await shop.run("http post \(base)/api/orders {item: bolt, qty: 2} | get ok") == "true\n")
        var request = try #require(server.requests.last)
        #expect(request.method == "POST")
        #expect(request.headers["content-type"] == "application/json")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"item":"bolt","qty":2}"#)
        await shop.run("echo 'plain words' | http post \(base)/api/orders")
        request = try #require(server.requests.last)
        #expect(request.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(String(decoding: request.body, as: UTF8.self) == "plain words")
    }

    @Test func aRecordedSessionReplaysWithNoNetwork() async throws {
        server.setResponse(
            FixtureServer.Response(contentType: "application/json", body: Array(#"{"ok":true}"#.utf8)),
            forPath: "/api/orders")
        #expect(await shop.run("http record api.har") == "http: recording every request to 'api.har'\n")
        await shop.run("http get \(base)/api/items; http post \(base)/api/orders [1, 2]")
        #expect(await shop.run("http live") == "http: live (no longer recording to 'api.har')\n")
        server.stop()
        #expect(
            await shop.run("http replay api.har")
                == "http: answering from 'api.har' (2 exchanges), with no network\n")
        #expect(await shop.run("http get \(base)/api/items | get name | join ,") == "bolt,nut\n")
        #expect(await shop.run("http post \(base)/api/orders x | get ok") == "true\n")
        #expect(
            await shop.run("http get \(base)/elsewhere")
                == "error: http get: cannot load '\(base)/elsewhere': not recorded in 'api.har'\n")
        let archive = String(decoding: try FileSystem.read(shop.stateDirectory + "/api.har"), as: UTF8.self)
        #expect(archive.contains(#""postData":{"mimeType":"application/json","text":"[1,2]"}"#))
    }

    @Test func recordingOverAnArchiveTakesForce() async throws {
        await shop.run("http record api.har; http live")
        #expect(
            await shop.run("http record api.har")
                == "error: http record: cannot write 'api.har': the file exists; add --force to replace it\n")
        #expect(await shop.run("http record api.har --force") == "http: recording every request to 'api.har'\n")
    }

    @Test func ctrlCStopsARequest() async throws {
        server.setFault(.delay(30), forPath: "/slow")
        try await shop.expectCtrlCStops("set x $(http get \(base)/slow)", keeping: "vars")
    }

    @Test(arguments: [
        ("/error", FixtureFault.status(500), "'URL' answered http 500 (internal server error)"),
        ("/broken", .invalidJSON, "'URL' sent broken JSON: unterminated string at news[0].title (line 1, column 43)"),
        ("/huge", .hugeBody(bytes: 11 * 1024 * 1024), "'URL' sent more than 10 MB; the transfer was stopped"),
        (
            "/away", .redirect(to: "file:///etc/passwd"),
            "redirect to 'file:' refused: only http and https are followed (from 'URL')"
        ),
        (
            "/picture", .body([0x89, 0x50, 0x4E, 0x47, 0xFF], contentType: "image/png"),
            "'URL' sent 5 bytes of image/png, which is not text"
        ),
    ])
    func aBadAnswerIsOneLineAndChangesNothing(path: String, fault: FixtureFault, message: String) async throws {
        server.setFault(fault, forPath: path)
        await shop.run("counter add 2 --quiet; set kept 1")
        let url = base + path
        await shop.expectOneLineFailure(
            "set kept $(http get \(url))", "error: http get: " + message.replacing("URL", with: url),
            keeping: "vars; counter")
    }

    @Test func aRefusedPortIsOneLine() async throws {
        let closed = try ClosedPort()
        let url = "http://127.0.0.1:\(closed.port)/api"
        await shop.run("counter add 2 --quiet; set kept 1")
        await shop.expectOneLineFailure(
            "set kept $(http get \(url))", "error: http get: cannot load '\(url)': connection refused",
            keeping: "vars; counter")
    }

    @Test(arguments: [
        ("http get URL --timeout 0", "error: http get: --timeout must be more than 0 and at most 600 seconds, got 0"),
        ("http get URL --header nocolon", "error: http get: --header must be NAME:VALUE on one line, got 'nocolon'"),
        ("http post URL", "error: http post: give a BODY to send, or pipe one in: $order | http post URL"),
        ("http replay nothing.har", "error: http replay: cannot read 'nothing.har': no such file"),
    ])
    func badWordsAreOneLine(line: String, message: String) async throws {
        #expect(await shop.run(line.replacing("URL", with: base + "/api/items")) == message + "\n")
        #expect(server.requestCount == 0)
    }
}
