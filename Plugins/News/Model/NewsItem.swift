/// One news item as the API sends it.
///
/// Only `id` and `title` are required; every other field may be missing or `null`.
/// Unknown fields are ignored. Text is kept exactly as received (blanks included): the
/// command layer sanitizes it before it reaches a terminal.
///
/// The fields sit behind one reference: every page `news more` appends copies the list of
/// loaded items (undo keeps the list before it), and copying an item is then one retain
/// rather than one per text.
public struct NewsItem: Hashable, Sendable, Identifiable {
    private final class Fields: Sendable {
        let id: Int
        let title: String
        let description: String?
        let publishedDate: NewsDate?
        let url: String?
        let fullUrl: String?
        let titleImageUrl: String?
        let categoryType: String?

        init(
            id: Int, title: String, description: String?, publishedDate: NewsDate?, url: String?,
            fullUrl: String?, titleImageUrl: String?, categoryType: String?
        ) {
            self.id = id
            self.title = title
            self.description = description
            self.publishedDate = publishedDate
            self.url = url
            self.fullUrl = fullUrl
            self.titleImageUrl = titleImageUrl
            self.categoryType = categoryType
        }
    }

    private let fields: Fields

    public var id: Int { fields.id }
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
        fields = Fields(
            id: id, title: title, description: description, publishedDate: publishedDate, url: url,
            fullUrl: fullUrl, titleImageUrl: titleImageUrl, categoryType: categoryType)
    }

    public static func == (lhs: NewsItem, rhs: NewsItem) -> Bool {
        lhs.fields === rhs.fields
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
