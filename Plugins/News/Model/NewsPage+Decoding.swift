import ShopFormats
import ShopPluginAPI

extension NewsPage {
    /// Reads a page from a response body with ShopValues' pull reader, in one pass.
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
    /// skipped, checked only for syntax. An item's names are its record's, so a member's index
    /// is its field's position.
    private static let pageNames = JSONMemberNames(["news", "totalCount"])
    private static let itemNames = JSONMemberNames(NewsItem.fieldNames.names)

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

    /// One item; `id` and `title` are required. Its strings stay in the page's bytes
    /// (``Record/TextBuilder``) until something reads them.
    private static func readItem(_ reader: inout JSONReader, body: [UInt8]) throws(JSONError) -> NewsItem {
        var fields = Record.TextBuilder(names: NewsItem.fieldNames, text: body)
        var id: Int?
        var hasTitle = false
        try reader.readObject(itemNames) { index, reader throws(JSONError) in
            switch index {
            case 0:
                let read = try readInteger(&reader, body: body)
                id = read
                fields.set(0, to: .int(read))
            case 1:
                fields.set(1, toString: try reader.scanString())
                hasTitle = true
            case 3:
                guard try !reader.readNullIfPresent() else { return }
                try readDate(&reader, into: &fields, at: 3)
            case let index?:
                guard try !reader.readNullIfPresent() else { return }
                fields.set(index, toString: try reader.scanString())
            case nil:
                try reader.skipValueSyntax()
            }
        }
        guard let id else { throw reader.error(.missingMember("id")).inside(.key("id")) }
        guard hasTitle else { throw reader.error(.missingMember("title")).inside(.key("title")) }
        return NewsItem(id: id, fields: fields.record.values)
    }

    /// A date, kept as it is when it is in the form the API writes, else read and written so.
    private static func readDate(
        _ reader: inout JSONReader, into fields: inout Record.TextBuilder, at position: Int
    ) throws(JSONError) {
        let scanned = try reader.scanString()
        guard try !reader.withBytes(of: scanned, NewsDate.isWrittenAsDescription) else {
            fields.set(position, toString: scanned)
            return
        }
        let text = reader.string(of: scanned)
        guard let date = NewsDate(parsing: text) else {
            throw reader.error(.invalidValue("should be a date like '2026-01-14T00:00:00', found '\(text)'"))
        }
        fields.set(position, to: .string(date.description))
    }

    /// A whole number; a number with a fraction or too large says which (`found 1.5`).
    private static func readInteger(_ reader: inout JSONReader, body: [UInt8]) throws(JSONError) -> Int {
        guard try reader.peekKind() == .number else { return try reader.readInt() }
        let start = reader.offset
        let number = try reader.readNumber()
        guard case .int(let value)? = number.number else {
            let text = String(decoding: body[start..<reader.offset], as: UTF8.self)
            throw reader.error(.typeMismatch(expected: "an integer", found: text), at: start)
        }
        return value
    }
}
