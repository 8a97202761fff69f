import Synchronization

/// The history a REPL session records to: a primary store (the SQLite database), with this
/// session's commands kept in memory too, so that no command typed is lost whatever happens
/// to the primary mid-session:
///
/// - locked by another process: the command waits in memory and is written before the next
///   one, and the next, until the lock is gone, and at the latest as the session ends
///   (``writeWaitingCommands(attempts:)``); said once for as long as it lasts;
/// - its file removed (the primary opens the path again, a new database): this session's
///   commands are written to the new file; said each time it happens;
/// - any other failure (the file corrupted or unwritable): the session goes on in memory,
///   said at once; the primary is not used again.
///
/// `history`, `!!`, `!N`, `history save` and Up keep every command of the session through all
/// of it. It also counts forgets, so the line editor can drop forgotten lines at once.
///
/// ```swift
/// let history = SessionHistoryStore(primary: try SQLiteHistoryStore(path: path)) { notice in
///     warn("\(notice)")
/// }
/// ```
public final class SessionHistoryStore: HistoryStoring {
    /// What the session is told about its history, once per event.
    public enum Notice: Sendable, Equatable, CustomStringConvertible {
        /// The primary failed for good: the rest of the session is in memory.
        case memoryOnly(HistoryError)
        /// The primary cannot be written now: commands wait in memory for the next write.
        case waiting(HistoryError)
        /// The primary's file was removed and made again, with this many commands of the session.
        case recreated(path: String, commands: Int)
        /// The session ended with this many commands that the primary could not take.
        case unwritten(commands: Int)

        public var description: String {
            switch self {
            case .memoryOnly(let error): "\(error); using in-memory history for this session"
            case .waiting(let error):
                "\(error); this session's commands are kept in memory and written once it is free"
            case .recreated(let path, let commands):
                "history database '\(path)' was removed; created it again with this session's \(commands) "
                    + (commands == 1 ? "command" : "commands")
            case .unwritten(let commands):
                "the history database is still locked by another process; this session's last \(commands) "
                    + (commands == 1 ? "command was" : "commands were") + " not written to it"
            }
        }
    }

    private let primary: any HistoryStoring
    /// This session's commands, with the ids the primary gave them (or, while they wait, ids of
    /// their own).
    private let memory = InMemoryHistoryStore()
    private let onNotice: @Sendable (Notice) -> Void
    /// Held for each whole call, so commands reach the primary in the order they were typed.
    private let state = Mutex(State())

    private struct State {
        var primaryFailed = false
        /// Whether the session was told the primary is locked, since it last worked.
        var toldWaiting = false
        /// Ids (in ``memory``) of commands not yet written to the primary, oldest first.
        var waiting: [Int64] = []
        var forgetCount = 0
    }

    /// Records to `primary`; `onNotice` is told what happens to it.
    public init(primary: any HistoryStoring, onNotice: @escaping @Sendable (Notice) -> Void) {
        self.primary = primary
        self.onNotice = onNotice
    }

    /// Whether the primary failed for good and the session's history is now in memory only.
    public var usesMemoryOnly: Bool { state.withLock { $0.primaryFailed } }

    /// How many `forget` calls removed something; changes when the line editor should reload.
    public var forgetCount: Int { state.withLock { $0.forgetCount } }

    /// Writes the commands still waiting for the primary, as the session ends: tried up to
    /// `attempts` times while the primary stays locked, each try waiting as long as the primary
    /// waits for a lock. Commands still unwritten after that are said.
    public func writeWaitingCommands(attempts: Int = 6) {
        state.withLock { state in
            for _ in 0..<attempts where !state.waiting.isEmpty && !state.primaryFailed {
                _ = fromPrimary(&state, writing: true) { () throws(HistoryError) in }
            }
            guard !state.waiting.isEmpty, !state.primaryFailed else { return }
            onNotice(.unwritten(commands: state.waiting.count))
        }
    }

    public func record(_ record: HistoryRecord) throws(HistoryError) -> Int64 {
        try state.withLock { state throws(HistoryError) in
            if let id = fromPrimary(&state, writing: true, { () throws(HistoryError) in try primary.record(record) }) {
                memory.insert(
                    HistoryEntry(
                        id: id, session: record.session, startedAt: record.startedAt, text: record.text,
                        duration: record.duration, status: record.status))
                return id
            }
            let id = try memory.record(record)
            if !state.primaryFailed { state.waiting.append(id) }
            return id
        }
    }

    public func entries(in scope: HistoryScope, matching text: String?, limit: Int?) throws(HistoryError)
        -> [HistoryEntry]
    {
        try state.withLock { state throws(HistoryError) in
            guard
                let stored = fromPrimary(
                    &state, writing: false,
                    { () throws(HistoryError) in
                        try primary.entries(in: scope, matching: text, limit: limit)
                    })
            else { return try memory.entries(in: scope, matching: text, limit: limit) }
            var waiting: [HistoryEntry] = []
            for id in state.waiting {
                guard let entry = try memory.entry(id: id), scope.includes(entry.session) else { continue }
                if text.map({ entry.text.contains($0) }) ?? true { waiting.append(entry) }
            }
            let all = stored + waiting
            return limit.map { Array(all.suffix(max(0, $0))) } ?? all
        }
    }

    public func entry(id: Int64) throws(HistoryError) -> HistoryEntry? {
        try state.withLock { state throws(HistoryError) in
            if state.waiting.contains(id) { return try memory.entry(id: id) }
            if let entry = fromPrimary(
                &state, writing: false, { () throws(HistoryError) in try primary.entry(id: id) }),
                let entry
            {
                return entry
            }
            return try memory.entry(id: id)
        }
    }

    public func forget(id: Int64) throws(HistoryError) -> Int {
        try forget { store throws(HistoryError) in try store.forget(id: id) }
    }

    public func forget(matching text: String) throws(HistoryError) -> Int {
        try forget { store throws(HistoryError) in try store.forget(matching: text) }
    }

    /// Forgets from memory and the primary; counted when anything went.
    private func forget(_ body: (any HistoryStoring) throws(HistoryError) -> Int) throws(HistoryError) -> Int {
        try state.withLock { state throws(HistoryError) in
            let removed = try body(memory)
            state.waiting = state.waiting.filter { id in (try? memory.entry(id: id)) != nil }
            let total =
                fromPrimary(&state, writing: true, { () throws(HistoryError) in try body(primary) }) ?? removed
            if total > 0 { state.forgetCount += 1 }
            return total
        }
    }

    /// The primary's answer, after the commands waiting for it were written when `writing`;
    /// nil when it cannot answer now (the caller uses memory). A file made again gets the
    /// session's commands and the call is tried once more.
    private func fromPrimary<Answer>(
        _ state: inout State, writing: Bool, _ body: () throws(HistoryError) -> Answer
    ) -> Answer? {
        var writes = writing
        for _ in 0..<2 {
            guard !state.primaryFailed else { return nil }
            do throws(HistoryError) {
                if writes { try writeWaiting(&state) }
                let answer = try body()
                if writes { state.toldWaiting = false }
                return answer
            } catch .replaced(let path) {
                state.waiting = (try? memory.entries(in: .all, matching: nil, limit: nil).map(\.id)) ?? []
                onNotice(.recreated(path: path, commands: state.waiting.count))
                writes = true
            } catch .locked(let path) {
                if !state.toldWaiting { onNotice(.waiting(.locked(path: path))) }
                state.toldWaiting = true
                return nil
            } catch {
                state.primaryFailed = true
                state.waiting = []
                onNotice(.memoryOnly(error))
                return nil
            }
        }
        return nil
    }

    /// Writes the commands waiting in memory to the primary, oldest first, each taking the id
    /// the primary gives it (ids only grow, so the newest entry with a waiting id is the
    /// waiting one even when an earlier one has just been given that id).
    private func writeWaiting(_ state: inout State) throws(HistoryError) {
        while let id = state.waiting.first {
            if let entry = try memory.entry(id: id) {
                let stored = try primary.record(
                    HistoryRecord(
                        session: entry.session, startedAt: entry.startedAt, text: entry.text,
                        duration: entry.duration, status: entry.status))
                memory.renumber(id, to: stored)
            }
            state.waiting.removeFirst()
        }
    }
}
