import ShopKit

extension NewsPage {
    /// Reads a page from a response body with ShopKit's pull reader, in one pass.
    ///
    /// Unknown members are skipped; optional members may be missing or `null`. Anything
    /// else is one ``NewsError/decoding(path:problem:)``: a body that is not JSON at all
    /// has an empty path and quotes its start, a page of the wrong shape names the field
    /// (`'news[3].id' is missing`, `'totalCount' should be an integer, found a string`).
    public static func decode(_ body: [UInt8]) throws(NewsError) -> NewsPage {
        do throws(JSONError) {
            return try JSONReader.withReader(over: body) { reader throws(JSONError) in
                try readPage(&reader, body: body)
            }
        } catch {
            throw NewsError(error, body: body)
        }
    }

    private static func readPage(_ reader: inout JSONReader, body: [UInt8]) throws(JSONError) -> NewsPage {
        var items: [NewsItem]?
        var totalCount: Int?
        try reader.readObject { key, reader throws(JSONError) in
            switch key {
            case "news":
                var read: [NewsItem] = []
                try reader.readArray { _, reader throws(JSONError) in read.append(try readItem(&reader, body: body)) }
                items = read
            case "totalCount":
                guard try !reader.readNullIfPresent() else {
                    totalCount = nil
                    return
                }
                let count = try readInteger(&reader, body: body)
                guard count >= 0 else { throw reader.error(.invalidValue("should not be negative, found \(count)")) }
                totalCount = count
            default:
                try reader.skipValue()
            }
        }
        guard let items else { throw reader.error(.missingMember("news")).inside(.key("news")) }
        return NewsPage(items: items, totalCount: totalCount)
    }

    /// One item; `id` and `title` are required.
    private static func readItem(_ reader: inout JSONReader, body: [UInt8]) throws(JSONError) -> NewsItem {
        var id: Int?
        var title: String?
        var item = NewsItem(id: 0, title: "")
        try reader.readObject { key, reader throws(JSONError) in
            switch key {
            case "id": id = try readInteger(&reader, body: body)
            case "title": title = try reader.readString()
            case "description": item.description = try readOptionalString(&reader)
            case "url": item.url = try readOptionalString(&reader)
            case "fullUrl": item.fullUrl = try readOptionalString(&reader)
            case "titleImageUrl": item.titleImageUrl = try readOptionalString(&reader)
            case "categoryType": item.categoryType = try readOptionalString(&reader)
            case "publishedDate":
                guard let text = try readOptionalString(&reader) else {
                    item.publishedDate = nil
                    return
                }
                guard let date = NewsDate(parsing: text) else {
                    throw reader.error(.invalidValue("should be a date like '2026-01-14T00:00:00', found '\(text)'"))
                }
                item.publishedDate = date
            default:
                try reader.skipValue()
            }
        }
        guard let id else { throw reader.error(.missingMember("id")).inside(.key("id")) }
        guard let title else { throw reader.error(.missingMember("title")).inside(.key("title")) }
        item.id = id
        item.title = title
        return item
    }

    private static func readOptionalString(_ reader: inout JSONReader) throws(JSONError) -> String? {
        try reader.readNullIfPresent() ? nil : try reader.readString()
    }

    /// A whole number; a number with a fraction or too large says which (`found 1.5`).
    private static func readInteger(_ reader: inout JSONReader, body: [UInt8]) throws(JSONError) -> Int {
        guard try reader.peekKind() == .number else { return try reader.readInt() }
        let start = reader.offset
        let number = try reader.readNumber()
        guard case .int(let value) = number else {
            let text = String(decoding: body[start..<reader.offset], as: UTF8.self)
            throw reader.error(.typeMismatch(expected: "an integer", found: text), at: start)
        }
        return value
    }
}
