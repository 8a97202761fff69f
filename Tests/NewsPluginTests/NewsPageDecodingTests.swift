import Foundation
import NewsPlugin
import Testing

@Suite struct NewsPageDecodingTests {
    @Test func aFullPageDecodesAndIgnoresUnknownFields() throws {
        let json = #"""
            {"news":[
              {"id":7,"title":"Seven","description":"Body  ","publishedDate":"2026-01-14T00:00:00",
               "url":"https://x/7","fullUrl":"https://x/7?full","titleImageUrl":null,"categoryType":"promo",
               "unknown":{"nested":[1,2]}},
              {"id":8,"title":"Eight"}
            ],"totalCount":2,"extra":true}
            """#
        let page = try NewsPage.decode(Array(json.utf8))
        #expect(page.totalCount == 2)
        #expect(
            page.items == [
                NewsItem(
                    id: 7, title: "Seven", description: "Body  ",
                    publishedDate: NewsDate(year: 2026, month: 1, day: 14), url: "https://x/7",
                    fullUrl: "https://x/7?full", titleImageUrl: nil, categoryType: "promo"),
                NewsItem(id: 8, title: "Eight"),
            ])
    }

    @Test func aMissingOrNullTotalCountIsUnknown() throws {
        #expect(try NewsPage.decode(Array(#"{"news":[]}"#.utf8)).totalCount == nil)
        #expect(try NewsPage.decode(Array(#"{"news":[],"totalCount":null}"#.utf8)).totalCount == nil)
    }

    /// Every accepted form of a date makes the same item as the date itself: its text is kept
    /// as `2026-01-14T09:31:00` whatever form the page used.
    @Test(arguments: [
        "2026-01-14T09:31:00", "2026-01-14T09:31", "2026-01-14T09:31:00.250", "2026-01-14T09:31:00+03:00",
        "2026-01-14T09\\u003a31:00",
    ])
    func aDateInAnyAcceptedFormIsKeptInOneForm(written: String) throws {
        let body = #"{"news":[{"id":1,"title":"a","publishedDate":"\#(written)"}]}"#
        let date = NewsDate(year: 2026, month: 1, day: 14, hour: 9, minute: 31)
        #expect(try NewsPage.decode(Array(body.utf8)).items == [NewsItem(id: 1, title: "a", publishedDate: date)])
    }

    @Test func aDateWrittenWithEscapesIsTheDateItSpells() throws {
        let body = #"{"news":[{"id":1,"title":"a","publishedDate":"2026-01-14T09\u003a31:00"}]}"#
        let page = try NewsPage.decode(Array(body.utf8))
        #expect(page.items.first?.publishedDate == NewsDate(year: 2026, month: 1, day: 14, hour: 9, minute: 31))
    }

    @Test(
        arguments: [
            (#"{"news": 5}"#, "news", "malformed news response: 'news' should be a list, found a number"),
            (
                #"{"news":[{"id":1,"title":"a"},{"id":2,"title":"b"},{"id":3,"title":"c"},{"title":"d"}],"totalCount":4}"#,
                "news[3].id", "malformed news response: 'news[3].id' is missing"
            ),
            (
                #"{"news":[],"totalCount":-1}"#, "totalCount",
                "malformed news response: 'totalCount' should not be negative, found -1"
            ),
            (
                #"{"news":[],"totalCount":"3"}"#, "totalCount",
                "malformed news response: 'totalCount' should be an integer, found a string"
            ),
            (
                #"{"news":[{"id":1.5,"title":"a"}]}"#, "news[0].id",
                "malformed news response: 'news[0].id' should be an integer, found 1.5"
            ),
            (
                #"{"news":[{"id":9223372036854775808,"title":"a"}]}"#, "news[0].id",
                "malformed news response: 'news[0].id' should be a 64-bit integer, found 9223372036854775808"
            ),
            (
                #"{"news":[],"totalCount":1e40}"#, "totalCount",
                "malformed news response: 'totalCount' should be an integer, found 1e40"
            ),
            (#"{"news":[{"id":"1","title":"a"}]}"#, "news[0].id", nil),
            (
                #"{"news":[{"id":1,"title":null}]}"#, "news[0].title",
                "malformed news response: 'news[0].title' is null; it should be a string"
            ),
            (#"{"news":[{"id":1}]}"#, "news[0].title", nil),
            (#"{"totalCount":1}"#, "news", nil),
            (#"{"news":[{"id":1,"title":"a","publishedDate":"yesterday"}]}"#, "news[0].publishedDate", nil),
            (
                #"{"news":[{"id":1,"title":"a","publishedDate":"2026-13-01T00:00:00"}]}"#, "news[0].publishedDate",
                "malformed news response: 'news[0].publishedDate' should be a date like '2026-01-14T00:00:00', found '2026-13-01T00:00:00'"
            ),
            (#"[1,2]"#, "(top level)", nil),
            (
                #"{"news":[{"id":1,"title":"Cut off mid-stri"#, "",
                "malformed news response: not valid json (body starts with '{\"news\":[{\"id\":1,\"title\":\"Cut off mid-st…')"
            ),
            ("<html><body>Bad gateway</body></html>", "", nil),
            ("", "", "malformed news response: empty body, expected json"),
        ] as [(String, String, String?)])
    func aBadBodyIsADecodingErrorNamingTheField(body: String, path: String, message: String?) {
        #expect {
            try NewsPage.decode(Array(body.utf8))
        } throws: { error in
            guard case .decoding(let actualPath, _) = error as? NewsError else { return false }
            return actualPath == path && (message == nil || (error as? NewsError)?.description == message)
        }
    }
}
