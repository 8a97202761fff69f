import ShopPluginAPI
import Testing

/// The plugin API's HTTP vocabulary: URLs read without Foundation, headers, media types, and the
/// words of every error.
@Suite struct HTTPVocabularyTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080/api", "http://127.0.0.1:8080/api"),
        ("  HTTPS://News.Example  ", "https://News.Example"),
        ("http://news.example/my api?q=a b#top", "http://news.example/my%20api?q=a%20b"),
        ("http://[::1]:9000/x", "http://[::1]:9000/x"),
        ("http://user:secret@host/x", "http://host/x"),
        ("http://h/ü%20", "http://h/%C3%BC%20"),
        ("embedded://images/launch.png", "embedded://images/launch.png"),
    ])
    func urlsAreReadAndMadeSafeToSend(text: String, expected: String) throws {
        #expect(try WebURL(parsing: text).description == expected)
    }

    @Test(arguments: [
        ("", WebURL.ParseError.empty), ("news.example/x", .noScheme), ("localhost:8080", .noHost(scheme: "localhost")),
        ("http://", .noHost(scheme: "http")), ("ht!tp://x", .notAURL), ("http://a b/", .notAURL),
        ("http://h:99999/", .notAURL), ("http://h:65536/", .notAURL), ("http://[::1/", .notAURL),
    ])
    func textThatIsNoAbsoluteURLSaysWhy(text: String, error: WebURL.ParseError) {
        #expect(throws: error) { try WebURL(parsing: text) }
    }

    @Test(arguments: [
        ("HTTP://News.Example:65535/a", "http://News.Example:65535/a"), ("hTtPs://h:0", "https://h:0"),
        ("Shop+X-1.2://h/", "shop+x-1.2://h/"),
    ])
    func theSchemeIsLowercasedAndThePortRead(text: String, written: String) throws {
        #expect(try WebURL(parsing: text).description == written)
    }

    @Test func partsAndPaths() throws {
        let url = try WebURL(parsing: "http://h:81/base/?k=v")
        #expect(url.host == "h" && url.port == 81 && url.query == "k=v")
        #expect(url.appendingPath("api/news/1/15").description == "http://h:81/base/api/news/1/15?k=v")
        #expect(try WebURL(parsing: "embedded://images/a.png").lastPathComponent == "a.png")
    }

    @Test func headersMatchWithoutCaseAndTheMediaTypeDropsParameters() {
        let response = HTTPResponse(
            url: "http://h/", status: 200, headers: [HTTPHeader("content-TYPE", "Text/HTML; charset=utf-8")], body: [])
        #expect(response.headers.value(of: "Content-Type") == "Text/HTML; charset=utf-8")
        #expect(response.mediaType == "text/html")
        #expect(response.headers.value(of: "Content-Length") == nil)
    }

    @Test(arguments: [
        (HTTPError.timedOut(url: "u", seconds: 4), "'u' did not finish within 4 s"),
        (.timedOut(url: "u", seconds: 0.5), "'u' did not finish within 0.5 s"),
        (.status(url: "u", code: 404), "'u' answered http 404 (not found)"),
        (.status(url: "u", code: 418), "'u' answered http 418"),
        (.oversize(url: "u", limitBytes: 10 * 1024 * 1024), "'u' sent more than 10 MB; the transfer was stopped"),
        (
            .redirectRefused(url: "u", scheme: "file"),
            "redirect to 'file:' refused: only http and https are followed (from 'u')"
        ),
        (.tooManyRedirects(url: "u", limit: 5), "'u' redirected more than 5 times"),
        (.malformedResponse(url: "u", reason: "bad chunk"), "malformed http response from 'u': bad chunk"),
        (.connectionRefused(url: "u"), "cannot load 'u': connection refused"),
        (.unknownHost(url: "u", host: "h"), "cannot load 'u': unknown host 'h'"),
        (.libraryMissing(package: "libcurl4"), "http needs libcurl4: apt-get install libcurl4"),
        (.cancelled(url: "u"), "request to 'u' cancelled"),
    ])
    func everyErrorIsOneLineNamingItsCause(error: HTTPError, line: String) {
        #expect(error.description == line)
    }

    @Test func aSessionWithoutATransportSaysSo() async {
        do {
            _ = try await NoHTTPTransport().send(HTTPRequest(url: "http://h/"))
            Issue.record("no transport answered")
        } catch {
            #expect(error == .unavailable(reason: "this session has no http transport"))
        }
    }
}
