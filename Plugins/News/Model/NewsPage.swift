/// One page of the news API: `{"news":[item…],"totalCount":Int}`.
///
/// `totalCount` may be missing or `null` (the total is then unknown) but never negative.
/// Decode pages with ``decode(_:)``, which turns every failure into a
/// ``NewsError/decoding(path:problem:)`` naming the JSON field, such as `news[3].id`.
public struct NewsPage: Equatable, Sendable {
    /// The page's items, in the server's order (JSON key `news`).
    public var items: [NewsItem]
    /// How many items the source has in all, when it says.
    public var totalCount: Int?

    public init(items: [NewsItem], totalCount: Int?) {
        self.items = items
        self.totalCount = totalCount
    }
}
