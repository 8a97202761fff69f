import Foundation
import ShopKit

extension NewsPage {
    /// The page read straight from the bytes with ShopKit's pull reader, or nil when the
    /// bytes are anything but a well-formed page.
    ///
    /// The fast path of ``decode(_:)``: several times quicker than `JSONDecoder`, it accepts
    /// exactly the pages `init(from:)` accepts (unknown members skipped, optional members
    /// missing or `null`) and gives up on anything else, leaving the error message to the
    /// `Decodable` path, which names the field.
    static func read(_ body: Data) -> NewsPage? {
        let bytes = [UInt8](body)
        return try? JSONReader.withReader(over: bytes) { reader throws(JSONError) -> NewsPage? in
            var items: [NewsItem]?
            var totalCount: Int?
            var valid = true
            try reader.readObject { key, reader throws(JSONError) in
                switch key {
                case "news":
                    var read: [NewsItem] = []
                    try reader.readArray { _, reader throws(JSONError) in
                        if let item = try readItem(&reader) { read.append(item) } else { valid = false }
                    }
                    items = read
                case "totalCount":
                    if try reader.readNullIfPresent() {
                        totalCount = nil
                    } else {
                        let count = try reader.readInt()
                        if count < 0 { valid = false }
                        totalCount = count
                    }
                default:
                    _ = try reader.readValue()
                }
            }
            guard valid, let items else { return nil }
            return NewsPage(items: items, totalCount: totalCount)
        } ?? nil
    }

    /// One item, or nil when a member has the wrong type or `id` or `title` is missing.
    private static func readItem(_ reader: inout JSONReader) throws(JSONError) -> NewsItem? {
        var id: Int?
        var title: String?
        var fields: [String: String] = [:]
        var date: NewsDate?
        var valid = true
        try reader.readObject { key, reader throws(JSONError) in
            switch key {
            case "id":
                id = try reader.readInt()
            case "title":
                title = try reader.readString()
            case "description", "url", "fullUrl", "titleImageUrl", "categoryType", "publishedDate":
                if try reader.readNullIfPresent() {
                    fields[key] = nil
                    if key == "publishedDate" { date = nil }
                    return
                }
                let text = try reader.readString()
                if key == "publishedDate" {
                    date = NewsDate(parsing: text)
                    if date == nil { valid = false }
                }
                fields[key] = text
            default:
                _ = try reader.readValue()
            }
        }
        guard valid, let id, let title else { return nil }
        return NewsItem(
            id: id, title: title, description: fields["description"], publishedDate: date, url: fields["url"],
            fullUrl: fields["fullUrl"], titleImageUrl: fields["titleImageUrl"], categoryType: fields["categoryType"])
    }
}
