import Foundation

/// The news pages ``FixtureServer`` generates: items `1…total`, deterministic.
///
/// Every third item has no `titleImageUrl`; every item carries an unknown field
/// (`"fixtureExtra"`) that clients must ignore. Dates run back from 2026-01-15.
public enum FixtureNews {
    /// The JSON body of page `page` (from 1) of `size` items out of `total`.
    public static func page(_ page: Int, size: Int, total: Int, baseURL: String) -> [UInt8] {
        let first = (page - 1) * size + 1
        let last = min(total, page * size)
        let items = first <= last ? (first...last).map { item($0, baseURL: baseURL) } : []
        return Array(#"{"news":[\#(items.joined(separator: ","))],"totalCount":\#(total)}"#.utf8)
    }

    /// The JSON text of item `id`.
    public static func item(_ id: Int, baseURL: String) -> String {
        let categories = ["release", "promo", "service", "event"]
        let day = 15 - id % 6
        let image = id % 3 == 0 ? "null" : #""\#(baseURL)/images/sample.png""#
        return #"""
            {"id":\#(id),"title":"Fixture story \#(id)","description":"Body of fixture story \#(id).",\#
            "publishedDate":"2026-01-\#(day)T09:\#(id % 60 < 10 ? "0" : "")\#(id % 60):00",\#
            "url":"\#(baseURL)/news/\#(id)","fullUrl":"\#(baseURL)/news/\#(id)?full=1",\#
            "titleImageUrl":\#(image),"categoryType":"\#(categories[id % categories.count])","fixtureExtra":{"n":\#(id)}}
            """#
    }
}
