import Foundation
import ShopTestSupport
import Testing

@testable import NewsPlugin

/// The fast page reader agrees with `JSONDecoder` on every page it accepts, and leaves
/// every malformed page to it.
@Suite struct NewsPageReadingTests {
    private func decoded(_ body: Data) -> NewsPage? {
        try? JSONDecoder().decode(NewsPage.self, from: body)
    }

    @Test func embeddedAndFixturePagesReadAsJSONDecoderDecodesThem() {
        var bodies = (1...4).map { EmbeddedNews.pageJSON(page: $0, pageSize: 15) }
        bodies += (1...3).map { FixtureNews.page($0, size: 15, total: 40, baseURL: "http://127.0.0.1:1") }
        for body in bodies {
            let read = NewsPage.read(body)
            #expect(read != nil)
            #expect(read == decoded(body))
        }
    }

    @Test(arguments: [
        #"{"news":[{"id":1,"title":"a\n\"b\"\u00e9","description":null,"publishedDate":"2026-01-14"}],"totalCount":null}"#,
        #"{"totalCount":3,"news":[{"title":"t","id":-7,"extra":[1,{"x":null}],"categoryType":"c"}],"more":{}}"#,
        #"  {"news":[]}  "#,
    ])
    func acceptedPagesMatchJSONDecoder(_ json: String) {
        let body = Data(json.utf8)
        #expect(NewsPage.read(body) != nil)
        #expect(NewsPage.read(body) == decoded(body))
    }

    @Test(arguments: [
        #"{"news": 5}"#, #"{"news":[{"title":"no id"}]}"#, #"{"news":[],"totalCount":-1}"#,
        #"{"news":[],"totalCount":"3"}"#, #"{"news":[{"id":1.5,"title":"a"}]}"#, #"{"news":[{"id":1,"title":null}]}"#,
        #"{"news":[{"id":1,"title":"a","publishedDate":"yesterday"}]}"#, #"{"news":[{"id":1,"title":"a","url":3}]}"#,
        #"{"totalCount":1}"#, "[1,2]", #"{"news":[{"id":1,"title":"Cut off"#, "", "<html>",
    ])
    func malformedPagesAreLeftToTheDecoderThatNamesTheField(_ json: String) {
        #expect(NewsPage.read(Data(json.utf8)) == nil)
        #expect(decoded(Data(json.utf8)) == nil)
    }
}
