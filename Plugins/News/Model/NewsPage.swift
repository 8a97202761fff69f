import Foundation

/// One page of the news API: `{"news":[item…],"totalCount":Int}`.
///
/// `totalCount` may be missing or `null` (the total is then unknown) but never negative.
/// Decode pages with ``decode(_:)``, which turns every failure into a
/// ``NewsError/decoding(path:problem:)`` naming the JSON field, such as `news[3].id`.
public struct NewsPage: Decodable, Equatable, Sendable {
    /// The page's items, in the server's order (JSON key `news`).
    public var items: [NewsItem]
    /// How many items the source has in all, when it says.
    public var totalCount: Int?

    public init(items: [NewsItem], totalCount: Int?) {
        self.items = items
        self.totalCount = totalCount
    }

    private enum CodingKeys: String, CodingKey {
        case items = "news"
        case totalCount
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        items = try c.decode([NewsItem].self, forKey: .items)
        totalCount = try c.decodeIntegerIfPresent(forKey: .totalCount)
        if let totalCount, totalCount < 0 {
            throw DecodingError.dataCorruptedError(
                forKey: .totalCount, in: c, debugDescription: "should not be negative, found \(totalCount)")
        }
    }

    /// Decodes a page from a response body: a well-formed page through the fast reader
    /// (``read(_:)``), anything else through `JSONDecoder` for an error naming the field.
    public static func decode(_ body: Data) throws(NewsError) -> NewsPage {
        if let page = read(body) { return page }
        do {
            return try JSONDecoder().decode(NewsPage.self, from: body)
        } catch let error as DecodingError {
            throw NewsError(error, body: body)
        } catch {
            throw .decoding(path: "", problem: "\(error)")
        }
    }
}
