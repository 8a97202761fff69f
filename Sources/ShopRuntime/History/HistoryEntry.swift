/// One command of a session's history, as stored.
public struct HistoryEntry: Sendable, Equatable {
    /// The number shown by `history` and used by `!N` and `history forget N`; unique across sessions.
    public var id: Int64
    /// The session the command was typed in.
    public var session: String
    /// When the command started, in seconds since 1970.
    public var startedAt: Double
    /// The command line exactly as typed.
    public var text: String
    /// How long the command ran, in seconds.
    public var duration: Double
    /// How the command ended.
    public var status: HistoryStatus

    public init(
        id: Int64, session: String, startedAt: Double, text: String, duration: Double, status: HistoryStatus
    ) {
        self.id = id
        self.session = session
        self.startedAt = startedAt
        self.text = text
        self.duration = duration
        self.status = status
    }
}

/// How a recorded command ended.
public enum HistoryStatus: String, Sendable, Equatable, CaseIterable {
    case succeeded = "ok"
    case failed = "error"
    case interrupted = "interrupted"
}
