/// What ``NewsFeedState/nextStep(pageSize:)`` decided.
public enum NewsFeedStep: Equatable, Sendable {
    /// Request this page.
    case fetch(page: Int)
    /// Make no request; the reason is a message for the user, not an error.
    case stop(NewsStopReason)
}
