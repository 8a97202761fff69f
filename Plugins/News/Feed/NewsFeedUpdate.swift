/// The outcome of applying a fetched page to a ``NewsFeedState``.
public struct NewsFeedUpdate: Equatable, Sendable {
    /// The new state.
    public var state: NewsFeedState
    /// Items that were new.
    public var added: Int
    /// The ids of items dropped because the id was already loaded (or came earlier in the
    /// page), in page order, each as often as it was dropped.
    public var dropped: [Int]
}
