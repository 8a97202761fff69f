import ShopPluginAPI

/// `str starts-with TEXT` and `str ends-with TEXT`: whether text begins or ends with TEXT.
struct StrAffixCommand: Command {
    /// Which end of the text is checked.
    enum End: String, Sendable {
        case startsWith = "starts-with"
        case endsWith = "ends-with"
    }

    static let affix = Argument<String>("TEXT", "the text to look for (as written, case counts)")

    let end: End
    let spec: CommandSpec

    init(_ end: End) {
        self.end = end
        spec = CommandSpec(
            path: ["str", end.rawValue],
            abstract: end == .startsWith ? "Whether text starts with TEXT" : "Whether text ends with TEXT",
            discussion: "Yields true or false for a string, a list of them for a list of strings (null stays null). "
                + "To keep the matching records, use where: where name matches '^Wash'.",
            arguments: [Self.affix],
            examples: [
                Example(
                    end == .startsWith ? "'Wash and iron' | str starts-with Wash" : "'report.csv' | str ends-with .csv")
            ],
            input: .required)
    }

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let affix = try invocation[Self.affix]
        let startsWith = end == .startsWith
        return .value(
            try TextVerbs.eachString(try invocation.requireInput(), command: spec.name) { text in
                .bool(startsWith ? text.hasPrefix(affix) : text.hasSuffix(affix))
            })
    }
}
