import ShopKit

extension NewsPage {
    /// Reads a page from a response body with ShopKit's pull reader, in one pass.
    ///
    /// Unknown members are skipped (checked for syntax only); optional members may be missing
    /// or `null`. Anything
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

    /// The members read, by their index: the names of a page, then of an item, in the order
    /// the API sends them (the reader tries the name after the last one first). Others are
    /// skipped, checked only for syntax.
    private static let pageNames = JSONMemberNames(["news", "totalCount"])
    private static let itemNames = JSONMemberNames([
        "id", "title", "description", "publishedDate", "url", "fullUrl", "titleImageUrl", "categoryType",
    ])

    private static func readPage(_ reader: inout JSONReader, body: [UInt8]) throws(JSONError) -> NewsPage {
        var items: [NewsItem]?
        var totalCount: Int?
        try reader.readObject(pageNames) { index, reader throws(JSONError) in
            switch index {
            case 0:
                var read: [NewsItem] = []
                try reader.readArray { _, reader throws(JSONError) in read.append(try readItem(&reader, body: body)) }
                items = read
            case 1:
                guard try !reader.readNullIfPresent() else {
                    totalCount = nil
                    return
                }
                let count = try readInteger(&reader, body: body)
                guard count >= 0 else { throw reader.error(.invalidValue("should not be negative, found \(count)")) }
                totalCount = count
            default:
                try reader.skipValueSyntax()
            }
        }
        guard let items else { throw reader.error(.missingMember("news")).inside(.key("news")) }
        return NewsPage(items: items, totalCount: totalCount)
    }

    /// One item; `id` and `title` are required.
    private static func readItem(_ reader: inout JSONReader, body: [UInt8]) throws(JSONError) -> NewsItem {
        var id: Int?
        var title: String?
        var (description, url, fullUrl, titleImageUrl, categoryType): (String?, String?, String?, String?, String?)
        var publishedText: String?
        try reader.readObject(itemNames) { index, reader throws(JSONError) in
            switch index {
            case 0: id = try readInteger(&reader, body: body)
            case 1: title = try reader.readString()
            case 2: description = try readOptionalString(&reader)
            case 3:
                guard try !reader.readNullIfPresent() else {
                    publishedText = nil
                    return
                }
                // Read from the page's bytes: a date in the form the API writes is copied as it is.
                var found = ""
                let written = try reader.readString { bytes throws(JSONError) in
                    let written = NewsDate.text(utf8: bytes)
                    if written == nil { found = String(decoding: bytes, as: UTF8.self) }
                    return written
                }
                guard let written else {
                    throw reader.error(.invalidValue("should be a date like '2026-01-14T00:00:00', found '\(found)'"))
                }
                publishedText = written
            case 4: url = try readOptionalString(&reader)
            case 5: fullUrl = try readOptionalString(&reader)
            case 6: titleImageUrl = try readOptionalString(&reader)
            case 7: categoryType = try readOptionalString(&reader)
            default:
                try reader.skipValueSyntax()
            }
        }
        guard let id else { throw reader.error(.missingMember("id")).inside(.key("id")) }
        guard let title else { throw reader.error(.missingMember("title")).inside(.key("title")) }
        return NewsItem(
            id: id, title: title, description: description, publishedText: publishedText, url: url, fullUrl: fullUrl,
            titleImageUrl: titleImageUrl, categoryType: categoryType)
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
