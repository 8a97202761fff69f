import ShopPluginAPI

/// `history [N] [--all] [--grep TEXT]`: this session's commands, or every session's.
struct HistoryListCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["history", "list"], abstract: "List commands typed at the prompt ('history' alone too)",
        discussion: "Numbers are the same in every session: '!N' runs number N again, 'history forget N' deletes it.",
        arguments: [Self.count], options: [Self.all, Self.grep],
        examples: [Example("history 5"), Example("history --all --grep services")],
        fields: ["id", "started", "ms", "status", "command"], history: .notReplayable)

    static let count = Argument<Int?>("N", "how many of the newest to show")
    static let all = Flag("--all", "every session, not just this one")
    static let grep = Option<String?>("--grep", value: "TEXT", "only commands containing TEXT")

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let scope: HistoryScope = invocation[Self.all] ? .all : .session(session.sessionID)
        let limit = try invocation.count(Self.count)
        let entries = try session.history.entries(in: scope, matching: try invocation[Self.grep], limit: limit)
        let names = FieldNames(spec.fields)
        let offset = Double(invocation.environment.clock.utcOffset)
        let rows: [Value] = entries.map { entry in
            .record(
                Record(
                    names: names,
                    values: [
                        .int(Int(entry.id)), .string(Self.format(entry.startedAt + offset)),
                        .int(Int((entry.duration * 1000).rounded())), .string(entry.status.rawValue),
                        .string(entry.text),
                    ]))
        }
        return .value(.list(rows))
    }

    /// `2026-01-15 10:00:03` for a local time in seconds since 1970.
    static func format(_ seconds: Double) -> String {
        let date = CalendarDate(secondsSince1970: seconds)
        let secondOfDay = Int(seconds - Double(date.daysSince1970) * 86_400)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(date.year)-\(two(date.month))-\(two(date.day)) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
    }
}
