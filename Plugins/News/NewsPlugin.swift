import ShopPluginAPI

/// The `news` plugin: a paginated news feed read from an HTTP API or the built-in snapshot,
/// with an image loader.
///
/// State: `news.items`, `news.page`, `news.total`, `news.exhausted`, `news.source`,
/// written only after a load fully succeeded. What one session keeps besides (the load
/// guard, source settings, HTTP clients, the image caches) lives in a ``NewsSession``.
/// Bare `news` lists.
public struct NewsPlugin: Plugin {
    public let name = "news"
    public let version = "1.0.0"
    public let summary = "A paginated news feed over HTTP, with an image cache"

    public init() {}

    public var stateKeys: [StateKeyDeclaration] { NewsKeys.declarations }

    public var commands: [any Command] {
        [
            NewsListCommand(), NewsMoreCommand(), NewsRefreshCommand(), NewsShowCommand(), NewsOpenCommand(),
            NewsImageCommand(), NewsSourceCommand(),
        ]
    }

    public var defaultVerb: String? { "list" }
}
