/// Why a value is not a feed: the path of the offending value (`units[2].color`) and the reason.
struct FeedDataError: Error, Equatable, CustomStringConvertible {
    /// Where the problem is, such as `units[2].color`; empty for the whole value.
    var path: String
    /// What is wrong, in lowercase words.
    var reason: String

    var description: String {
        path.isEmpty ? reason : "\(path): \(reason)"
    }
}
