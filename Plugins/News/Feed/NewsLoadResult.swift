/// What a load did.
public enum NewsLoadResult: Equatable, Sendable {
    /// Page `page` arrived: `added` new items, and the ids of those `dropped` as already loaded.
    case loaded(page: Int, added: Int, dropped: [Int])
    /// Nothing was requested.
    case stopped(NewsStopReason)
}
