import ShopFormats
import ShopPluginAPI

/// `feed load PATH`: replaces the feed with one read from a JSON file.
struct FeedLoadCommand: Command {
    let spec = CommandSpec(
        path: ["feed", "load"], abstract: "Load a feed from a JSON file",
        discussion: """
            The file holds {"units": [card, …]} or just the list of cards. A card has title, subtitle, \
            color (purple, green, yellow, orange, brown, blue, teal or #RRGGBB), an optional emoji and \
            details: a list of {title, emoji, paragraph}. Other fields are ignored. Any problem is reported \
            with its place (units[2].color) and nothing changes; otherwise feed.units is replaced and the \
            open card closed, in one undo step.
            """,
        arguments: [Self.file], fields: ["file", "cards", "details"])

    static let file = Argument<FilePath>("PATH", "a feed file in JSON")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let file = try invocation[Self.file]
        let name = file.text
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(file.absolute)
        } catch {
            throw FeedError.unreadable(error.naming(name))
        }
        let value: Value
        do {
            value = try Value(json: bytes)
        } catch {
            throw FeedError.malformedJSON(file: name, error)
        }
        let cards: [FeedCard]
        do {
            cards = try FeedDecoder.cards(fromFile: value)
        } catch {
            throw FeedError.invalidFeed(file: name, error)
        }
        try invocation.state.set(FeedKeys.cards, to: cards)
        if try invocation.state[FeedKeys.open] != nil { try invocation.state.set(FeedKeys.open, to: nil) }
        let details = cards.reduce(0) { $0 + $1.details.count }
        let summary = Record(pairs: [("file", .string(name)), ("cards", .int(cards.count)), ("details", .int(details))])
        let cardWord = cards.count == 1 ? "card" : "cards"
        let detailWord = details == 1 ? "detail unit" : "detail units"
        let text = "loaded \(cards.count) \(cardWord) (\(details) \(detailWord)) from '\(name)'"
        return CommandResult(.record(summary), view: MessageView(text: text))
    }
}
