import ShopPluginAPI

/// `str replace OLD NEW [--regex]`: every OLD in text replaced by NEW; with `--regex`, OLD is a
/// PCRE2 pattern and NEW may use its groups (`$1`).
struct StrReplaceCommand: Command {
    static let old = Argument<String>("OLD", "the text to find, or with --regex a pattern")
    static let new = Argument<String>("NEW", "what to put in its place ($1, ${name} with --regex; $$ for $)")
    static let regex = Flag("--regex", "OLD is a regular expression (PCRE2)")

    let spec = CommandSpec(
        path: ["str", "replace"], abstract: "Replace every OLD with NEW in text",
        discussion: "OLD is found as written, or with --regex as a regular expression in PCRE2's syntax, matched "
            + "in UTF-8 with Unicode classes under the same limits as matches ('pattern too complex' instead of "
            + "running for ever; Ctrl-C stops it). Works on a string or on each string of a list.",
        arguments: [Self.old, Self.new], options: [Self.regex],
        examples: [
            Example("'2026-01-15' | str replace - /"),
            Example("'15/01/2026' | str replace --regex '(\\d+)/(\\d+)/(\\d+)' '$3-$2-$1'"),
        ],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let (old, new) = (try invocation[Self.old], try invocation[Self.new])
        guard !old.isEmpty else { throw VerbError.invalid(command: spec.name, reason: "OLD must not be empty") }
        let pattern: Pattern?
        do throws(PatternError) {
            pattern = invocation[Self.regex] ? try Pattern(old) : nil
        } catch {
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
        return .value(
            try TextVerbs.eachString(try invocation.requireInput(), command: spec.name) {
                (text) throws(ItemConversion.Refusal) in
                guard let pattern else { return .string(text.replacing(old, with: new)) }
                do throws(PatternError) {
                    return .string(try pattern.replacingMatches(in: text, with: new))
                } catch {
                    throw ItemConversion.Refusal(reason: error.description)
                }
            })
    }
}
