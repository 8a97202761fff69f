import ShopPluginAPI

/// `str substring FROM [TO]`: the characters from FROM up to (not including) TO, counted from
/// 0; a negative place counts from the end.
struct StrSubstringCommand: Command {
    static let from = Argument<Int>("FROM", "the first character, from 0 (negative: from the end)")
    static let to = Argument<Int?>("TO", "where to stop, not included (negative: from the end; the end by default)")

    let spec = CommandSpec(
        path: ["str", "substring"], abstract: "Part of text, from character FROM up to TO",
        discussion: """
            Characters are counted from 0 as a reader counts them ('é' is one); TO is not included, and a negative \
            FROM or TO counts from the end (-3 is the third from last). A place past the end, or TO before FROM, \
            is an error. Works on a string or on each string of a list (null stays null).
            """,
        arguments: [Self.from, Self.to],
        examples: [
            Example("'2026-01-15' | str substring 0 4"),
            Example("'report.csv' | str substring -3"),
        ],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let (from, to) = (try invocation[Self.from], try invocation[Self.to])
        return .value(
            try TextVerbs.eachString(try invocation.requireInput(), command: spec.name) {
                (text) throws(ItemConversion.Refusal) in
                let count = text.count
                let start = from < 0 ? count + from : from
                let end = to.map { $0 < 0 ? count + $0 : $0 } ?? count
                guard (0...count).contains(start) else {
                    throw ItemConversion.Refusal(
                        reason:
                            "FROM \(from) is past the end of \(Value.string(text).quoted) (\(Self.characters(count)))")
                }
                guard (0...count).contains(end) else {
                    throw ItemConversion.Refusal(
                        reason:
                            "TO \(to ?? count) is past the end of \(Value.string(text).quoted) (\(Self.characters(count)))"
                    )
                }
                guard start <= end else {
                    throw ItemConversion.Refusal(
                        reason: "TO \(to ?? count) comes before FROM \(from) in \(Value.string(text).quoted)")
                }
                let first = text.index(text.startIndex, offsetBy: start)
                return .string(String(text[first..<text.index(first, offsetBy: end - start)]))
            })
    }

    private static func characters(_ count: Int) -> String {
        count == 1 ? "1 character" : "\(count) characters"
    }
}
