/// One news item as the API sends it.
///
/// Only `id` and `title` are required; every other field may be missing or `null`.
/// Unknown fields are ignored. Text is kept exactly as received (blanks included): the
/// command layer sanitizes it before it reaches a terminal.
public struct NewsItem: Equatable, Hashable, Sendable, Identifiable {
    public var id: Int
    public var title: String
    public var description: String?
    public var publishedDate: NewsDate?
    public var url: String?
    public var fullUrl: String?
    public var titleImageUrl: String?
    public var categoryType: String?

    public init(
        id: Int, title: String, description: String? = nil, publishedDate: NewsDate? = nil,
        url: String? = nil, fullUrl: String? = nil, titleImageUrl: String? = nil, categoryType: String? = nil
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
