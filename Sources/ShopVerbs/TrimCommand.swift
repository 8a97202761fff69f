import ShopPluginAPI

/// `trim`: blanks stripped from both ends of a string, or of each string of a list.
struct TrimCommand: Command {
    let spec = CommandSpec(
        path: ["trim"], abstract: "Strip blanks from both ends of strings",
        examples: [Example("echo '  padded  ' | trim")],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        .value(try TextVerbs.map(try invocation.requireInput(), command: spec.name, Self.trimmed))
    }

    static func trimmed(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let start = text.firstIndex(where: { !blank($0) }), let end = text.lastIndex(where: { !blank($0) }) else {
            return ""
        }
        return String(text[start...end])
    }
}
