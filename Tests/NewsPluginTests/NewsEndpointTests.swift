import Foundation
import NewsPlugin
import Testing

@Suite struct NewsEndpointTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/api/news/2/15"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/api/news/2/15"),
        ("  https://news.example//  ", "https://news.example/api/news/2/15"),
        ("HTTP://News.Example/v1", "http://News.Example/v1/api/news/2/15"),
        ("http://news.example/my api/", "http://news.example/my%20api/api/news/2/15"),
        ("http://news.example/base?key=a b#frag", "http://news.example/base/api/news/2/15?key=a%20b"),
        ("http://[::1]:9000", "http://[::1]:9000/api/news/2/15"),
    ])
    func pageURLsAreBuiltFromANormalisedBase(base: String, expected: String) throws {
        let endpoint = try NewsEndpoint(base: base)
        #expect(endpoint.pageURL(page: 2, pageSize: 15) == expected)
    }

    @Test func theBaseIsKeptWithoutTrailingSlashAsTheSourceName() throws {
        #expect(try NewsEndpoint(base: "http://127.0.0.1:8080///").base == "http://127.0.0.1:8080")
    }

    @Test(arguments: [
        ("ht!tp://x", "invalid url 'ht!tp://x': not a url"),
        ("ftp://x", "invalid url 'ftp://x': scheme 'ftp' is not http or https"),
        (
            "localhost:8080",
            "invalid url 'localhost:8080': scheme 'localhost' is not http or https; start it with 'http://' or 'https://'"
        ),
        ("news.example/api", "invalid url 'news.example/api': no scheme; start it with 'http://' or 'https://'"),
        ("http://", "invalid url 'http://': no host"),
        ("http://a b/", "invalid url 'http://a b/': not a url"),
        ("   ", "invalid url '   ': empty"),
    ])
    func anInvalidBaseIsOneClearError(base: String, message: String) {
        #expect {
            try NewsEndpoint(base: base)
        } throws: { error in
            (error as? NewsError)?.description == message
        }
    }
}
