import ShopPluginAPI

/// The `feed` plugin: an app-store "Today" feed of big coloured cards, each opening a detail
/// page of smaller items, made for a terminal and a projector.
///
/// State: `feed.units` (the cards, the embedded feed until `feed load`) and `feed.open` (the
/// open card's number, or null). `feed` alone runs `feed show`: the open page, else the list.
public struct FeedPlugin: Plugin {
    public let name = "feed"
    public let version = "1.0.0"
    public let summary = "An app-store Today feed: coloured cards that open into detail pages"

    public init() {}

    public var stateKeys: [StateKeyDeclaration] {
        [FeedKeys.cards.declaration, FeedKeys.open.declaration]
    }

    public var commands: [any Command] {
        [FeedListCommand(), FeedShowCommand(), FeedOpenCommand(), FeedCloseCommand(), FeedLoadCommand()]
    }

    public var defaultVerb: String? { "show" }
}
