import ShopPluginAPI

/// `split [SEP]`: a string cut into a list of strings at SEP, or at runs of blanks.
struct SplitCommand: Command {
    static let separator = Argument<String?>("SEP", "where to cut; leave out to cut at blanks")

    let spec = CommandSpec(
        path: ["split"], abstract: "Cut a string into a list at SEP (or at blanks)",
        discussion: "Without SEP, runs of spaces, tabs and newlines separate the words and none are empty.",
        arguments: [Self.separator],
        examples: [Example("echo 'a,b,c' | split ,"), Example("echo 'one two  three' | split | length")],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let string = try TextVerbs.string(try invocation.requireInput(), command: spec.name)
        guard let separator = try invocation[Self.separator], !separator.isEmpty else {
            let words = string.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" })
            return .value(.list(words.map { .string(String($0)) }))
        }
        return .value(
            .list(string.split(separator: separator, omittingEmptySubsequences: false).map { .string(String($0)) }))
    }
}
