/// One news item as the API sends it.
///
/// Only `id` and `title` are required; every other field may be missing or `null`.
/// Unknown fields are ignored. Text is kept exactly as received (blanks included): the
/// command layer sanitizes it before it reaches a terminal.
///
/// The texts sit behind one reference, so copying an item is one retain rather than one per
/// text; the id is kept beside it, so a page's check for ids already loaded reads the list's
/// own buffer, not every loaded item's object.
public struct NewsItem: Hashable, Sendable, Identifiable {
    private final class Fields: Sendable {
        let title: String
        let description: String?
        let publishedDate: NewsDate?
        let url: String?
        let fullUrl: String?
        let titleImageUrl: String?
        let categoryType: String?

        init(
            title: String, description: String?, publishedDate: NewsDate?, url: String?, fullUrl: String?,
            titleImageUrl: String?, categoryType: String?
        ) {
            self.title = title
            self.description = description
            self.publishedDate = publishedDate
            self.url = url
            self.fullUrl = fullUrl
            self.titleImageUrl = titleImageUrl
            self.categoryType = categoryType
        }
    }

    public let id: Int
    private let fields: Fields

    public var title: String { fields.title }
    public var description: String? { fields.description }
    public var publishedDate: NewsDate? { fields.publishedDate }
    public var url: String? { fields.url }
    public var fullUrl: String? { fields.fullUrl }
    public var titleImageUrl: String? { fields.titleImageUrl }
    public var categoryType: String? { fields.categoryType }

    public init(
        id: Int, title: String, description: String? = nil, publishedDate: NewsDate? = nil,
        url: String? = nil, fullUrl: String? = nil, titleImageUrl: String? = nil, categoryType: String? = nil
    ) {
        self.id = id
        fields = Fields(
            title: title, description: description, publishedDate: publishedDate, url: url, fullUrl: fullUrl,
            titleImageUrl: titleImageUrl, categoryType: categoryType)
    }

    public static func == (lhs: NewsItem, rhs: NewsItem) -> Bool {
        (lhs.id == rhs.id && lhs.fields === rhs.fields)
            || (lhs.id, lhs.title, lhs.description, lhs.publishedDate, lhs.url)
                == (rhs.id, rhs.title, rhs.description, rhs.publishedDate, rhs.url)
                && (lhs.fullUrl, lhs.titleImageUrl, lhs.categoryType) == (
                    rhs.fullUrl, rhs.titleImageUrl, rhs.categoryType
                )
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(description)
        hasher.combine(publishedDate)
        hasher.combine(url)
        hasher.combine(fullUrl)
        hasher.combine(titleImageUrl)
        hasher.combine(categoryType)
    }
}
