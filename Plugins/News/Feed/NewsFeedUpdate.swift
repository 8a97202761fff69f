/// The outcome of applying a fetched page to a ``NewsFeedState``.
public struct NewsFeedUpdate: Equatable, Sendable {
    /// The new state.
    public var state: NewsFeedState
    /// Items that were new.
    public var added: Int
    /// Items dropped because their id was already loaded (or repeated within the page).
    public var duplicates: Int
}
