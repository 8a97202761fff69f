/// What a load did.
public enum NewsLoadResult: Equatable, Sendable {
    /// Page `page` arrived: `added` new items, `duplicates` dropped.
    case loaded(page: Int, added: Int, duplicates: Int)
    /// Nothing was requested.
    case stopped(NewsStopReason)
}
