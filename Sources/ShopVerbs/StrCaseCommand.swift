import ShopPluginAPI

/// `str upcase` and `str downcase`: text in capitals or in small letters (Unicode's rules,
/// without a locale).
struct StrCaseCommand: Command {
    /// Which case the text takes.
    enum Case: String, Sendable {
        case upcase, downcase
    }

    let letterCase: Case
    let spec: CommandSpec

    init(_ letterCase: Case) {
        self.letterCase = letterCase
        spec = CommandSpec(
            path: ["str", letterCase.rawValue],
            abstract: letterCase == .upcase ? "Text in capital letters" : "Text in small letters",
            discussion: "Works on a string or on each string of a list (null stays null).",
            examples: [
                Example("'Straße' | str \(letterCase.rawValue)"),
                Example("services list | get title | str \(letterCase.rawValue)"),
            ],
            input: .required)
    }

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let upcase = letterCase == .upcase
        return .value(
            try TextVerbs.eachString(try invocation.requireInput(), command: spec.name) { text in
                .string(upcase ? text.uppercased() : text.lowercased())
            })
    }
}
