import ShopPluginAPI

/// One news item as the API sends it.
///
/// Only `id` and `title` are required; every other field may be missing or `null`.
/// Unknown fields are ignored. Text is kept exactly as received (blanks included): the
/// command layer sanitizes it before it reaches a terminal.
///
/// The fields are kept as the values of the record that is the item's state value
/// (``value``), made once with the item: showing or storing a page of news builds no record
/// and copies no text, and copying an item is one retain. The id is kept beside it, so a
/// page's check for ids already loaded reads the list's own buffer, not every loaded item's
/// record.
public struct NewsItem: Hashable, Sendable, Identifiable {
    public let id: Int
    /// The values of `{id, title, description, publishedDate, url, fullUrl, titleImageUrl,
    /// categoryType}` (``fieldNames``, the same for every item, so not kept here: a copy of the
    /// item retains one object): absent fields `null`, the date as ``NewsDate/description``
    /// writes it.
    let fields: RecordValues

    public var title: String { text(at: 1) ?? "" }
    public var description: String? { text(at: 2) }
    public var publishedDate: NewsDate? { text(at: 3).flatMap(NewsDate.init(parsing:)) }
    public var url: String? { text(at: 4) }
    public var fullUrl: String? { text(at: 5) }
    public var titleImageUrl: String? { text(at: 6) }
    public var categoryType: String? { text(at: 7) }

    public init(
        id: Int, title: String, description: String? = nil, publishedDate: NewsDate? = nil,
        url: String? = nil, fullUrl: String? = nil, titleImageUrl: String? = nil, categoryType: String? = nil
    ) {
        self.init(
            id: id, title: title, description: description, publishedText: publishedDate?.description, url: url,
            fullUrl: fullUrl, titleImageUrl: titleImageUrl, categoryType: categoryType)
    }

    /// An item whose date is given as ``NewsDate/description`` writes it.
    init(
        id: Int, title: String, description: String?, publishedText: String?, url: String?, fullUrl: String?,
        titleImageUrl: String?, categoryType: String?
    ) {
        self.id = id
        var builder = Record.Builder(names: Self.fieldNames)
        builder.append(.int(id))
        builder.append(.string(title))
        builder.append(Value(description))
        builder.append(Value(publishedText))
        builder.append(Value(url))
        builder.append(Value(fullUrl))
        builder.append(Value(titleImageUrl))
        builder.append(Value(categoryType))
        fields = builder.record.values
    }

    /// An item whose fields are already a record's values under ``fieldNames``, the id first.
    init(id: Int, fields: RecordValues) {
        self.id = id
        self.fields = fields
    }

    /// The text of the field at `position` of ``fieldNames``; nil when it is null.
    private func text(at position: Int) -> String? {
        fields[position].stringValue
    }

    public static func == (lhs: NewsItem, rhs: NewsItem) -> Bool {
        lhs.id == rhs.id && lhs.fields.elementsEqual(rhs.fields)
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields { hasher.combine(field) }
    }
}
