/// Why there is nothing more to load.
public enum NewsStopReason: Equatable, Sendable, CustomStringConvertible {
    /// The loaded count reached the source's `totalCount`.
    case reachedTotal(Int)
    /// The last page was shorter than the page size, or empty.
    case sourceExhausted

    public var description: String {
        switch self {
        case .reachedTotal(let total): "all \(total) news loaded"
        case .sourceExhausted: "no more news from this source"
        }
    }
}
