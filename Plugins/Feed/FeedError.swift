import ShopFormats
import ShopPluginAPI

/// Why a feed command failed. Each message is one lowercase line.
enum FeedError: Error, Equatable, CustomStringConvertible {
    /// `feed open N` with N outside 1…count.
    case noSuchCard(Int, count: Int)
    /// `feed close` while no card is open.
    case nothingOpen
    /// `feed load` could not read the file.
    case unreadable(FileError)
    /// `feed load` found text that is not JSON; `file` is the path as typed.
    case malformedJSON(file: String, JSONError)
    /// `feed load` found JSON that is not a feed.
    case invalidFeed(file: String, FeedDataError)

    var description: String {
        switch self {
        case .noSuchCard(let number, let count):
            count == 1
                ? "no card \(number): the feed has one card, number 1"
                : "no card \(number): the feed has cards 1 to \(count)"
        case .nothingOpen:
            "no card is open (open one with 'feed open N')"
        case .unreadable(let error):
            error.description
        case .malformedJSON(let file, let error):
            "cannot load '\(file)': \(error)"
        case .invalidFeed(let file, let error):
            "cannot load '\(file)': \(error)"
        }
    }
}
