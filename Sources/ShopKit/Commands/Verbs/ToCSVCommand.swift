/// `to csv`: rows as comma-separated text with a header line (RFC 4180 quoting).
struct ToCSVCommand: Command {
    let spec = CommandSpec(
        path: ["to", "csv"], abstract: "Turn rows into CSV text",
        examples: [Example("services list | to csv")], input: .required)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        var columns: [String] = []
        var seen: Set<String> = []
        for case .record(let record) in rows {
            for name in record.names.names where seen.insert(name).inserted { columns.append(name) }
        }
        var lines: [String] = []
        if columns.isEmpty {
            lines = rows.map { Self.field($0) }
        } else {
            lines.append(columns.map(Self.quote).joined(separator: ","))
            for row in rows {
                let record = row.recordValue
                lines.append(columns.map { Self.field(record?[$0] ?? .null) }.joined(separator: ","))
            }
        }
        return .value(.string(lines.joined(separator: "\n")))
    }

    private static func field(_ value: Value) -> String {
        value.isNull ? "" : quote(value.plainText)
    }

    private static func quote(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
