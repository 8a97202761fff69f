import ShopPluginAPI

extension NewsItem {
    /// The fields of an item record, in the order `news list` shows them; shared by every item record.
    static let fieldNames = FieldNames([
        "id", "title", "description", "publishedDate", "url", "fullUrl", "titleImageUrl", "categoryType",
    ])
    /// Their types, for Tab.
    static let fieldTypes: [String: ValueType] = [
        "id": .int, "title": .string, "description": .optional(.string), "publishedDate": .optional(.string),
        "url": .optional(.string), "fullUrl": .optional(.string), "titleImageUrl": .optional(.string),
        "categoryType": .optional(.string),
    ]

    /// The item as a state value: `{id, title, description, publishedDate, url, fullUrl,
    /// titleImageUrl, categoryType}`, absent fields as `null`, the date as `2026-01-14T00:00:00`:
    /// the values the item keeps, under the shared names, so nothing is built.
    var value: Value {
        .record(Record(names: Self.fieldNames, values: fields))
    }

    /// Reads an item record back; the reason names the field that is wrong.
    init(value: Value) throws(NewsValueError) {
        guard case .record(let record) = value else {
            throw NewsValueError("should be a record, found \(value.typeName)")
        }
        guard let id = record["id"]?.intValue else { throw NewsValueError("'id' should be an integer") }
        guard case .string(let title)? = record["title"] else { throw NewsValueError("'title' should be a string") }
        func text(_ name: String) throws(NewsValueError) -> String? {
            switch record[name] {
            case nil, .null?: return nil
            case .string(let string)?: return string
            default: throw NewsValueError("'\(name)' should be a string or null")
            }
        }
        var date: NewsDate?
        if let published = try text("publishedDate") {
            guard let parsed = NewsDate(parsing: published) else {
                throw NewsValueError("'publishedDate' should be a date like '2026-01-14T00:00:00'")
            }
            date = parsed
        }
        self.init(
            id: id, title: title, description: try text("description"), publishedDate: date, url: try text("url"),
            fullUrl: try text("fullUrl"), titleImageUrl: try text("titleImageUrl"),
            categoryType: try text("categoryType"))
    }
}
