import Foundation

/// A successful HTTP response with its whole body.
public struct HTTPResponse: Sendable, Equatable {
    public var url: URL
    public var statusCode: Int
    /// The `Content-Type` header's media type, lowercased, without parameters (`text/html`).
    public var contentType: String?
    public var body: Data

    public init(url: URL, statusCode: Int, contentType: String?, body: Data) {
        self.url = url
        self.statusCode = statusCode
        self.contentType = contentType
        self.body = body
    }
}
